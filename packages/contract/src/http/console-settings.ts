import { z } from 'zod';
import { HOWTO_TOPICS } from '../constants';
import { Amount, CURRENCIES, perCurrency } from '../money';
import {
  QR_DEFAULT_MINIMUMS,
  QR_PROVIDER_CURRENCY,
  QR_PROVIDERS,
  SlipWindow,
  type QrProvider,
} from './deposit';

/**
 * The site's settings staff change in the console (issue 28 section 2, docs/decisions/059): each
 * one's schema is the one the server reads it by when it answers members, so a change the console
 * accepts is one the member site can show.
 */

const Text = z.string().max(20_000);
export const Localized = z.object({ th: Text, lo: Text, en: Text });
export type Localized = z.infer<typeof Localized>;
const Paragraphs = z.array(Text).max(50);
export const LocalizedList = z.object({ th: Paragraphs, lo: Paragraphs, en: Paragraphs });
export type LocalizedList = z.infer<typeof LocalizedList>;

export const SITE_SETTINGS = {
  /** The rules of the site, paragraphs of HTML (cleaned on save). */
  conditions: LocalizedList,
  /** The member agreement, paragraphs of HTML; a change is a new version every member accepts again. */
  agreements: LocalizedList,
  /** The home screen's announcement as HTML, or none. */
  notice: Localized.nullable(),
  contact: z.object({
    contactText: Localized,
    lineLink: z.string().max(500),
    lineName: z.string().max(100),
    /** An image (data URL) of the LINE QR code; null: the server draws it from lineLink. */
    lineQR: z.string().max(300_000).nullable(),
    /**
     * WhatsApp beside LINE (Lao members use both; issue 32 section 3): a wa.me link and the name
     * or number shown; empty: not offered. Rows stored before it read as empty.
     */
    whatsappLink: z.string().max(500).default(''),
    whatsappName: z.string().max(100).default(''),
  }),
  howto: z.object({
    videos: z.array(z.object({ topic: z.enum(HOWTO_TOPICS), url: z.string().max(500) })).max(20),
  }),
  /** Per currency (decision 067): a kip member's limits are kip figures. */
  withdraw: perCurrency(
    z
      .object({ withdrawMin: Amount, withdrawMax: Amount })
      .refine((w) => w.withdrawMin <= w.withdrawMax, 'withdrawMin must not exceed withdrawMax'),
  ),
  slip: z.object({
    maxAgeMinutes: z.number().int().positive().max(10_080),
    ...SlipWindow.shape,
    timeZone: z.string().max(64),
  }),
  /** The whole service switched off for members (the terminated page). */
  active: z.object({ terminated: z.boolean() }),
  registerOTP: z.object({ enabled: z.boolean() }),
  enableChatWidget: z.object({ enabled: z.boolean() }),
  /** Whether members may send a manual deposit notice. */
  deposit: z.object({ isManual: z.boolean() }),
  /**
   * The smallest QR deposit of each channel in the one currency it takes, minor units (the
   * environment's QR_MIN_DEPOSIT_* seed them; decisions 067 and 078).
   */
  qrMinimums: z.object(
    Object.fromEntries(
      QR_PROVIDERS.map((provider) => {
        // NOTE: not strict: a figure in another currency (every channel's LAK, the Lao QR's BAHT,
        // written by migration 0042 and by consoles before decision 078) is dropped, not refused.
        const own = z.object({ [QR_PROVIDER_CURRENCY[provider]]: Amount.check(z.positive()) });
        // NOTE: a channel added later (the Lao QR) is missing from a site's stored row: its default.
        return [provider, provider === 'LAOQR' ? z._default(own, QR_DEFAULT_MINIMUMS.LAOQR as never) : own];
      }),
    ) as unknown as {
      [P in QrProvider]: z.ZodObject<{ [C in (typeof QR_PROVIDER_CURRENCY)[P]]: typeof Amount }>;
    },
  ),
} as const;

export type SiteSettingKey = keyof typeof SITE_SETTINGS;
export const SITE_SETTING_KEYS = Object.keys(SITE_SETTINGS) as SiteSettingKey[];
export type SiteSettings = { [K in SiteSettingKey]: z.infer<(typeof SITE_SETTINGS)[K]> };

/** GET /api/console/settings/site: every setting of this screen as it stands. */
export const SiteSettingsResponse = z.object(SITE_SETTINGS).meta({ id: 'SiteSettingsResponse' });

/** PUT /api/console/settings/site/{key}: the setting's new value, whole. */
export const siteSettingRequest = <K extends SiteSettingKey>(key: K) =>
  z.object({ value: SITE_SETTINGS[key] });

/** The operator's bank account that receives members' deposits, as staff keep it. */
export const DepositBankAccount = z
  .object({
    id: z.int(),
    bankCode: z.string().min(2).max(20),
    /** AUTO: the bank reports transfers; SMS: they are read from the bank's messages. */
    mode: z.enum(['AUTO', 'SMS']),
    /** As the bank holds it. */
    accountName: z.string().trim().min(1).max(120),
    /** As members of each language read it; a missing language falls back on accountName. */
    accountNames: z.object({
      th: z.string().max(120).optional(),
      lo: z.string().max(120).optional(),
      en: z.string().max(120).optional(),
    }),
    accountNo: z.string().regex(/^\d{6,20}$/),
    currency: z.enum(CURRENCIES),
    sortOrder: z.int().min(0).max(999),
    /** Shown to members and matched by slips; off: neither (kept for the slips it received). */
    active: z.boolean(),
  })
  .meta({ id: 'DepositBankAccount' });
export type DepositBankAccount = z.infer<typeof DepositBankAccount>;

/** The operator's prepaid-wallet account that receives gift links. */
export const DepositWalletAccount = z
  .object({
    id: z.int(),
    mode: z.enum(['AUTO', 'SMS']),
    walletAccountName: z.string().trim().min(1).max(120),
    active: z.boolean(),
  })
  .meta({ id: 'DepositWalletAccount' });
export type DepositWalletAccount = z.infer<typeof DepositWalletAccount>;

/** GET /api/console/settings/deposit-accounts. */
export const DepositAccountsResponse = z
  .object({ banks: z.array(DepositBankAccount), wallets: z.array(DepositWalletAccount) })
  .meta({ id: 'DepositAccountsResponse' });
export type DepositAccountsResponse = z.infer<typeof DepositAccountsResponse>;

/** POST …/deposit-accounts/banks: a new receiving account (its number is unique). */
export const DepositBankCreate = DepositBankAccount.omit({ id: true }).meta({ id: 'DepositBankCreate' });
export type DepositBankCreate = z.infer<typeof DepositBankCreate>;

/** PUT …/deposit-accounts/banks/{id}: what staff change of an account (its bank and number stay). */
export const DepositBankChange = DepositBankAccount.pick({
  mode: true,
  accountName: true,
  accountNames: true,
  sortOrder: true,
  active: true,
}).meta({ id: 'DepositBankChange' });
export type DepositBankChange = z.infer<typeof DepositBankChange>;

/** PUT …/deposit-accounts/wallets/{id}. */
export const DepositWalletChange = DepositWalletAccount.omit({ id: true }).meta({
  id: 'DepositWalletChange',
});
export type DepositWalletChange = z.infer<typeof DepositWalletChange>;

export const DepositAccountParam = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });
