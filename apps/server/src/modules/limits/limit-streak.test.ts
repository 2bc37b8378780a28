import { describe, expect, it } from 'vitest';
import { appForFile, MONEY_ENV, signedInMember } from '../../../test/money';
import { bearer } from '../../../test/members';
import { memberHeaders } from '../../../test/test-app';
import { createLimitStreak } from './limit-streak';

const test = appForFile(MONEY_ENV);
const NONE = { day: null, week: null, month: null };
const DAY = 86_400_000;

/** Deposits at given instants (what the ledger would answer), and the streak check over them. */
function streakOver(deposits: { at: Date; amount: bigint }[], now: Date) {
  return createLimitStreak({
    db: test.database.db,
    now: () => now,
    depositedSince: async (_memberId, from) =>
      deposits.filter((one) => one.at >= from).reduce((sum, one) => sum + one.amount, 0n),
    netLossSince: async () => 0n,
  });
}

describe('the risk flag "near a play limit three periods in a row" (decision 061)', () => {
  it('is raised by 80% of a daily limit on each of the last three market days, and not by two', async () => {
    const member = await signedInMember(test.app);
    const set = await test.app.inject({
      method: 'PUT',
      url: '/api/account/limits',
      payload: { deposit: { ...NONE, day: 100_000 }, loss: NONE, realityCheckMinutes: null },
      headers: memberHeaders(bearer(member.token)),
    });
    expect(set.statusCode, set.body).toBe(200);

    // Noon in Bangkok (05:00 UTC) today; deposits at noon on each of the three days before.
    const now = new Date('2026-11-28T05:00:00.000Z');
    const dayBefore = (days: number, amount: bigint) => ({
      at: new Date(now.getTime() - days * DAY),
      amount,
    });
    const three = [dayBefore(1, 80_000n), dayBefore(2, 85_000n), dayBefore(3, 90_000n)];
    expect(await streakOver(three, now)(member.id)).toBe(true);
    // 79,999 on one day breaks the streak; so does a day with nothing.
    expect(await streakOver([dayBefore(1, 79_999n), ...three.slice(1)], now)(member.id)).toBe(false);
    expect(await streakOver(three.slice(0, 2), now)(member.id)).toBe(false);
    // Today's deposits are not an ended period.
    expect(await streakOver([dayBefore(0, 100_000n), ...three.slice(0, 2)], now)(member.id)).toBe(false);

    // A member without limits is never flagged, however much they deposit.
    const other = await signedInMember(test.app);
    expect(await streakOver(three, now)(other.id)).toBe(false);
    // Wired to the ledger, the member view asks it too (no ended day of this member has deposits).
    expect((await test.services.riskFlags.of(member.id, false)).flags).not.toContain('near_play_limit');
  });
});
