import type { BonusReward, BonusType } from '@wallet/contract/http/bonus';

/**
 * The arithmetic of a grant, apart from any storage, so the rules read in one place and the
 * model test can drive them (docs/decisions/019-bonus-grant-engine.md). Amounts are minor units.
 */

/** Thailand and Laos keep UTC+7 all year: days and weeks of offers are counted in it. */
const MARKET_OFFSET_MS = 7 * 3_600_000;
const DAY_MS = 86_400_000;

/** The bonus an offer pays on a deposit: a percent (rounded down) up to its maximum, or fixed. */
export function rewardOf(reward: BonusReward, deposit: bigint): bigint {
  if (reward.kind === 'fixed') return BigInt(reward.amount);
  // NOTE: percent may carry decimals (12.5%); in hundredths of a percent the sum stays integer.
  const basisPoints = BigInt(Math.round(reward.percent * 100));
  const raw = (deposit * basisPoints) / 10_000n;
  const max = BigInt(reward.max);
  return raw < max ? raw : max;
}

/** Turnover to play before withdrawing: multiple x (deposit + bonus). */
export function requiredTurnover(multiple: number, deposit: bigint, bonus: bigint): bigint {
  return BigInt(multiple) * (deposit + bonus);
}

/** What one bet adds to turnover in a category counting `percent` of it (rounded down). */
export function contributionOf(bet: bigint, percent: number): bigint {
  return (bet * BigInt(percent)) / 100n;
}

/** Start of the period whose claims count against maxReceived; null for `limit` (all time). */
export function periodStart(type: BonusType, now: Date): Date | null {
  if (type === 'limit') return null;
  const local = now.getTime() + MARKET_OFFSET_MS;
  const dayStart = Math.floor(local / DAY_MS) * DAY_MS;
  if (type === 'day') return new Date(dayStart - MARKET_OFFSET_MS);
  // 1970-01-01 was a Thursday: days since then, shifted so that Monday is day 0 of a week.
  const weekday = (Math.floor(local / DAY_MS) + 3) % 7;
  return new Date(dayStart - weekday * DAY_MS - MARKET_OFFSET_MS);
}

/** Whether two instants fall on the same market day. */
export function sameMarketDay(a: Date, b: Date): boolean {
  return periodStart('day', a)!.getTime() === periodStart('day', b)!.getTime();
}

const min = (a: bigint, b: bigint) => (a < b ? a : b);
const max0 = (a: bigint) => (a > 0n ? a : 0n);

/**
 * What cancelling (or expiring) takes back: percentFail of the bonus, but never less than the share
 * of the bonus whose turnover is not yet played (bonus x missing / required), so claiming and
 * cancelling soon after turns next to none of the bonus into cash; and never more than is held.
 */
export function forfeitOnCancel(
  grant: { bonus: bigint; percentFail: number; required: bigint },
  held: bigint,
  done: bigint,
): bigint {
  const share = (grant.bonus * BigInt(grant.percentFail)) / 100n;
  const missing = max0(grant.required - done);
  const unplayed = grant.required > 0n ? (grant.bonus * missing) / grant.required : 0n;
  return min(share > unplayed ? share : unplayed, max0(held));
}

/**
 * What the cap takes back when the turnover is met: everything above cap x (deposit + bonus).
 * Deposits made after the claim are the member's own, outside the promotion: they add to what
 * may be kept.
 */
export function capExcess(input: {
  capMultiple: number | null;
  deposit: bigint;
  bonus: bigint;
  held: bigint;
  laterDeposits: bigint;
}): bigint {
  if (input.capMultiple === null) return 0n;
  const cap = BigInt(input.capMultiple) * (input.deposit + input.bonus);
  return max0(input.held - cap - input.laterDeposits);
}

/** The cap in money, or null when the offer has none. */
export function capOf(capMultiple: number | null, deposit: bigint, bonus: bigint): bigint | null {
  return capMultiple === null ? null : BigInt(capMultiple) * (deposit + bonus);
}

/** What ending under the floor takes back: the remainder, at most the bonus. */
export function remainderOnEnding(bonus: bigint, held: bigint): bigint {
  return min(bonus, max0(held));
}

export type ClosingState = 'completed' | 'cancelled' | 'ended' | 'expired';

/**
 * Whether a running grant closes by itself now, and how. The member's side first: a grant whose
 * turnover is met completes even if it also fell under the floor or ran out of time.
 * `moneyInFlight`: money of the member waits for an outside answer, so the balance is not known
 * and the floor is not judged. `current`: every provider's rounds were read and booked in this
 * look; when not, turnover and balances may be behind, so only completion may be chosen (an
 * unread win must not end a grant, an unread round must not let it expire).
 */
export function closingDue(input: {
  done: bigint;
  required: bigint;
  held: bigint;
  floor: bigint;
  now: Date;
  expiresAt: Date;
  moneyInFlight: boolean;
  current: boolean;
  /** The grant has a withdraw cap. */
  capped: boolean;
}): Exclude<ClosingState, 'cancelled'> | null {
  // A cap is judged on the balances: only on a look that read and booked every provider.
  if (input.done >= input.required) return input.current || !input.capped ? 'completed' : null;
  if (!input.current) return null;
  if (!input.moneyInFlight && input.held < input.floor) return 'ended';
  if (input.now.getTime() >= input.expiresAt.getTime()) return 'expired';
  return null;
}

/** The terms a closing is judged on. */
export interface ClosingTerms {
  bonus: bigint;
  deposit: bigint;
  percentFail: number;
  capMultiple: number | null;
  required: bigint;
  /** Percent of the bonus kept once the turnover is met (a program's `success`); default 100. */
  keepPercent?: number;
}

/** A stored grant's closing terms (the engine and ledger:check read them alike). */
export function closingTermsOf(grant: {
  bonus: bigint;
  deposit: bigint;
  requiredTurnover: bigint;
  terms: { percentFail: number; withdrawCapMultiple: number | null; keepPercent?: number };
}): ClosingTerms {
  return {
    bonus: grant.bonus,
    deposit: grant.deposit,
    percentFail: grant.terms.percentFail,
    capMultiple: grant.terms.withdrawCapMultiple,
    required: grant.requiredTurnover,
    ...(grant.terms.keepPercent === undefined ? {} : { keepPercent: grant.terms.keepPercent }),
  };
}

/**
 * What a closing of this kind takes back from what the member holds now (wallet, games and money
 * in flight: decision 034).
 */
export function takeBack(
  state: ClosingState,
  grant: ClosingTerms,
  held: bigint,
  laterDeposits: bigint,
  done: bigint,
): bigint {
  switch (state) {
    case 'completed': {
      const excess = capExcess({
        capMultiple: grant.capMultiple,
        deposit: grant.deposit,
        bonus: grant.bonus,
        held,
        laterDeposits,
      });
      // NOTE: a program's grant may keep less than all of its bonus on success (decision 020).
      const cut = (grant.bonus * BigInt(100 - (grant.keepPercent ?? 100))) / 100n;
      return min(excess > cut ? excess : cut, max0(held));
    }
    case 'cancelled':
    case 'expired':
      return forfeitOnCancel(grant, held, done);
    case 'ended':
      return remainderOnEnding(grant.bonus, held);
  }
}
