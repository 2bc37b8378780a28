import enReasons from '../locales/en/reasons.json';
import loReasons from '../locales/lo/reasons.json';
import thReasons from '../locales/th/reasons.json';
import { useTranslation } from 'react-i18next';
import i18next from './i18n';

/**
 * Why a button cannot do its work, said beside it (issue 16: a phone has no hover to show a
 * tooltip): in a namespace of its own that comes with the screens using it (home's game, transfer
 * and withdraw dialogs, the deposit dialog), never in /login's first download
 * (scripts/check-login-budget.mjs).
 */
export const reasonsTexts = { th: thReasons, lo: loReasons, en: enReasons } as const;

for (const [locale, texts] of Object.entries(reasonsTexts)) {
  i18next.addResourceBundle(locale, 'reasons', texts, true, true);
}

/** useTranslation for the reasons alone (the screen's other texts come from its own hook). */
export function useReasonsTranslation() {
  return useTranslation('reasons');
}
