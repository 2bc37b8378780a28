import { describe, expect, it } from 'vitest';
import { LOCALES } from '@wallet/contract/constants';
import { SPIN_CODES } from '@wallet/contract/errors';
import i18next from '../../lib/i18n';
import { spinErrorText, spinTexts } from './spin-texts';

/** Every key path of a nested translation object, e.g. "wheel.spin". */
function keyPaths(value: unknown, prefix = ''): string[] {
  if (typeof value !== 'object' || value === null) return [prefix];
  return Object.entries(value).flatMap(([key, child]) => keyPaths(child, prefix ? `${prefix}.${key}` : key));
}

function leaves(value: unknown): unknown[] {
  if (typeof value !== 'object' || value === null) return [value];
  return Object.values(value).flatMap(leaves);
}

// The same checks lib/i18n.test.ts makes of the namespaces in lib/; this one comes with the feature.
describe('spin texts', () => {
  it.each(LOCALES)('%s has exactly the texts English has, none empty', (locale) => {
    expect(keyPaths(spinTexts[locale]).sort()).toEqual(keyPaths(spinTexts.en).sort());
    expect(leaves(spinTexts[locale]).every((text) => typeof text === 'string' && text.trim() !== '')).toBe(
      true,
    );
  });

  it.each(LOCALES)('%s has spin.error.{code} for every spin code of the contract', async (locale) => {
    await i18next.changeLanguage(locale);
    const errors = spinTexts[locale].error as Record<string, string | undefined>;
    expect(SPIN_CODES.filter((code) => !errors[code])).toEqual([]);
    for (const code of SPIN_CODES) expect(spinErrorText(code)).toBe(errors[code]);
  });

  it('tells other codes (a lost connection) with their usual text', async () => {
    await i18next.changeLanguage('en');
    expect(spinErrorText('NETWORK_ERROR')).toBe(i18next.t('NETWORK_ERROR', { ns: 'errors' }));
    expect(spinErrorText('NO_SUCH_CODE')).toBe('NO_SUCH_CODE');
  });

  it('writes Thai in Thai script and Lao in Lao script', () => {
    const thai = /[\u0E00-\u0E7F]/;
    const lao = /[\u0E80-\u0EFF]/;
    const texts = (locale: 'th' | 'lo') => leaves(spinTexts[locale]).join(' ');
    expect(texts('th')).toMatch(thai);
    expect(texts('th')).not.toMatch(lao);
    expect(texts('lo')).toMatch(lao);
    expect(texts('lo')).not.toMatch(thai);
  });
});
