import { useTranslation } from 'react-i18next';
import enAdjustments from '../../locales/en/console-adjustments.json';
import enConsole from '../../locales/en/console.json';
import loAdjustments from '../../locales/lo/console-adjustments.json';
import loConsole from '../../locales/lo/console.json';
import thAdjustments from '../../locales/th/console-adjustments.json';
import thConsole from '../../locales/th/console.json';
import enWithdrawals from '../../locales/en/console-withdrawals.json';
import loWithdrawals from '../../locales/lo/console-withdrawals.json';
import thWithdrawals from '../../locales/th/console-withdrawals.json';
import enMemberActions from '../../locales/en/console-member-actions.json';
import loMemberActions from '../../locales/lo/console-member-actions.json';
import thMemberActions from '../../locales/th/console-member-actions.json';
import enDeposits from '../../locales/en/console-deposits.json';
import loDeposits from '../../locales/lo/console-deposits.json';
import thDeposits from '../../locales/th/console-deposits.json';
import enSettings from '../../locales/en/console-settings.json';
import loSettings from '../../locales/lo/console-settings.json';
import thSettings from '../../locales/th/console-settings.json';
import enLimits from '../../locales/en/console-limits.json';
import loLimits from '../../locales/lo/console-limits.json';
import thLimits from '../../locales/th/console-limits.json';
import enOffers from '../../locales/en/console-offers.json';
import loOffers from '../../locales/lo/console-offers.json';
import thOffers from '../../locales/th/console-offers.json';
import enErrors from '../../locales/en/console-errors.json';
import loErrors from '../../locales/lo/console-errors.json';
import thErrors from '../../locales/th/console-errors.json';
import enReports from '../../locales/en/console-reports.json';
import loReports from '../../locales/lo/console-reports.json';
import thReports from '../../locales/th/console-reports.json';
import enReportPages from '../../locales/en/console-report-pages.json';
import loReportPages from '../../locales/lo/console-report-pages.json';
import thReportPages from '../../locales/th/console-report-pages.json';
import i18next from '../../lib/i18n';

/**
 * The staff console's texts, in a namespace of their own that comes with the console's chunk,
 * never in the member site's first download (scripts/check-login-budget.mjs). A screen may keep
 * its texts in a file of its own (one top-level key each), merged into the namespace here.
 */
export const consoleTexts = {
  th: { ...thConsole, ...thAdjustments },
  lo: { ...loConsole, ...loAdjustments },
  en: { ...enConsole, ...enAdjustments },
} as const;

/**
 * The console's sections' texts, one file per section in the same namespace, so sections added
 * side by side do not edit one file.
 */
export const consoleSectionTexts = [
  { th: thWithdrawals, lo: loWithdrawals, en: enWithdrawals },
  { th: thMemberActions, lo: loMemberActions, en: enMemberActions },
  { th: thDeposits, lo: loDeposits, en: enDeposits },
  { th: thSettings, lo: loSettings, en: enSettings },
  { th: thLimits, lo: loLimits, en: enLimits },
  { th: thReports, lo: loReports, en: enReports },
  { th: thOffers, lo: loOffers, en: enOffers },
  { th: thReportPages, lo: loReportPages, en: enReportPages },
] as const;

/**
 * The texts of the error codes only the console meets (staff sign-in, the desks), added to the
 * `errors` namespace with the console's chunk: the member site's first download carries none.
 */
export const consoleErrorTexts = { th: thErrors, lo: loErrors, en: enErrors } as const;
for (const [locale, texts] of Object.entries(consoleErrorTexts)) {
  i18next.addResourceBundle(locale, 'errors', texts, true, true);
}

for (const bundle of [consoleTexts, ...consoleSectionTexts]) {
  for (const [locale, texts] of Object.entries(bundle)) {
    i18next.addResourceBundle(locale, 'console', texts, true, true);
  }
}

/** useTranslation for the console: keys are looked up in `console`, then in `common`. */
export function useConsoleTranslation() {
  return useTranslation(['console', 'common'], { nsMode: 'fallback' });
}
