import {
  channelFigure,
  QR_DEFAULT_MINIMUMS,
  QR_PROVIDER_CURRENCY,
  QR_PROVIDERS,
  type QrProvider,
} from '@wallet/contract/http/deposit';
import type { ReferenceData, SettingsSeed } from './lookups.settings';
import { referenceData } from './reference-data';

/**
 * The withdrawal rules of a sandbox site (README): a demo member's first withdrawal is paid at
 * once, and a tester may withdraw many times a day, as before the rules existed; amounts over
 * 20,000 baht still wait for staff, so the review queue can be tried with one large withdrawal.
 */
export const sandboxWithdrawalRules = {
  ...referenceData.settings.withdrawalRules,
  dailyAutoCount: 1000,
  reviewFirst: false,
  // Every demo member signs in from one address and withdraws what they were just credited.
  reviewFlags: [],
};

/**
 * What a new site is seeded with (a setting already there is kept: staff own it from then on):
 * the reference data, a sandbox's demo withdrawal rules, and the QR minimums of the environment
 * (QR_MIN_DEPOSIT_*), which are the default until staff change them (decision 059).
 */
export function referenceDataFor(options: {
  sandbox: boolean;
  qrMinimumOverrides: Partial<Record<QrProvider, number>>;
}): ReferenceData {
  return {
    ...referenceData,
    settings: {
      ...referenceData.settings,
      ...(options.sandbox ? { withdrawalRules: sandboxWithdrawalRules } : {}),
      qrMinimums: qrMinimumsWith(options.qrMinimumOverrides),
    },
  };
}

/**
 * The QR minimums a new site starts with: the environment's (minor units of the channel's own
 * currency, baht for PAYTIMZ and FP) over the defaults (decisions 067 and 078).
 */
function qrMinimumsWith(overrides: Partial<Record<QrProvider, number>>): SettingsSeed['qrMinimums'] {
  return Object.fromEntries(
    QR_PROVIDERS.map((provider) => [
      provider,
      {
        [QR_PROVIDER_CURRENCY[provider]]: overrides[provider] ?? channelFigure(QR_DEFAULT_MINIMUMS, provider),
      },
    ]),
  ) as SettingsSeed['qrMinimums'];
}
