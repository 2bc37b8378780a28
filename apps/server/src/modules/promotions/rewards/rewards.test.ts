import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  InviteListResponse,
  InviteSummaryResponse,
  RefundCheckResponse,
  RefundListResponse,
} from '@wallet/contract/http/rewards';
import type { ActiveCheckResponse } from '@wallet/contract/http/bonus';
import { inviteCodeOf } from '@wallet/contract/rules';
import type { registerMember } from '../../../../test/members';
import { activate, booksAreSound, getAs, listen, moneyCall, statementOf } from '../../../../test/money';
import { testOffer } from '../../../../test/offers';
import { letters, rewardsCalls } from '../../../../test/rewards';
import { createTestApp, type TestApp } from '../../../../test/test-app';
import { promotionOffers } from '../engine/grants.tables';
import { graced, lastClosedPeriod } from './reward-periods';
import { inviteCommissions, inviteFlags, periodClosingMembers, refunds } from './rewards.tables';

/**
 * The invite bonus and the loss refund (issue 12) through the member's calls on the real database:
 * commission from deposits and from a day's loss, each once; self-referral; the daily cap; claims
 * racing; a period's refund with wins, losses and rounds under a bonus; receive and addWallet.
 */

const HOUR = 3_600_000;

describe('invite bonus and loss refund', () => {
  let t: TestApp;
  let now = new Date();
  beforeAll(async () => {
    t = await createTestApp({}, { clock: () => now });
    await t.database.db.insert(promotionOffers).values([
      // A bonus to run during part of a refund period: floor 0 so it runs until cancelled.
      testOffer('T_REFUND_BONUS', { turnoverMultiple: 50, floor: 1n, percentFail: 100 }),
    ]);
    await listen(t.app);
  });
  afterAll(() => t.close());

  const { get, postAs, credit, play, toGame, member, rewards, setInvite, setRefund } = rewardsCalls(() => t);
  /** An inviter and a friend who registered with the inviter's code (another name, another account). */
  const pair = async (friend: Parameters<typeof registerMember>[1] = {}) => {
    const inviter = await member({ bankAccountName: `INVITER ${letters()}` });
    const invitee = await member({
      inviteCode: inviteCodeOf(inviter.id),
      bankAccountName: `FRIEND ${letters()}`,
      ...friend,
    });
    return { inviter, invitee };
  };
  const summary = async (token: string) =>
    (await get<InviteSummaryResponse>(token, '/api/invite/bonus')).body;
  /** Stakes `amount` at JOKER and loses it: a deposit earns commission once played (decision 036). */
  const playThrough = async (token: string, amount: number, first = true) => {
    if (first) await activate(t.app, token, 'JOKER');
    await toGame(token, 'JOKER', amount);
    await play(token, 'JOKER', amount / 1_000, 1_000, 0);
  };

  it(
    'earns 5% of each invitee deposit once, however often the deposit is replayed or looked at',
    { tags: ['embedded'] },
    async () => {
      await setInvite({ rule: 'deposit', percent: 5, dailyCap: 100_000, minimumClaim: 2_000 });
      const { inviter, invitee } = await pair();
      expect((await summary(inviter.token)).invitees).toBe(1);
      const key = randomUUID();
      await credit(invitee.token, 40_000, key);
      await credit(invitee.token, 40_000, key); // the same deposit replayed
      await playThrough(invitee.token, 40_000);
      await Promise.all([
        summary(inviter.token),
        summary(inviter.token),
        rewards().sweep(),
        rewards().sweep(),
      ]);
      const after = await summary(inviter.token);
      expect(after.amount).toBe(2_000);
      expect(after.earned).toBe(2_000);
      const list = (await postAs<InviteListResponse>(inviter.token, '/api/invite', { page: 1, limit: 10 }))
        .body;
      expect(list.total).toBe(1);
      expect(list.invites[0]).toMatchObject({ amount: 2_000, source: 'deposit', from: { name: 'Somchai' } });
      // Another member sees none of it.
      const other = await member();
      expect((await summary(other.token)).amount).toBe(0);
      expect(
        (await postAs<InviteListResponse>(other.token, '/api/invite', { page: 1, limit: 10 })).body.total,
      ).toBe(0);
      await booksAreSound(t.database.db);
    },
  );

  it('earns nothing from a self-referral and flags it for staff', async () => {
    await setInvite({ rule: 'deposit', percent: 5 });
    const inviter = await member({ bankAccountName: 'SAME PERSON' });
    const invitee = await member({ inviteCode: inviteCodeOf(inviter.id), bankAccountName: 'same  person' });
    await credit(invitee.token, 40_000);
    const after = await summary(inviter.token);
    expect(after.amount).toBe(0);
    const [flag] = await t.database.db
      .select()
      .from(inviteFlags)
      .where(eq(inviteFlags.inviteeId, invitee.id));
    expect(flag).toMatchObject({ inviterId: inviter.id, reason: 'same_account_name' });
    expect((await postAs(inviter.token, '/api/invite/claim')).body.message).toBe('NO_INVITEE_PLAY_INFO');
    await booksAreSound(t.database.db);
  });

  it('holds the daily cap across invitees and deposits', async () => {
    await setInvite({ rule: 'deposit', percent: 10, dailyCap: 5_000 });
    const { inviter, invitee } = await pair();
    const second = await member({
      inviteCode: inviteCodeOf(inviter.id),
      bankAccountName: `OTHER ${letters()}`,
    });
    await Promise.all([
      credit(invitee.token, 30_000),
      credit(second.token, 30_000),
      credit(invitee.token, 30_000),
    ]);
    await Promise.all([playThrough(invitee.token, 60_000), playThrough(second.token, 30_000)]);
    await Promise.all([rewards().sweep(), summary(inviter.token)]);
    expect((await summary(inviter.token)).amount).toBe(5_000);
    const rows = await t.database.db
      .select()
      .from(inviteCommissions)
      .where(eq(inviteCommissions.inviterId, inviter.id));
    expect(rows).toHaveLength(3);
    expect(rows.map((row) => row.note).sort()).toContain('capped');
    await booksAreSound(t.database.db);
  });

  it('earns a percent of an invitee’s loss of a closed day, once when the day is closed twice', async () => {
    await setInvite({ rule: 'loss', percent: 10, dailyCap: 0, closeHour: 0, categories: ['slot'] });
    now = new Date();
    const day = lastClosedPeriod('day', 0, graced(now));
    const { inviter, invitee } = await pair();
    await credit(invitee.token, 50_000);
    await activate(t.app, invitee.token, 'JOKER');
    await activate(t.app, invitee.token, 'HUAYHD');
    await toGame(invitee.token, 'JOKER', 30_000);
    await toGame(invitee.token, 'HUAYHD', 10_000);
    await play(invitee.token, 'JOKER', 10, 1_000, 0, new Date(day.start.getTime() + HOUR)); // lost 10,000
    await play(invitee.token, 'JOKER', 1, 1_000, 3_000, new Date(day.start.getTime() + 2 * HOUR)); // won 2,000
    await play(invitee.token, 'HUAYHD', 5, 1_000, 0, new Date(day.start.getTime() + HOUR)); // lotto: not counted
    await play(invitee.token, 'JOKER', 3, 1_000, 0); // today: the next day's
    // Two processes' schedules close the same day at once, then again.
    await Promise.all([rewards().sweep(), rewards().sweep()]);
    await rewards().sweep();
    const after = await summary(inviter.token);
    expect(after.amount).toBe(800); // 10% of 8,000
    const rows = await t.database.db
      .select()
      .from(inviteCommissions)
      .where(eq(inviteCommissions.inviteeId, invitee.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ kind: 'loss', base: 8_000n, amount: 800n });
    await setInvite({ rule: 'deposit', percent: 5, dailyCap: 100_000 });
    await booksAreSound(t.database.db);
  });

  it('pays 10 concurrent claims once, as a grant whose turnover gates the withdrawal', async () => {
    await setInvite({
      rule: 'deposit',
      percent: 10,
      dailyCap: 100_000,
      minimumClaim: 2_000,
      turnoverMultiple: 3,
    });
    const { inviter, invitee } = await pair();
    expect((await postAs(inviter.token, '/api/invite/claim')).body.message).toBe('NO_INVITEE_PLAY_INFO');
    await credit(invitee.token, 10_000);
    await playThrough(invitee.token, 10_000);
    // 1,000 collected, the minimum is 2,000: keep collecting.
    expect((await postAs(inviter.token, '/api/invite/claim')).body.message).toBe('INVITE_COLLECT');
    await credit(invitee.token, 20_000);
    await playThrough(invitee.token, 20_000, false);
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => postAs<{ credited: number }>(inviter.token, '/api/invite/claim')),
    );
    const paid = answers.filter((answer) => answer.status === 200);
    expect(paid).toHaveLength(1);
    expect(paid[0]!.body).toMatchObject({ message: 'INVITE_BONUS_SUCCESS', credited: 3_000 });
    for (const answer of answers.filter((answer) => answer.status !== 200))
      expect(['BONUS_REMAINING', 'NO_INVITE_BONUS']).toContain(answer.body.message);
    expect((await summary(inviter.token)).amount).toBe(0);
    const active = (await get<ActiveCheckResponse>(inviter.token, '/api/bonus/check/active')).body;
    expect(active).toMatchObject({ status: true, type: 'invite' });
    await credit(inviter.token, 20_000);
    const withdrawal = await moneyCall(t.app, inviter.token, '/api/wallet/withdraw', { amount: 20_000 });
    expect(withdrawal.json<{ message: string }>().message).toBe('BONUS_CONDITION');
    const statement = await statementOf(t.app, inviter.token);
    const bonus = statement.statements.find((row) => row.statementType === 'bonus');
    expect(bonus?.invite?.description).toBeTruthy();
    await setInvite({ turnoverMultiple: 1 });
    await booksAreSound(t.database.db);
  });

  it('refunds 5% of a closed day’s loss, leaving out rounds played under a bonus, once', async () => {
    await setRefund({
      period: 'day',
      closeHour: 0,
      percent: 5,
      cap: 200_000,
      minimum: 100,
      categories: ['slot'],
      turnoverMultiple: 2,
    });
    const real = new Date();
    const day = lastClosedPeriod('day', 0, graced(real));
    const at = (hours: number) => new Date(day.start.getTime() + hours * HOUR);
    const m = await member();
    await activate(t.app, m.token, 'JOKER');
    await activate(t.app, m.token, 'HUAYHD');
    // A bonus runs from hour 2 to hour 3 of the day: its rounds are not refunded.
    now = at(2);
    await credit(m.token, 10_000);
    expect((await get(m.token, '/api/bonus/activate/T_REFUND_BONUS')).status).toBe(200);
    await toGame(m.token, 'JOKER', 20_000);
    await play(m.token, 'JOKER', 5, 1_000, 0, at(2.5)); // 5,000 lost under the bonus
    now = at(3);
    expect((await get(m.token, '/api/bonus/clear')).status).toBe(200);
    // Receive waits while a bonus runs; none runs now.
    now = at(4);
    await credit(m.token, 100_000);
    await toGame(m.token, 'JOKER', 100_000);
    await toGame(m.token, 'HUAYHD', 0 + (await walletAmount(m.token)));
    await play(m.token, 'JOKER', 10, 1_000, 0, at(4)); // lost 10,000
    await play(m.token, 'JOKER', 2, 1_000, 3_000, at(5)); // won 4,000
    await play(m.token, 'HUAYHD', 1, 1_000, 0, at(5)); // lotto: not eligible
    await play(m.token, 'JOKER', 4, 1_000, 0); // today
    now = real;
    // The member's check races the schedule's sweep: whichever closes the period, once.
    const [first] = await Promise.all([
      get<RefundCheckResponse>(m.token, '/api/refund/check'),
      rewards().sweep(),
    ]);
    expect(first.status).toBe(200);
    const check = (await get<RefundCheckResponse>(m.token, '/api/refund/check')).body;
    expect(check).toMatchObject({ result: true, bonus: false, refundAmount: 0, reason: null });
    expect(check.info).toMatchObject({ loss: 6_000, amount: 300, state: 'ready' });
    const rows = await t.database.db.select().from(refunds).where(eq(refunds.memberId, m.id));
    expect(rows).toHaveLength(1);

    const received = await Promise.all([
      get(m.token, '/api/refund/receive'),
      get(m.token, '/api/refund/receive'),
    ]);
    expect(received.map((answer) => answer.body.message).sort()).toEqual(['NO_REFUND', 'REFUND_SUCCESS']);
    const afterReceive = (await get<RefundCheckResponse>(m.token, '/api/refund/check')).body;
    expect(afterReceive).toMatchObject({ refundAmount: 300, result: false, reason: 'NO_REFUND' });
    expect(afterReceive.info?.state).toBe('received');
    const list = (await postAs<RefundListResponse>(m.token, '/api/refund', { page: 1, limit: 10 })).body;
    expect(list).toMatchObject({ total: 1, refunds: [{ refundAmount: 300, loss: 6_000 }] });

    const moved = await get<{ credited: number }>(m.token, '/api/refund/addWallet');
    expect(moved.body).toMatchObject({ message: 'REFUND_SUCCESS', credited: 300 });
    expect((await get(m.token, '/api/refund/addWallet')).body.message).toBe('BONUS_REMAINING');
    const active = (await get<ActiveCheckResponse>(m.token, '/api/bonus/check/active')).body;
    expect(active).toMatchObject({ status: true, type: 'refund' });
    await credit(m.token, 20_000);
    const withdrawal = await moneyCall(t.app, m.token, '/api/wallet/withdraw', { amount: 20_000 });
    expect(withdrawal.json<{ message: string }>().message).toBe('BONUS_CONDITION');
    await booksAreSound(t.database.db);
  });

  it('refuses receive while a bonus runs, and answers REFUND_MINIMUM, NO_REFUND and REFUND_INACTIVE', async () => {
    await setRefund({ minimum: 100, percent: 5, categories: ['slot'] });
    const real = new Date();
    now = real;
    const day = lastClosedPeriod('day', 0, graced(real));
    const small = await member();
    await activate(t.app, small.token, 'JOKER');
    await credit(small.token, 10_000);
    await toGame(small.token, 'JOKER', 10_000);
    await play(small.token, 'JOKER', 1, 1_000, 0, new Date(day.start.getTime() + HOUR)); // 5% of 1,000 = 50
    const check = (await get<RefundCheckResponse>(small.token, '/api/refund/check')).body;
    expect(check).toMatchObject({ result: false, reason: 'REFUND_MINIMUM' });
    expect((await get(small.token, '/api/refund/receive')).body.message).toBe('REFUND_MINIMUM');

    const idle = await member();
    expect((await get(idle.token, '/api/refund/receive')).body.message).toBe('NO_REFUND');
    expect((await get(idle.token, '/api/refund/addWallet')).body.message).toBe('NO_REFUND');

    // A bonus claimed today, after yesterday's losses: the refund waits for it.
    const busy = await member();
    await activate(t.app, busy.token, 'JOKER');
    await credit(busy.token, 10_000);
    expect((await get(busy.token, '/api/bonus/activate/T_REFUND_BONUS')).status).toBe(200);
    await toGame(busy.token, 'JOKER', 20_000);
    await play(busy.token, 'JOKER', 10, 1_000, 0, new Date(day.start.getTime() + HOUR));
    const busyCheck = (await get<RefundCheckResponse>(busy.token, '/api/refund/check')).body;
    expect(busyCheck).toMatchObject({ bonus: true, result: false, reason: 'BONUS_REMAINING' });
    expect((await get(busy.token, '/api/refund/receive')).body.message).toBe('BONUS_REMAINING');

    await rewards().updateProgram('refund', { active: false });
    expect((await get(busy.token, '/api/refund/receive')).body.message).toBe('REFUND_INACTIVE');
    await rewards().updateProgram('refund', { active: true });
    await rewards().updateProgram('invite', { active: false });
    expect((await postAs(busy.token, '/api/invite/claim')).body.message).toBe('INVITE_INACTIVE');
    await rewards().updateProgram('invite', { active: true });
    await booksAreSound(t.database.db);
  });

  it('closes every member’s share of a period once when several schedules race', async () => {
    const day = lastClosedPeriod('day', 0, graced(new Date()));
    await Promise.all([rewards().sweep(), rewards().sweep(), rewards().sweep()]);
    const pending = await t.database.db
      .select()
      .from(periodClosingMembers)
      .where(eq(periodClosingMembers.periodStart, day.start));
    expect(pending.every((row) => row.done)).toBe(true);
    const counts = await t.database.db.select().from(refunds);
    const perMember = new Set(counts.map((row) => `${row.memberId}:${row.periodStart.toISOString()}`));
    expect(perMember.size).toBe(counts.length);
    await booksAreSound(t.database.db);
  });

  async function walletAmount(token: string): Promise<number> {
    const response = await getAs(t.app, token, '/api/wallet');
    return response.json<{ wallet: { amount: number } }>().wallet.amount;
  }
});
