import enReceipt from '../locales/en/receipt.json';
import loReceipt from '../locales/lo/receipt.json';
import thReceipt from '../locales/th/receipt.json';
import { useTranslation } from 'react-i18next';
import i18next from './i18n';

/**
 * The withdrawal's review and receipt, and the statement's balance after each row (issue 31 item
 * 5, decision 071): a namespace of its own, loaded with the signed-in screens that use it, never
 * in /login's first download.
 */
export const receiptTexts = { th: thReceipt, lo: loReceipt, en: enReceipt } as const;

for (const [locale, texts] of Object.entries(receiptTexts)) {
  i18next.addResourceBundle(locale, 'receipt', texts, true, true);
}

/** useTranslation for the receipt's texts alone. */
export function useReceiptTranslation() {
  return useTranslation('receipt');
}
