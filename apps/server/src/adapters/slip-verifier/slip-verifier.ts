import { z } from 'zod';
import { normalizeAccountName } from '@wallet/contract/rules';

/**
 * A slip verification service: given the sending bank and the transaction reference read from a
 * slip's QR code, it answers what the bank knows of that transfer. Account numbers and names come
 * masked (xxx-x-x1234-x, SOMCHAI J***) as real services give them; `accountMatches` and
 * `nameMatches` compare them with ours.
 */
export interface SlipVerifier {
  verify(slip: { sendingBank: string; transRef: string }): Promise<SlipVerdict>;
}

export type SlipVerdict =
  | {
      status: 'found';
      /** The bank's reference of the transfer as the service writes it (its echo of the one asked). */
      reference: string;
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
  /** The account holder's name as the service shows it (usually masked), in each script it has. */
  names: string[];
}

export const SLIP_VERIFIER_KEY_HEADER = 'x-verifier-key';

export const VerifyBody = z.object({
  sendingBank: z.string().min(1).max(10),
  transRef: z.string().min(1).max(64),
});

const Party = z.object({
  bankCode: z.string().nullable(),
  accountNo: z.string(),
  names: z.array(z.string().max(200)).max(4),
});
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

/**
 * A bank reference as we key it: upper case. NOTE: the QR code carries it in any case, and a QR
 * with a valid checksum can be re-made by anyone, so a reference in another case must not be
 * another transfer (another credit).
 */
export const normalizeReference = (reference: string): string => reference.toUpperCase();

/** Titles that verification services put before a holder's name (Thai, Lao, English). */
const TITLES = new Set([
  ...['นาย', 'นาง', 'นางสาว', 'เด็กชาย', 'เด็กหญิง'],
  ...['ທ້າວ', 'ນາງ', 'ນາງສາວ'],
  ...['MR', 'MRS', 'MS', 'MISS'],
]);
/** Thai titles written short; their dots must not split them. */
const SHORT_TITLES: [RegExp, string][] = [
  [/^น\.\s*ส\./u, 'นางสาว '],
  [/^ด\.\s*ช\./u, 'เด็กชาย '],
  [/^ด\.\s*ญ\./u, 'เด็กหญิง '],
];
/** How services mark the hidden rest of a name part (SOMCHAI J***). */
const MASK = /[*•…]+$/u;
/** An unmarked last part this short is an initial (SOMCHAI J); a longer one is the whole part. */
const INITIAL_MAX_CHARS = 2;

/** The parts of a name: upper case, dots and commas as spaces, a leading title dropped. */
function nameParts(name: string): string[] {
  let text = normalizeAccountName(name.normalize('NFC'));
  for (const [short, title] of SHORT_TITLES) text = text.replace(short, title);
  const parts = text.split(/[\s.,]+/u).filter(Boolean);
  if (parts.length > 1 && TITLES.has(parts[0] as string)) parts.shift();
  return parts;
}

/**
 * Whether a name as a service shows it can be `registered` (a member's account name). Each part
 * must be the registered part in the same place: whole, or its beginning when the service hides
 * the rest (SOMCHAI J***, or SOMCHAI J: the last part as an initial); at least one part must be
 * shown whole. Another script (a Thai name against an English one) never matches: the service's
 * other names are tried instead, and with none left the sender is not confirmed.
 */
export function nameMatches(shown: string, registered: string): boolean {
  const given = nameParts(shown);
  const ours = nameParts(registered);
  if (given.length === 0 || given.length !== ours.length) return false;
  let whole = 0;
  const fits = given.every((part, index) => {
    const full = ours[index] as string;
    const masked = MASK.test(part);
    const visible = part.replace(MASK, '');
    if (!masked && visible === full) {
      whole += 1;
      return true;
    }
    const initial = index === given.length - 1 && [...visible].length <= INITIAL_MAX_CHARS;
    const cutShort = masked || initial;
    return cutShort && full.startsWith(visible);
  });
  return fits && whole > 0;
}
