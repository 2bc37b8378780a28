import { describe, expect, it } from 'vitest';
import { itHasEveryTranslation } from '../../test/translation-checks';
import { LOCALES } from '@wallet/contract/constants';
import { SPIN_CODES } from '@wallet/contract/errors';
import i18next from '../../lib/i18n';
import { spinErrorText, spinTexts } from './spin-texts';

// The same checks lib/i18n.test.ts makes of the namespaces in lib/; this one comes with the feature.
describe('spin texts', () => {
  itHasEveryTranslation(spinTexts);

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
});
