/** Business constants and timings of the member site (spec section 9). */

/** Shown on the contact page. */
export const APP_VERSION = '1.1.14';

/** Every member-app call carries this header (spec section 7). */
export const CLIENT_HEADER = 'x-requested-with';
export const CLIENT_HEADER_VALUE = 'wallet-user';

export const LOCALES = ['th', 'lo', 'en'] as const;
export type Locale = (typeof LOCALES)[number];

export const MARKETS = ['TH', 'LA'] as const;
export type Market = (typeof MARKETS)[number];

export const TIMING = {
  requestTimeoutMs: 60_000,
  uploadTimeoutMs: 300_000,
  toastMs: 4_000,
  registerRedirectMs: 2_000,
  agreementDelayMs: 1_500,
  loadingDelayMs: 200,
  qrTickMs: 1_000,
} as const;

export const PAGE_SIZE = {
  statement: 10,
  slip: 10,
  invite: 10,
  refund: 10,
  coupons: 3,
  chatHistory: 10,
} as const;

/** Bank codes whose account names must be written in English letters only. */
export const ENGLISH_NAME_BANKS: readonly string[] = ['KTB', 'TMB', 'BBL'];

/** The five how-to videos, in the order the how-to page lists them. */
export const HOWTO_TOPICS = ['wallet', 'play', 'balance', 'bonus', 'endBonus'] as const;
export type HowtoTopic = (typeof HOWTO_TOPICS)[number];
/** In a how-to clip's URL, stands for the member's language (th, lo, en): one file each (decision 073). */
export const HOWTO_LANGUAGE = '{lang}';
