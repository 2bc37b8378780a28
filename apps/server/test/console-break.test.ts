import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { AuditListResponse } from '@wallet/contract/http/console-audit';
import { rowsOf } from '../src/platform/db/rows';
import { checkAuditChain } from '../src/modules/console/audit-chain.check';
import { checkAdjustments } from '../src/modules/adjustments/adjustments.check';
import { appForFile, booksAreSound, MONEY_ENV, moneyCall, walletOf } from './money';
import {
  createStaffAndSignIn,
  sessionCookieOf,
  setStaffActive,
  staffCodeStep,
  staffPasswordStep,
  totpCode,
  staffCall,
  staffHeaders,
  type SignedInStaff,
} from './staff';
import { memberHeaders } from './test-app';
import { withdrawalDesk, withdrawalRules } from './withdrawal-desk';
import { STAFF_CSRF_HEADER, STAFF_SESSION_COOKIE } from '@wallet/contract/http/console';

/**
 * Attacks on the console's money desk (issue 27): each test states what must hold and fails while
 * the code breaks it.
 */
const test = appForFile(MONEY_ENV);

const RULES = withdrawalRules({
  autoApproveMax: 1_000_000,
  dailyAutoCount: 100,
  secondApprovalOver: 2_500_000,
});
const desk = withdrawalDesk(test);
const { member, withdraw, act, payouts } = desk;

const staff = {} as Record<'owner' | 'finance' | 'finance2' | 'support', SignedInStaff>;
beforeAll(async () => {
  staff.owner = await createStaffAndSignIn(test, { role: 'owner' });
  staff.finance = await createStaffAndSignIn(test, { role: 'finance' });
  staff.finance2 = await createStaffAndSignIn(test, { role: 'finance' });
  staff.support = await createStaffAndSignIn(test, { role: 'support' });
  await desk.setRules(staff.owner.token, RULES);
});

/** Another sign-in of the same staff member (a second browser): the next time step's code. */
async function secondSession(who: SignedInStaff): Promise<string> {
  const step = await staffPasswordStep(test.app, who.username, who.password);
  const code = await totpCode(who.secret, new Date(Date.now() + 30_000));
  const answer = await staffCodeStep(test.app, step.challenge, code);
  expect(answer.statusCode, answer.body).toBe(200);
  return sessionCookieOf(answer.headers['set-cookie']);
}

const adjust = (token: string, body: object, key: string = randomUUID()) =>
  test.app.inject({
    method: 'POST',
    url: '/api/console/adjustments',
    payload: body,
    headers: staffHeaders(token, { 'idempotency-key': key }),
  });

const adjustmentCount = async () =>
  (await rowsOf<{ n: number }>(test.database.db, sql`select count(*)::int as n from balance_adjustments`))[0]!
    .n;

describe('withdrawal decisions cannot be made twice or undone', () => {
  it('a reject after a colleague’s approval is refused and returns no money', async () => {
    const one = await member();
    const reference = await withdraw(one.token, 2_000_000);
    const approved = await act(staff.finance.token, reference, 'approve');
    expect(approved.statusCode, approved.body).toBe(200);
    const rejected = await act(staff.finance2.token, reference, 'reject', { reason: 'other' });
    expect(rejected.statusCode, rejected.body).toBe(409);
    expect(rejected.json()).toEqual({ message: 'WITHDRAWAL_DECIDED' });
    // The approver’s own reject after their approval is refused too.
    const own = await act(staff.finance.token, reference, 'reject', { reason: 'other' });
    expect(own.statusCode, own.body).toBe(409);
    expect(await payouts(reference)).toBe(1);
    expect((await walletOf(test.app, one.token)).wallet).toBe(8_000_000);
    await booksAreSound(test.database.db);
  });

  it('an approval after a rejection is refused and pays nothing', async () => {
    const one = await member();
    const reference = await withdraw(one.token, 2_000_000);
    expect((await act(staff.finance.token, reference, 'reject', { reason: 'other' })).statusCode).toBe(200);
    for (const token of [staff.finance.token, staff.finance2.token]) {
      const again = await act(token, reference, 'approve');
      expect(again.statusCode, again.body).toBe(409);
    }
    expect(await payouts(reference)).toBe(0);
    expect((await walletOf(test.app, one.token)).wallet).toBe(10_000_000);
  });

  it('the first approver’s second session is still the same person (dual control)', async () => {
    const one = await member(20_000_000);
    const reference = await withdraw(one.token, 3_000_000);
    const first = await act(staff.finance.token, reference, 'approve');
    expect(first.statusCode, first.body).toBe(200);
    // A second sign-in of the same staff member: another cookie, another CSRF token.
    const token = await secondSession(staff.finance);
    const again = await act(token, reference, 'approve');
    expect(again.statusCode, again.body).toBe(403);
    expect(again.json()).toEqual({ message: 'STAFF_SAME_PERSON' });
    expect(await payouts(reference)).toBe(0);
  });

  it('ids of another kind, an automatic withdrawal and unknown ids are 404 and change nothing', async () => {
    const one = await member();
    const auto = await withdraw(one.token, 100_000);
    for (const id of [auto, 'adjustment:1', 'deposit:notice:1', 'x'.repeat(90), '1']) {
      for (const action of ['approve', 'reject', 'claim'] as const) {
        const answer = await act(
          staff.finance.token,
          id,
          action,
          action === 'reject' ? { reason: 'other' } : {},
        );
        expect(answer.statusCode, `${action} ${id}: ${answer.body}`).toBe(404);
      }
    }
    expect(await payouts(auto)).toBe(1);
  });
});

