import enErrors from '../locales/en/limits-errors.json';
import loErrors from '../locales/lo/limits-errors.json';
import thErrors from '../locales/th/limits-errors.json';
import i18next from './i18n';

/**
 * The texts of the play limits' error codes (issue 29), added to the `errors` namespace with the
 * signed-in shell: only a signed-in member meets them, so /login's first download carries none
 * (scripts/check-login-budget.mjs).
 */
export const limitsErrorTexts = { th: thErrors, lo: loErrors, en: enErrors } as const;

for (const [locale, texts] of Object.entries(limitsErrorTexts)) {
  i18next.addResourceBundle(locale, 'errors', texts, true, true);
}
