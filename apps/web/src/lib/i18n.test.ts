import { afterEach, describe, expect, it } from 'vitest';
import { LOCALES } from '@wallet/contract/constants';
import { ERROR_CODES } from '@wallet/contract/errors';
import { bonusTexts } from './bonus-texts';
import { resources } from '../test/locales';
import enConsoleErrors from '../locales/en/console-errors.json';
import loConsoleErrors from '../locales/lo/console-errors.json';
import thConsoleErrors from '../locales/th/console-errors.json';

import { signedInErrorTexts } from './signed-in-error-texts';
import { limitsTexts } from './limits-texts';
import { depositTexts } from './deposit-texts';

const consoleErrors = { th: thConsoleErrors, lo: loConsoleErrors, en: enConsoleErrors } as const;
import i18next, { chooseLocale, loadLocale } from './i18n';
import { rewardsTexts } from './rewards-texts';
import { keyPaths, leaves } from '../test/translation-checks';

describe('translations', () => {
  it.each(LOCALES)('%s translates every error code of the contract', (locale) => {
    // The console's own codes come with its chunk (features/console/console-texts.ts), the play
    // limits' with the signed-in shell (lib/signed-in-error-texts.ts).
    const errors: Record<string, unknown> = {
      ...resources[locale].errors,
      ...consoleErrors[locale],
      ...signedInErrorTexts[locale],
    };
    const missing = ERROR_CODES.filter((code) => typeof errors[code] !== 'string' || errors[code] === '');
    expect(missing).toEqual([]);
  });

  // `bonus` and `rewards` come with the screens that use them (lib/bonus-texts.ts,
  // lib/rewards-texts.ts), not in the first download.
  const namespaces = (locale: (typeof LOCALES)[number]) => ({
    common: resources[locale].common,
    bonus: bonusTexts[locale],
    rewards: rewardsTexts[locale],
    limits: limitsTexts[locale],
    deposit: depositTexts[locale],
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

// The first download carries no language's texts but the page's (decision 033): each language is
// a chunk, fetched before it shows (test/setup.ts holds them all; here one is taken away first).
describe('loading a language', () => {
  afterEach(async () => {
    for (const [ns, bundle] of Object.entries(resources.lo))
      i18next.addResourceBundle('lo', ns, bundle, true, true);
    await i18next.changeLanguage('en');
  });

  it('shows a language only once its texts are here, never keys', async () => {
    await i18next.changeLanguage('en');
    i18next.removeResourceBundle('lo', 'common');
    i18next.removeResourceBundle('lo', 'errors');
    const seen: string[] = [];
    const listen = (lng: string) => seen.push(`${lng}: ${i18next.t('login.title')}`);
    i18next.on('languageChanged', listen);
    await chooseLocale('lo');
    i18next.off('languageChanged', listen);
    expect(seen).toEqual([`lo: ${resources.lo.common.login.title}`]);
    expect(i18next.t('WRONG_CREDENTIAL', { ns: 'errors' })).toBe(resources.lo.errors.WRONG_CREDENTIAL);
  });

  it('keeps the later of two switches, whichever language arrives first', async () => {
    i18next.removeResourceBundle('lo', 'common');
    const lao = chooseLocale('lo');
    await chooseLocale('en');
    await lao;
    expect(i18next.language).toBe('en');
  });

  it('fetches a language once, whoever asks', async () => {
    i18next.removeResourceBundle('lo', 'common');
    const first = loadLocale('lo');
    expect(loadLocale('lo')).toBe(first);
    await first;
    expect(i18next.hasResourceBundle('lo', 'common')).toBe(true);
  });
});