describe('a bonus claimed in the instant a held withdrawal is approved', () => {
  it('never voids a withdrawal a staff member approved: paid once, not also returned', async () => {
    const one = await member(3_000_000);
    const engine = test.services.grants.engine;
    const running = engine.hasRunningGrant.bind(engine);
    let approving = false;
    let approval: { statusCode: number; body: string } | null = null;
    // The withdrawal's check after its hold finds a bonus (claimed meanwhile); in that instant a
    // colleague approves the held withdrawal (whose own checks find none yet).
    const spy = vi.spyOn(engine, 'hasRunningGrant').mockImplementation(async (memberId) => {
      if (memberId !== one.id || approving) return memberId === one.id ? false : running(memberId);
      const [held] = await rowsOf<{ hold_key: string }>(
        test.database.db,
        sql`select hold_key from withdrawal_orders where member_id = ${one.id} and status = 'review'`,
      );
      if (!held) return false;
      approving = true;
      approval = await act(staff.finance.token, held.hold_key, 'approve');
      approving = false;
      return true;
    });
    try {
      const reference = await withdraw(one.token, 2_000_000);
      expect(approval!.statusCode, approval!.body).toBe(200);
      expect(await payouts(reference)).toBe(1);
      expect((await walletOf(test.app, one.token)).wallet).toBe(1_000_000);
      expect(await test.services.ledger.holdState(reference)).not.toBe('voided');
    } finally {
      spy.mockRestore();
    }
  });
});

describe('a decision commits only with its audit row', () => {
  it('an approval or a rejection whose audit row fails changes nothing and pays nothing', async () => {
    const one = await member(3_000_000);
    const reference = await withdraw(one.token, 2_000_000);
    const auditDown = async () => {
      throw new Error('the audit is down');
    };
    const reviews = test.services.withdrawalReviews;
    await expect(reviews.approve(reference, staff.finance.staffId, true, auditDown)).rejects.toThrow('audit');
    await expect(
      reviews.reject(reference, staff.finance.staffId, 'verification', null, true, auditDown),
    ).rejects.toThrow('audit');
    expect(await payouts(reference)).toBe(0);
    const [order] = await rowsOf<{ status: string }>(
      test.database.db,
      sql`select status from withdrawal_orders where hold_key = ${reference}`,
    );
    expect(order?.status).toBe('review');
    expect((await walletOf(test.app, one.token)).wallet).toBe(1_000_000);
    // Pressed again with the audit back, it decides and pays once.
    const approved = await act(staff.finance.token, reference, 'approve');
    expect(approved.statusCode, approved.body).toBe(200);
    expect(await payouts(reference)).toBe(1);
  });
});

describe('reading the queues', () => {
  it('writes who read members’ numbers whole, and that support read them masked', async () => {
    for (const [who, url] of [
      [staff.finance, '/api/console/withdrawals?status=review'],
      [staff.support, '/api/console/deposits/reviews'],
    ] as const) {
      const read = await staffCall(test.app, who.token, 'GET', url);
      expect(read.statusCode, read.body).toBe(200);
    }
    const rows = await rowsOf<{ staff_id: number; action: string; detail: { personal: boolean } }>(
      test.database.db,
      sql`select staff_id, action, detail from staff_audit
           where action in ('withdrawal.queue', 'deposit.queue') order by seq`,
    );
    expect(rows.map((row) => [row.staff_id, row.action, row.detail.personal])).toEqual(
      expect.arrayContaining([
        [staff.finance.staffId, 'withdrawal.queue', true],
        [staff.support.staffId, 'deposit.queue', false],
      ]),
    );
  });
});

