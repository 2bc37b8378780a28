import { z } from 'zod';

/**
 * A slip verification service: given the sending bank and the transaction reference read from a
 * slip's QR code, it answers what the bank knows of that transfer. Account numbers come masked
 * (xxx-x-x1234-x) as real services give them; `accountMatches` compares them with ours.
 */
export interface SlipVerifier {
  verify(slip: { sendingBank: string; transRef: string }): Promise<SlipVerdict>;
}

export type SlipVerdict =
  | {
      status: 'found';
      amount: bigint;
      paidAt: Date;
      sender: SlipParty;
      receiver: SlipParty;
    }
  | { status: 'not_found' };

export interface SlipParty {
  /** Our bank code (SCB, KBANK, ...), when the service knows it. */
  bankCode: string | null;
  /** Masked account number as the service gives it. */
  accountNo: string;
  name: string;
}

export const SLIP_VERIFIER_KEY_HEADER = 'x-verifier-key';

export const VerifyBody = z.object({
  sendingBank: z.string().min(1).max(10),
  transRef: z.string().min(1).max(64),
});

const Party = z.object({ bankCode: z.string().nullable(), accountNo: z.string(), name: z.string() });
export const VerdictBody = z.discriminatedUnion('status', [
  z.object({
    status: z.literal('found'),
    transRef: z.string(),
    amount: z.number().int().positive(),
    paidAt: z.string().datetime(),
    sender: Party,
    receiver: Party,
  }),
  z.object({ status: z.literal('not_found'), transRef: z.string() }),
]);
export type VerdictBody = z.infer<typeof VerdictBody>;

/**
 * Whether a masked account number (digits and x, any separators) can be `full`. Services mask
 * in their own layouts (xxx-x-x1234-x whatever the length), so the two are aligned at their
 * last digit; every shown digit must be in place, and at least four must be shown (fewer would
 * match too many accounts).
 */
export function accountMatches(masked: string, full: string): boolean {
  const pattern = [...masked.toLowerCase().replace(/[^0-9x]/g, '')].reverse();
  const digits = [...full.replace(/\D/g, '')].reverse();
  if (pattern.filter((char) => char !== 'x').length < 4) return false;
  return pattern.every((char, index) => char === 'x' || char === digits[index]);
}
