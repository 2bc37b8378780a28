import enLimits from '../locales/en/limits.json';
import loLimits from '../locales/lo/limits.json';
import thLimits from '../locales/th/limits.json';
import { useTranslation } from 'react-i18next';
import i18next from './i18n';

/**
 * The play limits' texts (issue 29): the Play limits page, its row on Profile and the reality
 * check of the signed-in shell. A namespace of their own, never in /login's first download.
 */
export const limitsTexts = { th: thLimits, lo: loLimits, en: enLimits } as const;

for (const [locale, texts] of Object.entries(limitsTexts)) {
  i18next.addResourceBundle(locale, 'limits', texts, true, true);
}

/** useTranslation for these screens: keys are looked up in `limits`, then in `common`. */
export function useLimitsTranslation() {
  return useTranslation(['limits', 'common'], { nsMode: 'fallback' });
}
