import { z } from 'zod';
import type { Currency } from '@wallet/contract/money';
import { normalizeAccountName } from '@wallet/contract/rules';

/** Our currency of a verifier's ISO 4217 code. */
export const CURRENCY_OF_ISO: Record<'THB' | 'LAK', Currency> = { THB: 'BAHT', LAK: 'LAK' };

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
      /**
       * The transfer's currency when the service tells it (ISO 4217 `THB`/`LAK` on the wire): the
       * amount is in it, whatever the accounts were registered as. Undefined: not told.
       */
      currency?: Currency;
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

const Name = z.string().max(200);
/**
 * A party of a transfer. Its holder's names come as `names` (one per script the service has) or,
 * as services answered before (and some still do), one `name`; both are taken, and a party with
 * neither has no name that can confirm it.
 */
const Party = z
  .object({
    bankCode: z.string().nullable(),
    accountNo: z.string(),
    names: z.array(Name).max(4).optional(),
    name: Name.nullable().optional(),
  })
  .transform(({ names = [], name, ...party }) => ({
    ...party,
    names: [...new Set(name ? [...names, name] : names)],
  }));
export const VerdictBody = z.discriminatedUnion('status', [
  z.object({
    status: z.literal('found'),
    transRef: z.string(),
    amount: z.number().int().positive(),
    /** ISO 4217, as the services write it; optional: not every service tells it. */
    currency: z.enum(['THB', 'LAK']).optional(),
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
/** A part counts as shown whole with at least this many letters: `A` alone tells too little. */
const WHOLE_MIN_LETTERS = 2;

/**
 * The letters of a name part that tell it apart. In Thai and Lao only consonants count: a vowel
 * written before its consonant (เ แ โ ใ ไ, ເ ແ ໂ ໃ ໄ) starts a syllable but says nothing of it
 * alone, and vowel signs and tone marks belong to a consonant. Any other letter counts.
 */
function letters(part: string): number {
  let count = 0;
  for (const char of part) {
    const code = char.codePointAt(0) as number;
    if (code >= 0x0e00 && code <= 0x0e7f) {
      if (code >= 0x0e01 && code <= 0x0e2e) count += 1;
    } else if (code >= 0x0e80 && code <= 0x0eff) {
      if ((code >= 0x0e81 && code <= 0x0eae) || (code >= 0x0edc && code <= 0x0edf)) count += 1;
    } else if (/\p{L}/u.test(char)) {
      count += 1;
    }
  }
  return count;
}

/** The parts of a name: upper case, dots and commas as spaces, a leading title dropped. */
function nameParts(name: string): string[] {
  let text = normalizeAccountName(name.normalize('NFC'));
  for (const [short, title] of SHORT_TITLES) text = text.replace(short, title);
  const parts = text.split(/[\s.,]+/u).filter(Boolean);
  if (parts.length > 1 && TITLES.has(parts[0] as string)) parts.shift();
  return parts;
}

/**
 * Whether a name as a service shows it can be `registered` (a member's account name). Parts are
 * compared in place. Every part but the last must be shown whole (the registered part exactly, at
 * least two letters); the last may be whole too, or cut short: the visible beginning of a part
 * marked hidden (SOMCHAI J***) or an unmarked initial (SOMCHAI J), which must show at least one
 * letter (in Thai and Lao a consonant: ใ*** shows none) and begin a registered part that is longer
 * (something was hidden). Another script (a Thai name against an English one) never matches: the
 * service's other names are tried instead, and with none left the sender is not confirmed.
 * NOTE: a name cut short still fits many people (SOMCHAI J*** is SOMCHAI JAIDEE and SOMCHAI
 * JONES); the slips service also wants the account registered before the transfer.
 */
export function nameMatches(shown: string, registered: string): boolean {
  const given = nameParts(shown);
  const ours = nameParts(registered);
  if (given.length === 0 || given.length !== ours.length) return false;
  const last = given.length - 1;
  let whole = 0;
  const fits = given.every((part, index) => {
    const full = ours[index] as string;
    const masked = MASK.test(part);
    const visible = part.replace(MASK, '');
    if (!masked && visible === full && letters(visible) >= WHOLE_MIN_LETTERS) {
      whole += 1;
      return true;
    }
    if (index !== last) return false;
    const cutShort = masked || [...visible].length <= INITIAL_MAX_CHARS;
    return cutShort && letters(visible) >= 1 && full.length > visible.length && full.startsWith(visible);
  });
  return fits && whole > 0;
}
