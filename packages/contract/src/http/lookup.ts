// NOTE: zod/mini, not zod: the first page of the member site asks for lookups and checks each
// answer against these schemas (issue 15, decision 033). The server reads them as any other.
import { z } from 'zod/mini';
import { Amount, CURRENCIES, perCurrency } from '../money';
import { HOWTO_TOPICS, MARKETS } from '../constants';

/**
 * Answers of GET /api/lookup/<name> (spec sections 3 and 7). Texts a member reads come
 * in the language the request asks for (Accept-Language: th, lo or en; Thai otherwise).
 * HTML fields are sanitized by the web app before they are shown.
 */

/**
 * A bank's names wherever one is answered (lookups, the profile): `name` in the request's
 * language (a missing Lao name falls back on the Thai, then the English one), and the Thai and
 * English names the spec lists. Screens show `name`.
 */
export const BankNames = z
  .object({ name: z.string(), nameTH: z.string(), nameEN: z.string() })
  .register(z.globalRegistry, { id: 'BankNames' });
export type BankNames = z.infer<typeof BankNames>;

export const Bank = z
  .extend(BankNames, {
    code: z.string(),
    market: z.enum(MARKETS),
    /** Account names at this bank must be English letters only (KTB, TMB, BBL). */
    englishNameOnly: z.boolean(),
    /** How many digits its account numbers have (none listed: not known); decision 035. */
    accountNoLengths: z.array(z.number()),
  })
  .register(z.globalRegistry, { id: 'Bank' });
export type Bank = z.infer<typeof Bank>;

export const BanksLookup = z
  .object({ banks: z.array(Bank) })
  .register(z.globalRegistry, { id: 'BanksLookup' });
export type BanksLookup = z.infer<typeof BanksLookup>;

export const SourcesLookup = z
  .object({ sources: z.array(z.object({ code: z.string(), description: z.string() })) })
  .register(z.globalRegistry, { id: 'SourcesLookup' });
export type SourcesLookup = z.infer<typeof SourcesLookup>;

export const InfoLookup = z
  .object({ info: z.object({ name: z.string(), website: z.string() }) })
  .register(z.globalRegistry, { id: 'InfoLookup' });
export type InfoLookup = z.infer<typeof InfoLookup>;

export const ContactLookup = z
  .object({
    contact: z.object({
      contactText: z.string(),
      lineLink: z.string(),
      lineName: z.string(),
      /** An image URL (often a data: URL) of the chat QR code; null: the app shows its own. */
      lineQR: z.nullable(z.string()),
      /** A WhatsApp link (wa.me) and the name or number shown; empty: not offered. */
      whatsappLink: z.optional(z.string()),
      whatsappName: z.optional(z.string()),
    }),
  })
  .register(z.globalRegistry, { id: 'ContactLookup' });
export type ContactLookup = z.infer<typeof ContactLookup>;

/** Rules of the site, each an HTML fragment. */
export const ConditionsLookup = z
  .object({ conditions: z.array(z.string()) })
  .register(z.globalRegistry, { id: 'ConditionsLookup' });
export type ConditionsLookup = z.infer<typeof ConditionsLookup>;

/**
 * The member agreement, each paragraph an HTML fragment, and its version: a member who accepted
 * another version is asked again.
 */
export const AgreementsLookup = z
  .object({ agreements: z.array(z.string()), version: z.string() })
  .register(z.globalRegistry, { id: 'AgreementsLookup' });
export type AgreementsLookup = z.infer<typeof AgreementsLookup>;

/** An announcement for the home screen as HTML, or null when there is none. */
export const NoticeLookup = z
  .object({ notice: z.nullable(z.string()) })
  .register(z.globalRegistry, { id: 'NoticeLookup' });
export type NoticeLookup = z.infer<typeof NoticeLookup>;

/** One currency's withdrawal limits, in its minor units. */
export const WithdrawLimits = z.object({ withdrawMin: Amount, withdrawMax: Amount });
export type WithdrawLimits = z.infer<typeof WithdrawLimits>;

