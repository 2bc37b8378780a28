import { describe, expect, it } from 'vitest';
import { LOCALES } from '@wallet/contract/constants';
import { ERROR_CODES } from '@wallet/contract/errors';
import { bonusTexts } from './bonus-texts';
import { resources } from './i18n';
import { rewardsTexts } from './rewards-texts';
import { keyPaths, leaves } from '../test/translation-checks';

describe('translations', () => {
  it.each(LOCALES)('%s translates every error code of the contract', (locale) => {
    const errors: Record<string, unknown> = resources[locale].errors;
    const missing = ERROR_CODES.filter((code) => typeof errors[code] !== 'string' || errors[code] === '');
    expect(missing).toEqual([]);
  });

  // `bonus` and `rewards` come with the screens that use them (lib/bonus-texts.ts,
  // lib/rewards-texts.ts), not in the first download.
  const namespaces = (locale: (typeof LOCALES)[number]) => ({
    common: resources[locale].common,
    bonus: bonusTexts[locale],
    rewards: rewardsTexts[locale],
  });

  it.each(LOCALES)('%s has exactly the interface texts English has, none empty', (locale) => {
    for (const [name, texts] of Object.entries(namespaces(locale))) {
      expect(keyPaths(texts).sort(), name).toEqual(keyPaths(namespaces('en')[name as 'common']).sort());
      expect(
        leaves(texts).every((text) => typeof text === 'string' && text.trim() !== ''),
        name,
      ).toBe(true);
    }
  });

  it('writes Thai in Thai script and Lao in Lao script', () => {
    const thai = /[\u0E00-\u0E7F]/;
    const lao = /[\u0E80-\u0EFF]/;
    const texts = (locale: 'th' | 'lo') => leaves(namespaces(locale)).join(' ');
    expect(texts('th')).toMatch(thai);
    expect(texts('th')).not.toMatch(lao);
    expect(texts('lo')).toMatch(lao);
    expect(texts('lo')).not.toMatch(thai);
  });
});
