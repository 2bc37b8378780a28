import { z } from 'zod';
import { Amount, CURRENCIES, type Currency, type PerCurrency } from '../money';
import { SLIP_NOTES } from '../errors';
import { StatementRequest } from './statement';

/**
 * Deposits (spec sections 3, 4, 5, 7 and 9): QR payments, prepaid-wallet gift links, slips of
 * bank transfers, and manual deposit notices. Amounts are minor units.
 */

// ---------------------------------------------------------------------------------------------
// QR payments

export const QR_PROVIDERS = ['KBANK', 'WW', 'PAYONEX', 'PAYTIMZ', 'FP', 'LAOQR'] as const;
export type QrProvider = (typeof QR_PROVIDERS)[number];

/**
 * The one currency each channel's QR pays: the Thai channels' are PromptPay QR codes (baht), the
 * Lao QR's an EMVCo code in kip (currency 418) that Lao banking apps pay. A channel is offered
 * only to members whose wallet is in its currency (issue 32 section 2).
 */
export const QR_PROVIDER_CURRENCY = {
  KBANK: 'BAHT',
  WW: 'BAHT',
  PAYONEX: 'BAHT',
  PAYTIMZ: 'BAHT',
  FP: 'BAHT',
  LAOQR: 'LAK',
} as const satisfies Record<QrProvider, Currency>;

/**
 * A figure of each channel, keyed by the one currency the channel takes (decision 078): a baht
 * channel carries no kip figure, nor the kip channel a baht one.
 */
export type ChannelFigures<T> = { [P in QrProvider]: { [C in (typeof QR_PROVIDER_CURRENCY)[P]]: T } };

/** A channel's figure, in its own currency. */
export const channelFigure = <T>(figures: ChannelFigures<T>, provider: QrProvider): T =>
  (figures[provider] as Partial<PerCurrency<T>>)[QR_PROVIDER_CURRENCY[provider]]!;

/** ₭ minor units of a whole number of kip. */
const kip = (whole: number) => whole * 100;

/**
 * The quick-amount buttons of each provider (spec section 9), in minor units of the channel's
 * currency (decisions 067 and 078): the Lao QR's are kip figures.
 */
export const QR_QUICK_AMOUNTS: ChannelFigures<readonly number[]> = {
  KBANK: { BAHT: [1_000, 2_000, 5_000, 10_000, 50_000, 100_000] },
  WW: { BAHT: [10_000, 20_000, 30_000, 50_000, 100_000] },
  PAYONEX: { BAHT: [10_000, 20_000, 30_000, 50_000, 100_000] },
  PAYTIMZ: { BAHT: [1_000, 5_000, 10_000, 50_000, 100_000] },
  FP: { BAHT: [1_000, 5_000, 10_000, 50_000, 100_000] },
  LAOQR: { LAK: [kip(50_000), kip(100_000), kip(200_000), kip(500_000), kip(1_000_000)] },
};

/**
 * Default minimum of each provider in its currency (spec section 9; staff change them, and
 * PAYTIMZ's and FP's can be set by the server's configuration, so the app reads the minimum from
 * the QR state, not from here). KBANK takes anything above 0, and every QR at least 1 baht.
 */
export const QR_DEFAULT_MINIMUMS: ChannelFigures<number> = {
  KBANK: { BAHT: 100 },
  WW: { BAHT: 10_000 },
  PAYONEX: { BAHT: 10_000 },
  PAYTIMZ: { BAHT: 1_000 },
  FP: { BAHT: 1_000 },
  LAOQR: { LAK: kip(10_000) },
};

/** A QR amount is at most this (the sandbox's PromptPay payloads carry up to 13 digits). */
export const QR_MAXIMUM_MINOR = 10_000_000;

/** The largest amount of each channel's QR: ฿100,000, or ₭20,000,000 on the Lao QR. */
export const qrMaximumOf = (provider: QrProvider): number =>
  QR_PROVIDER_CURRENCY[provider] === 'LAK' ? 2_000_000_000 : QR_MAXIMUM_MINOR;

/**
 * A QR channel as members choose it (GET /api/qrcode): its name in each language the operator
 * gave (English always; the app falls back to Thai, then English) and its minimum now.
 */
