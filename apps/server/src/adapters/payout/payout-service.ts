import { z } from 'zod';

/**
 * Pays withdrawals into members' bank accounts. One implementation speaks HTTP
 * (`HttpPayoutService`): to the sandbox payout service mounted on this server in sandbox mode,
 * to the operator's payout gateway in production. Amounts are integer minor units.
 *
 * `send` never throws: `unknown` (timeout, connection lost, 5xx) means the order may or may not
 * have been taken; only `status(reference)` can tell later.
 */
export interface PayoutService {
  send(order: PayoutOrder): Promise<PayoutOutcome>;
  status(reference: string): Promise<PayoutStatus>;
}

export interface PayoutOrder {
  /** Our reference (the ledger hold key); the service takes a reference at most once. */
  reference: string;
  amount: bigint;
  currency: string;
  bank: { code: string; accountNo: string; accountName: string };
  /** After this instant the service refuses the reference for good (see REFERENCE_TTL_SECONDS). */
  expiresAt: Date;
}

export type PayoutOutcome =
  { kind: 'accepted' } | { kind: 'rejected'; reason: string } | { kind: 'unknown'; reason: string };

/** pending: taken, not paid yet; paid and rejected are final; not_found: never taken. */
export type PayoutStatus = 'pending' | 'paid' | 'rejected' | 'not_found';

/** The HTTP protocol, shared by the client and the sandbox service. */
export const PayoutRequestBody = z.object({
  reference: z.string().min(1).max(200),
  amount: z.number().int().positive(),
  currency: z.string().min(1),
  bankCode: z.string().min(1),
  accountNo: z.string().min(1),
  accountName: z.string().min(1),
  expiresAt: z.iso.datetime(),
});
export type PayoutRequestBody = z.infer<typeof PayoutRequestBody>;

export const PayoutStatusBody = z.object({
  reference: z.string(),
  status: z.enum(['pending', 'paid', 'rejected']),
  reason: z.string().nullable().optional(),
});
export type PayoutStatusBody = z.infer<typeof PayoutStatusBody>;

export const PAYOUT_KEY_HEADER = 'x-payout-key';
