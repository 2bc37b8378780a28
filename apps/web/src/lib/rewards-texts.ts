import enRewards from '../locales/en/rewards.json';
import loRewards from '../locales/lo/rewards.json';
import thRewards from '../locales/th/rewards.json';
import { useTranslation } from 'react-i18next';
import i18next from './i18n';

/**
 * The texts of the invite bonus and the loss refund, in a namespace of their own that comes with
 * the home screen's reward dialogs, not in /login's first download (scripts/check-login-budget.mjs).
 */
export const rewardsTexts = { th: thRewards, lo: loRewards, en: enRewards } as const;

for (const [locale, texts] of Object.entries(rewardsTexts)) {
  i18next.addResourceBundle(locale, 'rewards', texts, true, true);
}

/** useTranslation for these screens: keys are looked up in `rewards`, then in `common`. */
export function useRewardsTranslation() {
  return useTranslation(['rewards', 'common'], { nsMode: 'fallback' });
}
