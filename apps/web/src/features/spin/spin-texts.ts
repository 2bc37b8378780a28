import { useTranslation } from 'react-i18next';
import enSpin from '../../locales/en/spin.json';
import loSpin from '../../locales/lo/spin.json';
import thSpin from '../../locales/th/spin.json';
import i18next, { errorText } from '../../lib/i18n';

/**
 * The texts of the spin wheel, in a namespace of their own that comes with the Spin page's chunk,
 * never in /login's first download (scripts/check-login-budget.mjs). Registered here rather than
 * in lib/ because only this feature reads them.
 */
export const spinTexts = { th: thSpin, lo: loSpin, en: enSpin } as const;

for (const [locale, texts] of Object.entries(spinTexts)) {
  i18next.addResourceBundle(locale, 'spin', texts, true, true);
}

/** useTranslation for the Spin page: keys are looked up in `spin`, then in `common`. */
export function useSpinTranslation() {
  return useTranslation(['spin', 'common'], { nsMode: 'fallback' });
}

/**
 * A refused spin or claim in the member's words (spec section 8: `spin.error.{code}`); codes the
 * wheel has no word of its own for (a lost connection, a timeout) read as everywhere else.
 */
export function spinErrorText(code: string): string {
  const key = `error.${code}`;
  return i18next.exists(key, { ns: 'spin' }) ? i18next.t(key, { ns: 'spin' }) : errorText(code);
}
