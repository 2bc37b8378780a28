import enErrors from '../locales/en/signed-in-errors.json';
import loErrors from '../locales/lo/signed-in-errors.json';
import thErrors from '../locales/th/signed-in-errors.json';
import i18next from './i18n';

/**
 * The texts of error codes only a signed-in member meets (the play limits' of issue 29, the
 * currency refusals of issue 32), added to the `errors` namespace with the signed-in shell, so
 * /login's first download carries none (scripts/check-login-budget.mjs).
 */
export const signedInErrorTexts = { th: thErrors, lo: loErrors, en: enErrors } as const;

for (const [locale, texts] of Object.entries(signedInErrorTexts)) {
  i18next.addResourceBundle(locale, 'errors', texts, true, true);
}