describe('CSRF and sessions', () => {
  it('refuses a state change with the cookie alone or with another session’s CSRF token', async () => {
    const one = await member();
    const reference = await withdraw(one.token, 2_000_000);
    const url = `/api/console/withdrawals/${encodeURIComponent(reference)}/approve`;
    const cookie = `${STAFF_SESSION_COOKIE}=${staff.finance.token}`;
    const other = staffHeaders(staff.finance2.token)[STAFF_CSRF_HEADER]!;
    for (const headers of [
      memberHeaders({ cookie }),
      memberHeaders({ cookie, [STAFF_CSRF_HEADER]: other }),
      memberHeaders({ cookie, [STAFF_CSRF_HEADER]: '' }),
    ]) {
      const answer = await test.app.inject({ method: 'POST', url, headers, payload: {} });
      expect(answer.statusCode, answer.body).toBe(401);
    }
    expect(await payouts(reference)).toBe(0);
  });

  it('a switched-off staff member’s cookie stops at once', async () => {
    const gone = await createStaffAndSignIn(test, { role: 'finance' });
    const one = await member();
    const reference = await withdraw(one.token, 2_000_000);
    await setStaffActive(test, gone.staffId, false);
    const answer = await act(gone.token, reference, 'approve');
    expect(answer.statusCode, answer.body).toBe(401);
    expect(await payouts(reference)).toBe(0);
  });
});

describe('adjustments', () => {
  it('a debit racing a withdrawal never takes the wallet below zero', async () => {
    for (let round = 0; round < 5; round += 1) {
      const one = await member(100_000);
      const [withdrawn, debited] = await Promise.all([
        moneyCall(test.app, one.token, '/api/wallet/withdraw', { amount: 100_000 }),
        adjust(staff.finance.token, { memberId: one.id, amount: -100_000, reason: 'race' }),
      ]);
      const ok = [withdrawn.statusCode === 202, debited.statusCode === 200].filter(Boolean).length;
      expect(ok, `${withdrawn.body} ${debited.body}`).toBe(1);
      expect((await walletOf(test.app, one.token)).wallet).toBe(0);
    }
    await booksAreSound(test.database.db);
  });

  it('refuses malformed amounts and unknown members and creates nothing', async () => {
    const one = await member(0);
    const before = await adjustmentCount();
    for (const amount of [1.5, '100', 0, -0, 1e20, null, Number.MAX_SAFE_INTEGER + 2]) {
      const answer = await adjust(staff.finance.token, { memberId: one.id, amount, reason: 'x' });
      expect(answer.statusCode, `${String(amount)}: ${answer.body}`).toBe(400);
    }
    const unknown = await adjust(staff.finance.token, { memberId: 2_000_000_000, amount: 100, reason: 'x' });
    expect(unknown.statusCode, unknown.body).toBe(404);
    const blank = await adjust(staff.finance.token, { memberId: one.id, amount: 100, reason: '   ' });
    expect(blank.statusCode, blank.body).toBe(400);
    const noKey = await staffCall(test.app, staff.finance.token, 'POST', '/api/console/adjustments', {
      memberId: one.id,
      amount: 100,
      reason: 'x',
    });
    expect(noKey.statusCode, noKey.body).toBe(400);
    expect(await adjustmentCount()).toBe(before);
  });

  it('the maker cannot approve their own from another session, nor by a forged body field', async () => {
    const one = await member(0);
    const made = await adjust(staff.finance.token, { memberId: one.id, amount: 500_000, reason: 'big' });
    expect(made.json()).toMatchObject({ status: 'awaiting_approval' });
    const id = made.json<{ id: number }>().id;
    const forged = await staffCall(
      test.app,
      staff.finance.token,
      'POST',
      `/api/console/adjustments/${id}/approve`,
      {
        staffId: staff.finance2.staffId,
        checkerId: staff.finance2.staffId,
      },
    );
    expect(forged.statusCode, forged.body).toBe(403);
    expect((await walletOf(test.app, one.token)).wallet).toBe(0);
  });
});

describe('every staff action is audited, whatever staff type', () => {
  it('refuses a note holding a lone surrogate before anything moves (it broke the audit row after a payout)', async () => {
    const one = await member();
    const reference = await withdraw(one.token, 2_000_000);
    const answer = await test.app.inject({
      method: 'POST',
      url: `/api/console/withdrawals/${encodeURIComponent(reference)}/approve`,
      headers: { ...staffHeaders(staff.finance.token), 'content-type': 'application/json' },
      payload: '{"note":"ok \\ud800"}',
    });
    const audited = await rowsOf<{ n: number }>(
      test.database.db,
      sql`select count(*)::int as n from staff_audit
          where action = 'withdrawal.approve' and detail ->> 'withdrawal' = ${reference}`,
    );
    const paid = await payouts(reference);
    expect({ status: answer.statusCode, paid, audited: audited[0]!.n }, answer.body).toEqual({
      status: 400,
      paid: 0,
      audited: 0,
    });
  });
});