export const QrChannel = z
  .object({
    provider: z.enum(QR_PROVIDERS),
    name: z.object({ en: z.string(), th: z.string().optional(), lo: z.string().optional() }),
    /** The smallest amount this channel takes now, in minor units. */
    minDeposit: Amount,
  })
  .meta({ id: 'QrChannel' });
export type QrChannel = z.infer<typeof QrChannel>;

export const QrChannelsResponse = z
  .object({ channels: z.array(QrChannel) })
  .meta({ id: 'QrChannelsResponse' });
export type QrChannelsResponse = z.infer<typeof QrChannelsResponse>;

// NOTE: path parameters carry no meta id: the OpenAPI transform needs them inline.
export const QrProviderParam = z.object({ provider: z.enum(QR_PROVIDERS) });

/** The member's QR at one provider: the open one, or none. */
export const QrState = z
  .object({
    /** Our id of the open QR; null when there is none. */
    qrcodeId: z.string().nullable(),
    hasQrcode: z.boolean(),
    /** SVG markup of the QR code (made by the server, safe to inline); null when there is none. */
    qrcode: z.string().nullable(),
    amount: z.nullable(Amount),
    /** Seconds until the QR expires (0 when there is none). */
    expireIn: z.number().int().nonnegative(),
    /** The smallest amount this provider takes now, in minor units. */
    minDeposit: Amount,
    /**
     * When no QR is open: the member's latest QR at this provider and how it ended, so the app can
     * tell a payment from an expiry or a cancel made elsewhere. Null when there was none.
     */
    lastClosed: z
      .object({ qrcodeId: z.string(), status: z.enum(['PAID', 'CANCELLED', 'EXPIRED', 'FAILED']) })
      .nullable()
      .optional(),
    /** Why no QR was made (a create that could not be done), as an error code. */
    message: z.string().optional(),
  })
  .meta({ id: 'QrState' });
export type QrState = z.infer<typeof QrState>;

export const QrCreateRequest = z
  .object({ amount: Amount.check(z.refine((amount) => amount >= 100, 'QR_MINIMUM')) })
  .meta({ id: 'QrCreateRequest' });
export type QrCreateRequest = z.infer<typeof QrCreateRequest>;

export const QrIdParam = z.object({ qrcodeId: z.string().regex(/^[A-Za-z0-9_-]{8,64}$/, 'NO_DATA') });

// ---------------------------------------------------------------------------------------------
// Prepaid-wallet gift links

/** The only currency a prepaid-wallet gift link pays (TrueMoney: baht). */
export const GIFT_LINK_CURRENCY = 'BAHT' satisfies Currency;

/**
 * Gift links worth less than this are refused (spec section 9: 2 baht), keyed by the one currency
 * a gift link pays (decision 078).
 */
export const TRUELINK_MINIMUM: Record<typeof GIFT_LINK_CURRENCY, number> = { BAHT: 200 };

/**
 * POST /api/wallet/truelink. Plain JSON over HTTPS: the spec's client-side cipher with a key
 * shipped in the app protects nothing, so it is not used.
 */
export const TruelinkRequest = z
  .object({ link: z.string().trim().min(1, 'FIELD_REQUIRED').max(500, 'TRUELINK_INVALID') })
  .meta({ id: 'TruelinkRequest' });
export type TruelinkRequest = z.infer<typeof TruelinkRequest>;

export const DepositResult = z
  .object({
    status: z.enum(['SUCCESS', 'PENDING']),
    /** Our reference of the deposit. */
    reference: z.string(),
    amount: Amount,
  })
  .meta({ id: 'DepositResult' });
export type DepositResult = z.infer<typeof DepositResult>;

/** Sandbox only: the sandbox voucher service issues a gift link worth `amount`. */
export const SandboxVoucherRequest = z
  .object({ amount: Amount.check(z.refine((amount) => amount > 0, 'INVALID_INPUT')) })
  .meta({ id: 'SandboxVoucherRequest' });
export const SandboxVoucherResponse = z.object({ link: z.string() }).meta({ id: 'SandboxVoucherResponse' });

