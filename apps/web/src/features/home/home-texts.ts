import { useTranslation } from 'react-i18next';
import enHome from '../../locales/en/home.json';
import loHome from '../../locales/lo/home.json';
import thHome from '../../locales/th/home.json';
import i18next from '../../lib/i18n';

/**
 * Texts only Home reads (the withdrawals on their way, the coin explanation), in a namespace of
 * their own that comes with Home's chunk, never in /login's first download
 * (scripts/check-login-budget.mjs).
 */
export const homeTexts = { th: thHome, lo: loHome, en: enHome } as const;

for (const [locale, texts] of Object.entries(homeTexts)) {
  i18next.addResourceBundle(locale, 'home', texts, true, true);
}

/** useTranslation for Home's own parts: keys are looked up in `home`, then in `common`. */
export function useHomeTranslation() {
  return useTranslation(['home', 'common'], { nsMode: 'fallback' });
}
