import { LIMIT_PERIODS, type LimitKind, type LimitPeriod } from '@wallet/contract/http/limits';
import type { Database } from '../../platform/db/database';
import { runningPeriod, type RunningPeriod } from './limit-periods';
import { createLimitsRepository } from './limits.repository';

/** A member who used this share of a limit in each of the last STREAK periods is flagged. */
const NEAR = { numerator: 4n, denominator: 5n };
const STREAK = 3;

export interface LimitStreakOptions {
  db: Database;
  now: () => Date;
  depositedSince: (memberId: number, from: Date) => Promise<bigint>;
  netLossSince: (memberId: number, from: Date) => Promise<bigint>;
}

/** The `count` periods of a kind that ended before the running one, newest first. */
function periodsBefore(period: LimitPeriod, at: Date, count: number): RunningPeriod[] {
  const periods: RunningPeriod[] = [];
  let cursor = runningPeriod(period, at).start;
  for (let index = 0; index < count; index += 1) {
    const previous = runningPeriod(period, new Date(cursor.getTime() - 1));
    periods.push(previous);
    cursor = previous.start;
  }
  return periods;
}

/**
 * The risk flag "reached 80% of a limit three periods in a row" (issue 29, decision 061): for each
 * limit the member holds, the use of each of the last three ended periods against the limit in
 * force now. Use within a period is what was counted from its start less what was counted from its
 * end, as the limit itself counts (deposits from the ledger, net loss from the play tally).
 */
export function createLimitStreak(options: LimitStreakOptions) {
  const repository = createLimitsRepository(options.db);
  const since = (kind: LimitKind, memberId: number, from: Date) =>
    kind === 'deposit' ? options.depositedSince(memberId, from) : options.netLossSince(memberId, from);

  return async function nearLimitStreak(memberId: number): Promise<boolean> {
    const at = options.now();
    const limits = (await repository.limitsOf(options.db, memberId)).filter((row) => row.value !== null);
    for (const row of limits) {
      const kind = row.kind as LimitKind;
      if (!LIMIT_PERIODS.includes(row.period as LimitPeriod)) continue;
      const periods = periodsBefore(row.period as LimitPeriod, at, STREAK);
      let near = true;
      for (const { start, end } of periods) {
        const used = (await since(kind, memberId, start)) - (await since(kind, memberId, end));
        if (used * NEAR.denominator < row.value! * NEAR.numerator) {
          near = false;
          break;
        }
      }
      if (near) return true;
    }
    return false;
  };
}