// ---------------------------------------------------------------------------------------------
// Manual deposit notice

/** POST /api/wallet/add: a notice for staff; it credits nothing by itself. */
export const ManualDepositRequest = z
  .object({ amount: Amount.check(z.refine((amount) => amount >= 100, 'DEPOSIT_MINIMUM')) })
  .meta({ id: 'ManualDepositRequest' });
export type ManualDepositRequest = z.infer<typeof ManualDepositRequest>;

// ---------------------------------------------------------------------------------------------
// Slips

export const SLIP_STATUSES = ['SUCCESS', 'FAILED', 'PENDING'] as const;
/**
 * A listed slip may also wait for staff (REVIEW): read and verified, but its sender could not be
 * confirmed as the member, so nothing was credited (note SENDER_UNCONFIRMED, as the upload itself
 * answered); or, for slips uploaded before references were known in any letter case only,
 * credited twice (note SLIP_CREDITED_TWICE): staff take the second credit back.
 */
export const SLIP_ROW_STATUSES = [...SLIP_STATUSES, 'REVIEW'] as const;

/**
 * The daily window closed to slip uploads: "HH:mm" in the operator's time zone, from closedFrom up
 * to closedTo, over midnight when closedTo comes first; either null: never closed. The slip
 * setting stores it, the upload checks it and the sandbox sets it.
 */
const HourMinute = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/);
export const SlipWindow = z.object({ closedFrom: HourMinute.nullable(), closedTo: HourMinute.nullable() });
export type SlipWindow = z.infer<typeof SlipWindow>;

/** The answer of POST /api/wallet/slip for a slip that was read (a refused one is an error). */
export const SlipUploadResult = z
  .object({
    status: z.enum(SLIP_STATUSES),
    amount: Amount,
    /** The bank's transaction reference printed in the slip's QR code. */
    reference: z.string(),
  })
  .meta({ id: 'SlipUploadResult' });
export type SlipUploadResult = z.infer<typeof SlipUploadResult>;

export const SlipRow = z
  .object({
    createdAt: z.string(),
    amount: z.nullable(Amount),
    /**
     * The money's currency where it is not the wallet's (a slip kept for staff: sent to our
     * account of the other currency, or from the member's own; decision 069); null: the wallet's.
     */
    currency: z.enum(CURRENCIES).nullable(),
    status: z.enum(SLIP_ROW_STATUSES),
    /** Why a slip failed (spec section 8); null when it did not. */
    note: z.enum(SLIP_NOTES).nullable(),
    reference: z.string().nullable(),
    /** Where the slip image can be fetched (GET /api/statement/slip/reference/{reference}). */
    link: z.string().nullable(),
  })
  .meta({ id: 'SlipRow' });
export type SlipRow = z.infer<typeof SlipRow>;

export const SlipStatementRequest = StatementRequest;
export const SlipStatementResponse = z
  .object({ total: z.number().int().nonnegative(), slips: z.array(SlipRow) })
  .meta({ id: 'SlipStatementResponse' });
export type SlipStatementResponse = z.infer<typeof SlipStatementResponse>;

export const SlipReferenceResponse = z.object({ url: z.string() }).meta({ id: 'SlipReferenceResponse' });

/** Sandbox only: the sandbox bank makes a transfer and answers its slip as a PNG image. */
export const SandboxBankTransferRequest = z
  .object({
    fromBankCode: z.string().min(2).max(16),
    fromAccountNo: z.string().regex(/^\d{6,20}$/),
    toAccountNo: z.string().regex(/^\d{6,20}$/),
    /** The receiving account's bank; the sending bank when left out (a transfer within one bank). */
    toBankCode: z.string().min(2).max(16).optional(),
    amount: Amount.check(z.refine((amount) => amount > 0, 'INVALID_INPUT')),
    /** The transfer's currency, printed on its slip; left out: kip from a Lao bank, else baht. */
    currency: z.enum(CURRENCIES).optional(),
  })
  .meta({ id: 'SandboxBankTransferRequest' });
export type SandboxBankTransferRequest = z.infer<typeof SandboxBankTransferRequest>;
