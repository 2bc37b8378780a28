import { z } from 'zod';
import { Amount, CURRENCIES } from '../money';
import { HOWTO_TOPICS, MARKETS } from '../constants';

/**
 * Answers of GET /api/lookup/<name> (spec sections 3 and 7). Texts a member reads come
 * in the language the request asks for (Accept-Language: th, lo or en; Thai otherwise).
 * HTML fields are sanitized by the web app before they are shown.
 */

export const Bank = z
  .object({
    code: z.string(),
    nameTH: z.string(),
    nameEN: z.string(),
    market: z.enum(MARKETS),
    /** Account names at this bank must be English letters only (KTB, TMB, BBL). */
    englishNameOnly: z.boolean(),
  })
  .meta({ id: 'Bank' });
export type Bank = z.infer<typeof Bank>;

export const BanksLookup = z.object({ banks: z.array(Bank) }).meta({ id: 'BanksLookup' });
export type BanksLookup = z.infer<typeof BanksLookup>;

export const SourcesLookup = z
  .object({ sources: z.array(z.object({ code: z.string(), description: z.string() })) })
  .meta({ id: 'SourcesLookup' });
export type SourcesLookup = z.infer<typeof SourcesLookup>;

export const InfoLookup = z
  .object({ info: z.object({ name: z.string(), website: z.string() }) })
  .meta({ id: 'InfoLookup' });
export type InfoLookup = z.infer<typeof InfoLookup>;

export const ContactLookup = z
  .object({
    contact: z.object({
      contactText: z.string(),
      lineLink: z.string(),
      lineName: z.string(),
      /** An image URL (often a data: URL) of the chat QR code; null: the app shows its own. */
      lineQR: z.string().nullable(),
    }),
  })
  .meta({ id: 'ContactLookup' });
export type ContactLookup = z.infer<typeof ContactLookup>;

/** Rules of the site, each an HTML fragment. */
export const ConditionsLookup = z
  .object({ conditions: z.array(z.string()) })
  .meta({ id: 'ConditionsLookup' });
export type ConditionsLookup = z.infer<typeof ConditionsLookup>;

/** The member agreement, each paragraph an HTML fragment. */
export const AgreementsLookup = z
  .object({ agreements: z.array(z.string()) })
  .meta({ id: 'AgreementsLookup' });
export type AgreementsLookup = z.infer<typeof AgreementsLookup>;

/** An announcement for the home screen as HTML, or null when there is none. */
export const NoticeLookup = z.object({ notice: z.string().nullable() }).meta({ id: 'NoticeLookup' });
export type NoticeLookup = z.infer<typeof NoticeLookup>;

export const WithdrawLookup = z
  .object({ withdrawMin: Amount, withdrawMax: Amount })
  .meta({ id: 'WithdrawLookup', description: 'Withdrawal limits in minor units.' });
export type WithdrawLookup = z.infer<typeof WithdrawLookup>;

/** Hours are "HH:mm" in the operator's time zone; uploads are refused from closedFrom to closedTo. */
export const SlipLookup = z
  .object({
    slip: z.object({
      maxAgeMinutes: z.number().int().positive(),
      closedFrom: z.string().nullable(),
      closedTo: z.string().nullable(),
      timeZone: z.string(),
    }),
  })
  .meta({ id: 'SlipLookup' });
export type SlipLookup = z.infer<typeof SlipLookup>;

export const ActiveLookup = z
  .object({ terminated: z.boolean() })
  .meta({ id: 'ActiveLookup', description: 'terminated: the service is switched off.' });
export type ActiveLookup = z.infer<typeof ActiveLookup>;

export const RegisterOtpLookup = z.object({ registerOTP: z.boolean() }).meta({ id: 'RegisterOtpLookup' });
export type RegisterOtpLookup = z.infer<typeof RegisterOtpLookup>;

export const ChatWidgetLookup = z.object({ enableChatWidget: z.boolean() }).meta({ id: 'ChatWidgetLookup' });
export type ChatWidgetLookup = z.infer<typeof ChatWidgetLookup>;

export const DEPOSIT_MODES = ['AUTO', 'SMS'] as const;

export const DepositBank = z
  .object({
    bankType: z.string(),
    bankCode: z.string(),
    mode: z.enum(DEPOSIT_MODES),
    bank: z.object({ nameTH: z.string(), nameEN: z.string() }),
    bankAccountName: z.string(),
    bankAccountNo: z.string(),
    currency: z.enum(CURRENCIES),
  })
  .meta({ id: 'DepositBank' });
export type DepositBank = z.infer<typeof DepositBank>;

export const DepositWallet = z
  .object({ mode: z.enum(DEPOSIT_MODES), walletAccountName: z.string() })
  .meta({ id: 'DepositWallet' });
export type DepositWallet = z.infer<typeof DepositWallet>;

export const DepositLookup = z
  .object({ banks: z.array(DepositBank), wallets: z.array(DepositWallet), isManual: z.boolean() })
  .meta({ id: 'DepositLookup' });
export type DepositLookup = z.infer<typeof DepositLookup>;

/** The how-to videos (URLs served by the server), in the order of HOWTO_TOPICS. */
export const HowtoLookup = z
  .object({ videos: z.array(z.object({ topic: z.enum(HOWTO_TOPICS), url: z.string() })) })
  .meta({ id: 'HowtoLookup' });
export type HowtoLookup = z.infer<typeof HowtoLookup>;

/** Market of this deployment and what it offers at registration. */
export const MarketLookup = z
  .object({ market: z.enum(MARKETS), currencies: z.array(z.enum(CURRENCIES)) })
  .meta({ id: 'MarketLookup' });
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
