import enDeposit from '../locales/en/deposit.json';
import loDeposit from '../locales/lo/deposit.json';
import thDeposit from '../locales/th/deposit.json';
import { useTranslation } from 'react-i18next';
import i18next from './i18n';
// The dialog's refusals of another currency (issue 32) are texts of a signed-in member's.
import './signed-in-error-texts';

/**
 * The deposit dialog's texts (bank, QR, gift link, slips), in a namespace of their own that comes
 * with the dialog: only a signed-in member opens it, so /login's first download carries none of
 * them (scripts/check-login-budget.mjs). Keys keep their `deposit.` prefix.
 */
export const depositTexts = { th: thDeposit, lo: loDeposit, en: enDeposit } as const;

for (const [locale, texts] of Object.entries(depositTexts)) {
  i18next.addResourceBundle(locale, 'deposit', texts, true, true);
}

/** useTranslation for the dialog: keys are looked up in `deposit`, then in `common`. */
export function useDepositTranslation() {
  return useTranslation(['deposit', 'common'], { nsMode: 'fallback' });
}