/** Withdrawal limits per currency, each keyed by its currency (decision 067): a member reads their own. */
export const WithdrawLookup = perCurrency(WithdrawLimits).register(z.globalRegistry, {
  id: 'WithdrawLookup',
  description: 'Withdrawal limits of each currency, in its minor units.',
});
export type WithdrawLookup = z.infer<typeof WithdrawLookup>;

/** Hours are "HH:mm" in the operator's time zone; uploads are refused from closedFrom to closedTo. */
export const SlipLookup = z
  .object({
    slip: z.object({
      maxAgeMinutes: z.int().check(z.positive()),
      closedFrom: z.nullable(z.string()),
      closedTo: z.nullable(z.string()),
      timeZone: z.string(),
    }),
  })
  .register(z.globalRegistry, { id: 'SlipLookup' });
export type SlipLookup = z.infer<typeof SlipLookup>;

export const ActiveLookup = z.object({ terminated: z.boolean() }).register(z.globalRegistry, {
  id: 'ActiveLookup',
  description: 'terminated: the service is switched off.',
});
export type ActiveLookup = z.infer<typeof ActiveLookup>;

export const RegisterOtpLookup = z
  .object({ registerOTP: z.boolean() })
  .register(z.globalRegistry, { id: 'RegisterOtpLookup' });
export type RegisterOtpLookup = z.infer<typeof RegisterOtpLookup>;

export const ChatWidgetLookup = z
  .object({ enableChatWidget: z.boolean() })
  .register(z.globalRegistry, { id: 'ChatWidgetLookup' });
export type ChatWidgetLookup = z.infer<typeof ChatWidgetLookup>;

export const DEPOSIT_MODES = ['AUTO', 'SMS'] as const;

export const DepositBank = z
  .object({
    bankType: z.string(),
    bankCode: z.string(),
    mode: z.enum(DEPOSIT_MODES),
    bank: BankNames,
    /** The operator's account name in the request's language, else as the bank holds it. */
    bankAccountName: z.string(),
    bankAccountNo: z.string(),
    currency: z.enum(CURRENCIES),
  })
  .register(z.globalRegistry, { id: 'DepositBank' });
export type DepositBank = z.infer<typeof DepositBank>;

export const DepositWallet = z
  .object({ mode: z.enum(DEPOSIT_MODES), walletAccountName: z.string() })
  .register(z.globalRegistry, { id: 'DepositWallet' });
export type DepositWallet = z.infer<typeof DepositWallet>;

export const DepositLookup = z
  .object({ banks: z.array(DepositBank), wallets: z.array(DepositWallet), isManual: z.boolean() })
  .register(z.globalRegistry, { id: 'DepositLookup' });
export type DepositLookup = z.infer<typeof DepositLookup>;

/** The how-to videos (URLs served by the server), in the order of HOWTO_TOPICS. */
export const HowtoLookup = z
  .object({ videos: z.array(z.object({ topic: z.enum(HOWTO_TOPICS), url: z.string() })) })
  .register(z.globalRegistry, { id: 'HowtoLookup' });
export type HowtoLookup = z.infer<typeof HowtoLookup>;

/** Market of this deployment and what it offers at registration. */
export const MarketLookup = z
  .object({ market: z.enum(MARKETS), currencies: z.array(z.enum(CURRENCIES)) })
  .register(z.globalRegistry, { id: 'MarketLookup' });
export type MarketLookup = z.infer<typeof MarketLookup>;

/** Every lookup, by the name in its path: one table for the server routes and the web client. */
export const LOOKUPS = {
  banks: BanksLookup,
  deposit: DepositLookup,
  conditions: ConditionsLookup,
  agreements: AgreementsLookup,
  info: InfoLookup,
  notice: NoticeLookup,
  contact: ContactLookup,
  withdraw: WithdrawLookup,
  slip: SlipLookup,
  sources: SourcesLookup,
  active: ActiveLookup,
  registerOTP: RegisterOtpLookup,
  enableChatWidget: ChatWidgetLookup,
  howto: HowtoLookup,
  market: MarketLookup,
} as const;
export type LookupName = keyof typeof LOOKUPS;
export type LookupAnswer<N extends LookupName> = z.infer<(typeof LOOKUPS)[N]>;
