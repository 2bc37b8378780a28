import enRegister from '../../locales/en/register.json';
import loRegister from '../../locales/lo/register.json';
import thRegister from '../../locales/th/register.json';
import { useTranslation } from 'react-i18next';
import i18next from '../../lib/i18n';

/**
 * Texts of the register page added after /login's first download reached its budget (issue 31:
 * the check of a link's inviter code), in a namespace of their own that comes with the page
 * (scripts/check-login-budget.mjs); the wizard's other texts are in `common`.
 */
const registerTexts = { th: thRegister, lo: loRegister, en: enRegister } as const;

for (const [locale, texts] of Object.entries(registerTexts)) {
  i18next.addResourceBundle(locale, 'register', texts, true, true);
}

/** useTranslation for these texts: keys are looked up in `register`, then in `common`. */
export function useRegisterTranslation() {
  return useTranslation(['register', 'common'], { nsMode: 'fallback' });
}
