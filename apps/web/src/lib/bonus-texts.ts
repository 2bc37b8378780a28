import enBonus from '../locales/en/bonus.json';
import loBonus from '../locales/lo/bonus.json';
import thBonus from '../locales/th/bonus.json';
import { useTranslation } from 'react-i18next';
import i18next from './i18n';

/**
 * The texts of bonuses and their turnover, in a namespace of their own that comes with the
 * screens using it (the bonus page, the withdraw dialog): /login's first download, which
 * carries `common`, stays within its budget (scripts/check-login-budget.mjs).
 */
export const bonusTexts = { th: thBonus, lo: loBonus, en: enBonus } as const;

for (const [locale, texts] of Object.entries(bonusTexts)) {
  i18next.addResourceBundle(locale, 'bonus', texts, true, true);
}

/** useTranslation for these screens: keys are looked up in `bonus`, then in `common`. */
export function useBonusTranslation() {
  return useTranslation(['bonus', 'common'], { nsMode: 'fallback' });
}
