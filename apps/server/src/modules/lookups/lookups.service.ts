import { createHash } from 'node:crypto';
import QRCode from 'qrcode';
import {
  SITE_SETTING_KEYS,
  type Localized,
  type LocalizedList,
  type SiteSettingKey,
  type SiteSettings,
} from '@wallet/contract/http/console-settings';
import type { Locale, Market } from '@wallet/contract/constants';
import type { BankNames, LookupAnswer, LookupName } from '@wallet/contract/http/lookup';
import type { Currency } from '@wallet/contract/money';
import type { Database } from '../../platform/db/database';
import { localized } from '../../platform/locale';
import { sanitizeHtml } from '../../platform/sanitize-html';
import { currentHowto } from './howto-clips';
import { createLookupsRepository } from './lookups.repository';
import type { ReferenceData, SettingValue } from './lookups.settings';

export interface LookupsServiceOptions {
  db: Database;
  market: Market;
  /** How long one process may reuse the service-active flag before reading it again. */
  serviceStateCacheMs: number;
  now?: () => number;
}

/** Everything the member site looks up before it can show a screen (spec section 7, Lookup). */
export function createLookupsService({
  db,
  market,
  serviceStateCacheMs,
  now = Date.now,
}: LookupsServiceOptions) {
  const repository = createLookupsRepository(db);
  // Lao members may bank in Laos or in Thailand; Thai members only in Thailand.
  const bankMarkets: readonly Market[] = market === 'LA' ? ['LA', 'TH'] : ['TH'];
  const currencies: Currency[] = market === 'LA' ? ['LAK', 'BAHT'] : ['BAHT'];
  let terminatedCache: { value: boolean; readAt: number } | null = null;

  const answers: { [N in LookupName]: (locale: Locale) => Promise<LookupAnswer<N>> } = {
    banks: async (locale) => ({
      banks: (await repository.listBanks(bankMarkets))
        .filter((bank) => bank.active)
        // The market's own banks first; sort is stable, so the seeded order holds within each.
        .sort((a, b) => bankMarkets.indexOf(a.market as Market) - bankMarkets.indexOf(b.market as Market))
        .map((bank) => ({
          code: bank.code,
          ...bankNames(bank, locale),
          market: bank.market as Market,
          englishNameOnly: bank.englishNameOnly,
          accountNoLengths: bank.accountNoLengths,
        })),
    }),
    sources: async (locale) => ({
      sources: (await repository.listSources()).map((source) => ({
        code: source.code,
        description: source.descriptions[locale] ?? source.descriptions.en ?? source.code,
      })),
    }),
    info: async () => ({ info: await repository.getSetting('info') }),
    contact: async (locale) => {
      const contact = await repository.getSetting('contact');
      return { contact: { ...contact, contactText: contact.contactText[locale] } };
    },
    conditions: async (locale) => ({ conditions: (await repository.getSetting('conditions'))[locale] }),
    agreements: async (locale) => {
      const agreements = await repository.getSetting('agreements');
      return { agreements: agreements[locale], version: agreementsVersion(agreements) };
    },
    notice: async (locale) => ({ notice: (await repository.getSetting('notice'))?.[locale] ?? null }),
    withdraw: async () => repository.getSetting('withdraw'),
    slip: async () => ({ slip: await repository.getSetting('slip') }),
    active: async () => ({ terminated: await isTerminated() }),
    registerOTP: async () => ({ registerOTP: (await repository.getSetting('registerOTP')).enabled }),
    enableChatWidget: async () => ({
      enableChatWidget: (await repository.getSetting('enableChatWidget')).enabled,
    }),
    deposit: async (locale) => {
      const [bankRows, walletRows, deposit] = await Promise.all([
        repository.listDepositBanks(),
        repository.listDepositWallets(),
        repository.getSetting('deposit'),
      ]);
      return {
        banks: bankRows
          .filter(({ account }) => currencies.includes(account.currency as Currency))
          // The market's own currency first (kip in Lao mode); stable, so the seeded order holds.
          .sort(
            (a, b) =>
              currencies.indexOf(a.account.currency as Currency) -
              currencies.indexOf(b.account.currency as Currency),
          )
          .map(({ account, bank }) => ({
            bankType: account.bankType,
            bankCode: account.bankCode,
            mode: account.mode as 'AUTO' | 'SMS',
            bank: bankNames(bank, locale),
            bankAccountName: localized(account.accountNames, locale, account.accountName),
            bankAccountNo: account.accountNo,
            currency: account.currency as Currency,
          })),
        wallets: walletRows.map((wallet) => ({
          mode: wallet.mode as 'AUTO' | 'SMS',
          walletAccountName: wallet.walletAccountName,
        })),
        isManual: deposit.isManual,
      };
    },
    howto: async () => currentHowto(await repository.getSetting('howto')),
    market: async () => ({ market, currencies }),
  };

  async function isTerminated(): Promise<boolean> {
    const at = now();
    if (terminatedCache && at - terminatedCache.readAt < serviceStateCacheMs) return terminatedCache.value;
    const { terminated } = await repository.getSetting('active');
    terminatedCache = { value: terminated, readAt: at };
    return terminated;
  }

  return {
    lookup<N extends LookupName>(name: N, locale: Locale): Promise<LookupAnswer<N>> {
      return answers[name](locale);
    },

    isTerminated,

    /** Switches the whole service off or on again (the terminated flow of the member app). */
    async setTerminated(terminated: boolean): Promise<void> {
      await repository.putSetting('active', { terminated });
      terminatedCache = { value: terminated, readAt: now() };
    },

    /** A bank members of this market may register, or null; `name` in `locale`. */
    async findBank(code: string, locale: Locale = market === 'LA' ? 'lo' : 'th') {
      const bank = (await repository.listBanks(bankMarkets)).find((row) => row.code === code && row.active);
      return bank
        ? {
            code: bank.code,
            ...bankNames(bank, locale),
            englishNameOnly: bank.englishNameOnly,
            accountNoLengths: bank.accountNoLengths,
            market: bank.market as Market,
          }
        : null;
    },

    async sourceExists(code: string): Promise<boolean> {
      return (await repository.listSources()).some((source) => source.code === code);
    },

    /** Withdrawal limits in minor units. */
    withdrawLimits: () => repository.getSetting('withdraw'),
    /** The rules that hold withdrawals for staff (decision 045). */
    withdrawalRules: () => repository.getSetting('withdrawalRules'),
    setWithdrawalRules: (rules: SettingValue<'withdrawalRules'>) =>
      repository.putSetting('withdrawalRules', rules),
    /** The slip rules members are shown: maximum age and the daily window closed to uploads. */
    slipRules: () => repository.getSetting('slip'),
    /** The operator's active receiving bank accounts (where a slip's money must have gone). */
    depositAccounts: async () =>
      (await repository.listDepositBanks()).map(({ account }) => ({
        bankCode: account.bankCode,
        accountNo: account.accountNo,
        currency: account.currency,
      })),
    /** The smallest QR deposit of each channel, as staff set them (decision 059). */
    qrMinimums: () => repository.getSetting('qrMinimums'),
    /** Whether members may send manual deposit notices (the deposit lookup's isManual). */
    manualDepositsOn: async () => (await repository.getSetting('deposit')).isManual,

    async registerOtpEnabled(): Promise<boolean> {
      return (await repository.getSetting('registerOTP')).enabled;
    },

    async setRegisterOtp(enabled: boolean): Promise<void> {
      await repository.putSetting('registerOTP', { enabled });
    },

    /** Every setting of the console's site settings screen (issue 28 section 2, decision 059). */
    async siteSettings(): Promise<SiteSettings> {
      const entries = await Promise.all(
        SITE_SETTING_KEYS.map(async (key) => [key, await repository.getSetting(key)] as const),
      );
      return Object.fromEntries(entries) as SiteSettings;
    },

    /**
     * Replaces one, cleaned as members will be shown it (HTML cleaned, the contact QR drawn from
     * the link when none is given); `alongside` writes the audit row in the change's transaction.
     * Every process reads settings from the database at each request (the service's on/off flag
     * within SERVICE_STATE_CACHE_SECONDS); this one knows the flag at once.
     */
    async replaceSiteSetting<K extends SiteSettingKey>(
      key: K,
      value: SiteSettings[K],
      alongside: (
        tx: Pick<Database, 'execute'>,
        before: SiteSettings[K],
        after: SiteSettings[K],
      ) => Promise<void>,
    ): Promise<SiteSettings[K]> {
      const after = await cleanSiteSetting(key, value);
      // NOTE: a site setting's value is its SETTINGS schema's (lookups.settings.ts spreads them).
      await repository.replaceSetting(key, after, (tx, before) =>
        alongside(tx, before as SiteSettings[K], after),
      );
      if (key === 'active')
        terminatedCache = { value: (after as SiteSettings['active']).terminated, readAt: now() };
      return after;
    },

    /** Balance adjustments above this wait for a second staff member (decision 046). */
    adjustmentApprovalOver: () => repository.getSetting('adjustmentApprovalOver'),

    /** Sets it; `alongside` runs in the same transaction with the value before (the audit row). */
    setAdjustmentApprovalOver: (
      value: SettingValue<'adjustmentApprovalOver'>,
      alongside: (
        tx: Pick<Database, 'execute'>,
        before: SettingValue<'adjustmentApprovalOver'>,
      ) => Promise<void>,
    ) => repository.replaceSetting('adjustmentApprovalOver', value, alongside),

    /** Sandbox control: the daily window closed to slip uploads (null, null: always open). */
    async setSlipWindow(closedFrom: string | null, closedTo: string | null): Promise<void> {
      const current = await repository.getSetting('slip');
      await repository.putSetting('slip', { ...current, closedFrom, closedTo });
    },

    /** Loads missing reference data; draws the contact QR code from the chat link when none is set. */
    async seed(data: ReferenceData): Promise<void> {
      const contact = data.settings.contact;
      const lineQR = contact.lineQR ?? (await contactQrDataUrl(contact.lineLink));
      await repository.seed({ ...data, settings: { ...data.settings, contact: { ...contact, lineQR } } });
    },
  };
}

