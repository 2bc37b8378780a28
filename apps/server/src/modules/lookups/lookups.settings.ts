import { z } from 'zod';
import { SITE_SETTINGS, type Localized } from '@wallet/contract/http/console-settings';
import { WithdrawalRules } from '@wallet/contract/http/console-withdrawals';
import { AdjustmentSettings } from '@wallet/contract/http/adjustment';

/**
 * The value stored under each key of site_settings. Texts members read are stored in all
 * three languages; the lookup answers the one the request asks for.
 */

export { Localized, LocalizedList } from '@wallet/contract/http/console-settings';

export const SETTINGS = {
  ...SITE_SETTINGS,
  info: z.object({ name: z.string(), website: z.string() }),
  /** Which withdrawals wait for staff (decision 045); staff with settings.manage change them. */
  withdrawalRules: WithdrawalRules,
  /** Balance adjustments above this (per currency, either way) wait for a second staff member (decisions 046, 075). */
  adjustmentApprovalOver: AdjustmentSettings,
} as const;

export type SettingKey = keyof typeof SETTINGS;
export type SettingValue<K extends SettingKey> = z.infer<(typeof SETTINGS)[K]>;
export type SettingsSeed = { [K in SettingKey]: SettingValue<K> };

export interface BankSeed {
  code: string;
  nameTh: string;
  nameEn: string;
  /** Null: Lao readers are answered the Thai name. */
  nameLo: string | null;
  market: 'TH' | 'LA';
  /** How many digits the bank's account numbers have (decision 035). */
  accountNoLengths: number[];
  englishNameOnly: boolean;
}

export interface SourceSeed {
  code: string;
  descriptions: Localized;
}

export interface DepositBankSeed {
  bankCode: string;
  bankType: string;
  mode: 'AUTO' | 'SMS';
  /** As the bank holds it. */
  accountName: string;
  /** As members of each language read it; a language missing falls back (platform/locale.ts). */
  accountNames: Partial<Localized>;
  accountNo: string;
  currency: 'BAHT' | 'LAK';
}

export interface DepositWalletSeed {
  mode: 'AUTO' | 'SMS';
  walletAccountName: string;
}

export interface ReferenceData {
  banks: BankSeed[];
  sources: SourceSeed[];
  settings: SettingsSeed;
  depositBanks: DepositBankSeed[];
  depositWallets: DepositWalletSeed[];
}
