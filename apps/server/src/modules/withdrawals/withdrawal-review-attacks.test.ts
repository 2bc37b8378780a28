import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { WithdrawalQueueResponse } from '@wallet/contract/http/console-withdrawals';
import type { PendingWithdrawalsResponse } from '@wallet/contract/http/wallet';
import type { DeskCounts } from '@wallet/contract/http/console';
import { rowsOf } from '../../platform/db/rows';
import { appForFile, booksAreSound, getAs, MONEY_ENV, walletOf } from '../../../test/money';
import { createStaffAndSignIn, staffCall } from '../../../test/staff';
import { withdrawalDesk, withdrawalRules } from '../../../test/withdrawal-desk';

/**
 * Review findings (branch `review`): each test states a claim of decision 045 and fails while the
 * code breaks it.
 */
const test = appForFile(MONEY_ENV);

const desk = withdrawalDesk(test);
const { member, withdraw, act } = desk;
const payoutSeen = async (reference: string) => (await desk.payouts(reference)) === 1;

const staff = {} as Record<'owner' | 'finance' | 'finance2', string>;
beforeAll(async () => {
  staff.owner = (await createStaffAndSignIn(test, { role: 'owner' })).token;
  staff.finance = (await createStaffAndSignIn(test, { role: 'finance' })).token;
  staff.finance2 = (await createStaffAndSignIn(test, { role: 'finance' })).token;
  await desk.setRules(staff.owner, withdrawalRules({ autoApproveMax: 0 }));
});

/** Waits until `count` sessions wait on a lock while running an UPDATE of withdrawal_orders. */
async function untilDecisionWaits(count = 1): Promise<void> {
  for (let tries = 0; tries < 200; tries += 1) {
    const rows = await rowsOf<{ n: number }>(
      test.database.db,
      sql`select count(*)::int as n from pg_stat_activity
          where wait_event_type = 'Lock' and query ilike 'update "withdrawal_orders"%'`,
    );
    if (rows[0]!.n >= count) return;
    await sleep(25);
  }
  throw new Error('the approval never reached its UPDATE');
}

describe('a locked member is never paid through an approval (decision 045, member-lock.routes.ts)', () => {
  it('a lock asked while an approval is writing waits for it; no approval pays after the lock', async () => {
    const one = await member(500_000);
    const [first, second] = [await withdraw(one.token, 100_000), await withdraw(one.token, 100_000)];

    // Something holds the order's row for a moment (a colleague's claim, a busy database): the
    // approval has checked "not locked" and waits on its UPDATE. The member is locked meanwhile.
    let approval: ReturnType<typeof act> | undefined;
    let lock: ReturnType<typeof staffCall> | undefined;
    await test.database.db.transaction(async (tx) => {
      await tx.execute(sql`select 1 from withdrawal_orders where hold_key = ${first} for update`);
      approval = act(staff.finance, first, 'approve');
      await untilDecisionWaits();
      lock = staffCall(test.app, staff.finance2, 'POST', `/api/console/members/${one.id}/lock`, {
        reason: 'fraud ring',
      });
      await untilDecisionWaits(2);
    });
    const [approved, locked] = [await approval!, await lock!];
    expect(locked.statusCode, locked.body).toBe(200);
    // The approval was first in line on the row: it decided before the lock, and was paid.
    expect(approved.json<{ status: string }>().status).toBe('approved');
    expect(await payoutSeen(first)).toBe(true);
    // After the lock: refused, not paid, even past the route's own check of the member's status.
    await test.database.db.execute(sql`update members set status = 'active' where id = ${one.id}`);
    expect((await act(staff.finance, second, 'approve')).json()).toEqual({ message: 'MEMBER_LOCKED' });
    expect(await payoutSeen(second)).toBe(false);
  });
});

describe('what the member reads of their pending withdrawals', () => {
  it('shows every withdrawal still held for review, however many came after it', async () => {
    const one = await member(5_000_000);
    // Eleven withdrawals held for review (staff may leave them there as long as they need).
    const held: string[] = [];
    for (let n = 0; n < 11; n += 1) held.push(await withdraw(one.token, 100_000 + n));
    const pending = (
      await getAs(test.app, one.token, '/api/wallet/withdrawals/pending')
    ).json<PendingWithdrawalsResponse>();
    // 1,100,055 of the member's money is held and waits for staff; Home should say so.
    expect(pending.withdrawals.filter((w) => w.waitingFor === 'review')).toHaveLength(11);
    expect((await walletOf(test.app, one.token)).wallet).toBe(5_000_000 - 1_100_055);
  });
});

describe('the queue and the live count show only withdrawals whose money is held', () => {
  it('a routing left by a crash before its hold is "never shown to staff" (decision 045)', async () => {
    const one = await member(500_000);
    const counts = async () =>
      (await staffCall(test.app, staff.finance, 'GET', '/api/console/desk/counts')).json<DeskCounts>();
    const queue = async () => {
      const response = await staffCall(
        test.app,
        staff.finance,
        'GET',
        '/api/console/withdrawals?status=review',
      );
      expect(response.statusCode, response.body).toBe(200);
      return response.json<WithdrawalQueueResponse>();
    };
    // One real held withdrawal, so the page is not empty (see the next test for an empty one).
    await withdraw(one.token, 100_000);
    const before = await counts();
    const queueBefore = await queue();
    // The row a process wrote before it died, with no hold behind it (what route() leaves).
    await test.database.db.execute(
      sql`insert into withdrawal_orders (hold_key, member_id, amount, currency, bank_code, account_no,
                                         account_name, status, held_for, market_day, created_at)
          values (${`m${one.id}:crashed-before-hold`}, ${one.id}, 100000, 'BAHT', 'KBANK', '1234567890',
                  'x', 'review', '["over_auto_max"]'::jsonb, '2026-01-01', now() - interval '20 minutes')`,
    );
    // The reconciler's sweep forgets a routing no hold followed (its request is long over).
    await test.services.reconciler.runOnce();
    const queueAfter = await queue();
    expect(queueAfter.items.length).toBe(queueBefore.items.length);
    // Staff are told a withdrawal waits, yet the queue has nothing to show them.
    expect(queueAfter.total).toBe(queueBefore.total);
    expect((await counts()).withdrawals).toBe(before.withdrawals);
    await booksAreSound(test.database.db);
  });

  it('an empty page of the queue answers an empty list, not a 500', async () => {
    // A page past the end (and the queue of a quiet morning, when nothing waits) has no rows.
    for (const status of ['review', 'approved', 'rejected']) {
      const response = await staffCall(
        test.app,
        staff.finance,
        'GET',
        `/api/console/withdrawals?status=${status}&page=1000`,
      );
      expect(response.statusCode, `${status}: ${response.body}`).toBe(200);
    }
  });
});