/** A bank's names as the contract answers them: `name` in `locale`, Lao falling back on Thai. */
export function bankNames(
  bank: { nameTh: string; nameEn: string; nameLo: string | null },
  locale: Locale,
): BankNames {
  return {
    name: localized({ th: bank.nameTh, en: bank.nameEn, lo: bank.nameLo }, locale, bank.nameEn),
    nameTH: bank.nameTh,
    nameEN: bank.nameEn,
  };
}

async function contactQrDataUrl(link: string): Promise<string> {
  const svg = await QRCode.toString(link, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' });
  return `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
}

export type LookupsService = ReturnType<typeof createLookupsService>;

/** Cleans a setting staff wrote: HTML members are shown, and the contact QR drawn when none is given. */
async function cleanSiteSetting<K extends SiteSettingKey>(
  key: K,
  value: SiteSettings[K],
): Promise<SiteSettings[K]> {
  const list = (texts: LocalizedList): LocalizedList => ({
    th: texts.th.map(sanitizeHtml),
    lo: texts.lo.map(sanitizeHtml),
    en: texts.en.map(sanitizeHtml),
  });
  if (key === 'conditions' || key === 'agreements') return list(value as LocalizedList) as SiteSettings[K];
  if (key === 'notice' && value !== null) {
    const notice = value as Localized;
    return {
      th: sanitizeHtml(notice.th),
      lo: sanitizeHtml(notice.lo),
      en: sanitizeHtml(notice.en),
    } as SiteSettings[K];
  }
  if (key === 'contact') {
    const contact = value as SiteSettings['contact'];
    return {
      ...contact,
      lineQR: contact.lineQR ?? (await contactQrDataUrl(contact.lineLink)),
    } as SiteSettings[K];
  }
  return value;
}

/**
 * The agreement's version: a digest of its text in every language. Any change staff save is a new
 * version, and the member app asks every member to accept it again (decision 059).
 */
export function agreementsVersion(agreements: LocalizedList): string {
  return createHash('sha256').update(JSON.stringify(agreements)).digest('base64url').slice(0, 16);
}