describe('a claim given back', () => {
  it('is written to the audit, naming the member, and only when the caller held it', async () => {
    const one = await member();
    const reference = await withdraw(one.token, 2_000_000);
    expect((await act(staff.finance.token, reference, 'claim')).statusCode).toBe(200);
    const release = (token: string) =>
      staffCall(test.app, token, 'DELETE', `/api/console/withdrawals/${encodeURIComponent(reference)}/claim`);
    // A colleague's "release" gives back nothing and writes nothing.
    expect((await release(staff.finance2.token)).statusCode).toBe(200);
    expect((await release(staff.finance.token)).statusCode).toBe(200);
    const rows = await rowsOf<{ staff_id: number; target: string }>(
      test.database.db,
      sql`select staff_id, target from staff_audit
          where action = 'withdrawal.release' and detail ->> 'withdrawal' = ${reference}`,
    );
    expect(rows).toEqual([{ staff_id: staff.finance.staffId, target: `member:${one.id}` }]);
  });
});

describe('deposit review ids', () => {
  it('answers 404 for ids past any row of their kind, and 400 for ids of no kind', async () => {
    for (const id of [
      'slip:999999999999999999',
      'qr:99999999999',
      'notice:2147483648',
      'gift:AAAAAAAAAAAAAAAA',
    ]) {
      for (const action of ['credit', 'refuse']) {
        const answer = await staffCall(
          test.app,
          staff.finance.token,
          'POST',
          `/api/console/deposits/reviews/${id}/${action}`,
          { note: 'x', amount: 100 },
        );
        expect(answer.statusCode, `${action} ${id}: ${answer.body}`).toBe(404);
      }
    }
    for (const id of ['withdrawal:1', 'slip:0', 'slip:-1', 'slip:1.5', 'qr:1e3']) {
      const answer = await staffCall(
        test.app,
        staff.finance.token,
        'POST',
        `/api/console/deposits/reviews/${id}/refuse`,
        {
          note: 'x',
        },
      );
      expect(answer.statusCode, `${id}: ${answer.body}`).toBe(400);
    }
  });
});

describe('the audit screen’s member filter', () => {
  it('finds the balance adjustments made to the member: asked, approved and rejected', async () => {
    const one = await member(0);
    const small = await adjust(staff.finance.token, { memberId: one.id, amount: 5_000, reason: 'small' });
    const big = await adjust(staff.finance.token, { memberId: one.id, amount: 500_000, reason: 'big' });
    const bigger = await adjust(staff.finance.token, { memberId: one.id, amount: 600_000, reason: 'bigger' });
    const [bigId, biggerId] = [big.json<{ id: number }>().id, bigger.json<{ id: number }>().id];
    const approve = await staffCall(
      test.app,
      staff.finance2.token,
      'POST',
      `/api/console/adjustments/${bigId}/approve`,
    );
    expect(approve.statusCode, approve.body).toBe(200);
    const reject = await staffCall(
      test.app,
      staff.finance2.token,
      'POST',
      `/api/console/adjustments/${biggerId}/reject`,
      { reason: 'no' },
    );
    expect(reject.statusCode, reject.body).toBe(200);
    const page = await staffCall(test.app, staff.owner.token, 'GET', `/api/console/audit?memberId=${one.id}`);
    expect(page.statusCode, page.body).toBe(200);
    const found = page
      .json<AuditListResponse>()
      .rows.filter((row) => row.action.startsWith('adjustment.'))
      .map((row) => [row.action, (JSON.parse(row.detail) as { adjustment: number }).adjustment]);
    expect(found.sort()).toEqual(
      [
        ['adjustment.create', small.json<{ id: number }>().id],
        ['adjustment.create', bigId],
        ['adjustment.create', biggerId],
        ['adjustment.approve', bigId],
        ['adjustment.reject', biggerId],
      ].sort(),
    );
  });
});

describe('after every attack', () => {
  it('leaves the books, the adjustments and the audit chain sound', async () => {
    await booksAreSound(test.database.db);
    expect((await checkAdjustments(test.database.db)).problems).toEqual([]);
    expect(await checkAuditChain(test.database.db)).toEqual([]);
  });
});
