import { z } from 'zod';
import { Amount, CURRENCIES } from '../money';
import { RISK_FLAGS } from './console-risk';

/**
 * The console's deposits to review (issue 27 section 3, docs/decisions/049): money that arrived,
 * or may have, and that the automatic paths set aside for a person. Staff credit it (once, under
 * the ledger key the automatic path would use) or refuse it, with a note.
 */

/**
 * slip: a slip whose sender could not be confirmed; qr: a QR paid with another amount; gift: a
 * gift link the sweep could not finish after many attempts; notice: a manual deposit notice.
 */
export const DEPOSIT_REVIEW_KINDS = ['slip', 'qr', 'gift', 'notice'] as const;
export type DepositReviewKind = (typeof DEPOSIT_REVIEW_KINDS)[number];

/** A gift link still redeeming after this many attempts of the sweep waits for staff too. */
export const GIFT_LINK_REVIEW_ATTEMPTS = 6;

// NOTE: no id: a querystring's schema is inlined into its parameters by the API document.
export const DepositReviewQuery = z.object({
  kind: z.enum(DEPOSIT_REVIEW_KINDS).optional(),
  page: z.coerce.number().int().min(1).max(50).default(1),
});

/** `slip:123`, `qr:45`, `gift:<voucher code>`, `notice:9`. */
export const DEPOSIT_REVIEW_ID = /^(?:(?:slip|qr|notice):[1-9]\d{0,17}|gift:[A-Za-z0-9]{10,64})$/;
export const DepositReviewParam = z.object({ itemId: z.string().regex(DEPOSIT_REVIEW_ID) });

/** What the slip verifier told of the transfer's sender (masked as the bank service gives it). */
const SlipSender = z.object({
  bankCode: z.string().nullable(),
  accountNo: z.string(),
  names: z.array(z.string()),
});

const SlipEvidence = z.object({
  kind: z.literal('slip'),
  /** A short-lived signed link to the slip image, or null when none was kept. */
  imageUrl: z.string().nullable(),
  reference: z.string().nullable(),
  /** The sending bank's 3-digit code read from the slip's QR code. */
  sendingBank: z.string().nullable(),
  /** What the verifier said of the sender, null for slips uploaded before it was kept. */
  sender: SlipSender.nullable(),
  /** When the bank says the money left (null: slips from before it was kept). */
  paidAt: z.iso.datetime().nullable(),
  /** Why the sender was not confirmed: the account changed after the transfer, or the name. */
  unconfirmed: z.enum(['bank_changed_after', 'name_differs']).nullable(),
});

const QrEvidence = z.object({
  kind: z.literal('qr'),
  qrcodeId: z.string(),
  provider: z.string(),
  eventId: z.string(),
  paidAt: z.iso.datetime(),
});

const GiftEvidence = z.object({
  kind: z.literal('gift'),
  voucherCode: z.string(),
  attempts: z.int(),
});

const NoticeEvidence = z.object({ kind: z.literal('notice'), reference: z.string() });

export const DepositReviewItem = z
  .object({
    id: z.string(),
    kind: z.enum(DEPOSIT_REVIEW_KINDS),
    member: z.object({
      id: z.int(),
      /** Masked without members.personal, like the bank account number. */
      username: z.string(),
      name: z.string(),
      /** The member's registered bank account. */
      bank: z.object({ code: z.string(), accountNo: z.string(), accountName: z.string() }),
    }),
    /** The currency the money arrived in (a slip's: the receiving account's). */
    currency: z.enum(CURRENCIES),
    /**
     * The member's wallet's currency. An item whose `currency` differs is never credited
     * (DEPOSIT_CURRENCY_MISMATCH): staff refuse it and return the money (decision 078).
     */
    walletCurrency: z.enum(CURRENCIES),
    /** What the member's order asked for (a QR's amount, a notice's), null when nothing was asked. */
    expected: z.nullable(Amount),
    /** What the evidence says was paid (the slip's, the gateway's), null when unknown (a gift link). */
    paid: z.nullable(Amount),
    /** What a credit without an amount credits; null: staff must give one (a gift link). */
    creditAmount: z.nullable(Amount),
    createdAt: z.iso.datetime(),
    /** The member's risk flags now (decision 051), as the withdrawal queue shows them. */
    flags: z.array(z.enum(RISK_FLAGS)),
    evidence: z.discriminatedUnion('kind', [SlipEvidence, QrEvidence, GiftEvidence, NoticeEvidence]),
  })
  .meta({ id: 'DepositReviewItem' });
export type DepositReviewItem = z.infer<typeof DepositReviewItem>;

export const DepositReviewQueueResponse = z
  .object({ total: z.int().nonnegative(), items: z.array(DepositReviewItem) })
  .meta({ id: 'DepositReviewQueueResponse' });
export type DepositReviewQueueResponse = z.infer<typeof DepositReviewQueueResponse>;

/** Staff's note: plain text for colleagues (the console shows it as text, never HTML). */
const Note = z.string().trim().min(1).max(500);

export const DepositCreditRequest = z
  .object({
    note: Note,
    /**
     * Minor units. A slip credits what the bank verified (no other amount); a QR what the gateway
     * says was paid unless given; a notice its amount unless given; a gift link needs one.
     */
    amount: z.optional(Amount.check(z.positive())),
  })
  .meta({ id: 'DepositCreditRequest' });
export type DepositCreditRequest = z.infer<typeof DepositCreditRequest>;

export const DepositRefuseRequest = z.object({ note: Note }).meta({ id: 'DepositRefuseRequest' });
export type DepositRefuseRequest = z.infer<typeof DepositRefuseRequest>;

export const DepositReviewDecision = z
  .object({
    id: z.string(),
    status: z.enum(['credited', 'refused']),
    /** The amount credited (null for a refusal). */
    amount: z.nullable(Amount),
    currency: z.enum(CURRENCIES),
    memberId: z.int(),
    decidedBy: z.object({ id: z.int(), username: z.string() }),
    decidedAt: z.iso.datetime(),
    note: z.string(),
  })
  .meta({ id: 'DepositReviewDecision' });
export type DepositReviewDecision = z.infer<typeof DepositReviewDecision>;
