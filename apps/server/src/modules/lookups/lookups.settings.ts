import { z } from 'zod';
import { Amount } from '@wallet/contract/money';
import { HOWTO_TOPICS } from '@wallet/contract/constants';
import { SlipWindow } from '@wallet/contract/http/deposit';
import { WithdrawalRules } from '@wallet/contract/http/console-withdrawals';

/**
 * The value stored under each key of site_settings. Texts members read are stored in all
 * three languages; the lookup answers the one the request asks for.
 */

export const Localized = z.object({ th: z.string(), lo: z.string(), en: z.string() });
export type Localized = z.infer<typeof Localized>;
export const LocalizedList = z.object({
  th: z.array(z.string()),
  lo: z.array(z.string()),
  en: z.array(z.string()),
});
export type LocalizedList = z.infer<typeof LocalizedList>;

export const SETTINGS = {
  info: z.object({ name: z.string(), website: z.string() }),
  contact: z.object({
    contactText: Localized,
    lineLink: z.string(),
    lineName: z.string(),
    /** Null: the QR is drawn from lineLink when the seed runs. */
    lineQR: z.string().nullable(),
  }),
  conditions: LocalizedList,
  agreements: LocalizedList,
  notice: Localized.nullable(),
  withdraw: z
    .object({ withdrawMin: Amount, withdrawMax: Amount })
    .refine((w) => w.withdrawMin <= w.withdrawMax, 'withdrawMin must not exceed withdrawMax'),
  /** Which withdrawals wait for staff (decision 045); staff with settings.manage change them. */
  withdrawalRules: WithdrawalRules,
  slip: z.object({
    maxAgeMinutes: z.number().int().positive(),
    ...SlipWindow.shape,
    timeZone: z.string(),
  }),
  active: z.object({ terminated: z.boolean() }),
  registerOTP: z.object({ enabled: z.boolean() }),
  enableChatWidget: z.object({ enabled: z.boolean() }),
  deposit: z.object({ isManual: z.boolean() }),
  howto: z.object({ videos: z.array(z.object({ topic: z.enum(HOWTO_TOPICS), url: z.string() })) }),
  /** Balance adjustments above this (minor units, either way) wait for a second staff member (decision 046). */
  adjustmentApprovalOver: z.object({ approvalOver: Amount }),
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
