import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type {
  WithdrawalQueueResponse,
  WithdrawalReviewItem,
  WithdrawalRules,
} from '@wallet/contract/http/console-withdrawals';
import type { PendingWithdrawalsResponse } from '@wallet/contract/http/wallet';
import type { StatementResponse } from '@wallet/contract/http/statement';
import { rowsOf } from '../../platform/db/rows';
import { memberHeaders } from '../../../test/test-app';
import { appForFile, booksAreSound, getAs, MONEY_ENV, walletOf } from '../../../test/money';
import { createStaffAndSignIn, staffCall, staffSocketAuth } from '../../../test/staff';
import { withdrawalDesk, withdrawalRules } from '../../../test/withdrawal-desk';
import { nextEvent, openSocket } from '../../../test/sockets';
import type { DeskCounts } from '@wallet/contract/http/console';
import type { AddressInfo } from 'node:net';

/** The app's clock, moved by the tests (market days, claims are on the database's clock). */
let now = new Date('2026-11-28T05:00:00.000Z');
const test = appForFile(MONEY_ENV, { clock: () => now });

const RULES = withdrawalRules({ reviewTags: ['watch'] });
const desk = withdrawalDesk(test);
const { member, withdraw, act } = desk;
/** Whether the sandbox payout service was given a reference (200) or never saw it (404). */
const payoutStatus = async (reference: string) => ((await desk.payouts(reference)) === 1 ? 200 : 404);

const staff = {} as Record<'owner' | 'finance' | 'finance2' | 'support', string>;
beforeAll(async () => {
  staff.owner = (await createStaffAndSignIn(test, { role: 'owner', now: () => now })).token;
  staff.finance = (await createStaffAndSignIn(test, { role: 'finance', now: () => now })).token;
  staff.finance2 = (await createStaffAndSignIn(test, { role: 'finance', now: () => now })).token;
  staff.support = (await createStaffAndSignIn(test, { role: 'support', now: () => now })).token;
});

const setRules = (rules: Partial<WithdrawalRules>) => desk.setRules(staff.owner, { ...RULES, ...rules });

const queue = async (token = staff.finance, status = 'review') => {
  const response = await staffCall(test.app, token, 'GET', `/api/console/withdrawals?status=${status}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<WithdrawalQueueResponse>();
};
const itemOf = async (reference: string) => (await queue()).items.find((item) => item.id === reference);
async function auditOf(action: string, withdrawal: string) {
  return rowsOf<{ detail: Record<string, unknown> }>(
    test.database.db,
    sql`select detail from staff_audit where action = ${action} and detail ->> 'withdrawal' = ${withdrawal}
        order by seq`,
  );
}

describe('withdrawal rules', () => {
  it('pays small ones at once and holds large ones, the day’s extra ones and a first one', async () => {
    await setRules({});
    const one = await member();
    const small = await withdraw(one.token, 100_000);
    const large = await withdraw(one.token, 2_000_001);
    expect(await payoutStatus(small)).toBe(200);
    expect(await payoutStatus(large)).toBe(404);
    expect((await itemOf(large))?.heldFor).toEqual(['over_auto_max']);
    expect(await itemOf(small)).toBeUndefined();

    // Three automatic ones a day; the fourth waits, and the next market day counts afresh.
    await withdraw(one.token, 100_000);
    await withdraw(one.token, 100_000);
    const fourth = await withdraw(one.token, 100_000);
    expect((await itemOf(fourth))?.heldFor).toEqual(['daily_count']);
    const today = now;
    now = new Date(today.getTime() + 24 * 3_600_000);
    expect(await payoutStatus(await withdraw(one.token, 100_000))).toBe(200);
    // Back to today (staff sessions end after a day without use on the app's clock).
    now = today;

    // The member's statement and Home say the held ones are in progress, waiting for review.
    const pending = (
      await getAs(test.app, one.token, '/api/wallet/withdrawals/pending')
    ).json<PendingWithdrawalsResponse>();
    expect(pending.withdrawals.filter((w) => w.waitingFor === 'review').map((w) => w.amount)).toEqual([
      100_000, 2_000_001,
    ]);

    // A first withdrawal is held when the rule says so; once one is paid, the next is not.
    await setRules({ reviewFirst: true });
    const newcomer = await member();
    const first = await withdraw(newcomer.token, 100_000);
    expect((await itemOf(first))?.heldFor).toEqual(['first_withdrawal']);
    expect((await act(staff.finance, first, 'approve')).statusCode).toBe(200);
    await test.services.reconciler.runOnce();
    expect(await payoutStatus(await withdraw(newcomer.token, 100_000))).toBe(200);
    await booksAreSound(test.database.db);
  });

  it('keeps a held withdrawal held past its reference’s expiry: the reconciler never voids it', async () => {
    await setRules({ autoApproveMax: { BAHT: 0, LAK: 0 } as WithdrawalRules['autoApproveMax'] });
    const one = await member(500_000);
    const held = await withdraw(one.token, 200_000);
    // Older than any reference could live: a hold the payout service never saw would be voided.
    await test.database.db.transaction(async (tx) => {
      await tx.execute(sql`set local session_replication_role = replica`);
      await tx.execute(
        sql`update ledger_transfers set created_at = created_at - interval '1 day' where idempotency_key = ${held}`,
      );
    });
    await test.services.reconciler.runOnce();
    expect((await walletOf(test.app, one.token)).wallet).toBe(300_000);
    expect((await itemOf(held))?.status).toBe('review');
    // Approved a day later: its reference runs from the approval, so it is paid, not voided.
    expect((await act(staff.finance, held, 'approve')).statusCode).toBe(200);
    await test.services.reconciler.runOnce();
    expect(await payoutStatus(held)).toBe(200);
    expect((await walletOf(test.app, one.token)).wallet).toBe(300_000);
    await booksAreSound(test.database.db);
  });
});

describe('after a crash between a decision and its money', () => {
  it('the reconciler pays an approval whose payout call never left, and voids a rejection', async () => {
    await setRules({ autoApproveMax: { BAHT: 0, LAK: 0 } as WithdrawalRules['autoApproveMax'] });
    const one = await member(500_000);
    const approved = await withdraw(one.token, 100_000);
    const rejected = await withdraw(one.token, 200_000);
    // The decisions as a process wrote them before it died: the rows, and nothing after them.
    const decide = (key: string, status: string) =>
      test.database.db.execute(
        sql`update withdrawal_orders set status = ${status}, decided_by = 1, decided_at = now(),
              refusal = case when ${status} = 'rejected' then 'other' end
            where hold_key = ${key}`,
      );
    await decide(approved, 'approved');
    await decide(rejected, 'rejected');
    expect(await payoutStatus(approved)).toBe(404);
    await test.services.reconciler.runOnce();
    expect(await payoutStatus(approved)).toBe(200);
    expect(await payoutStatus(rejected)).toBe(404);
    await test.services.reconciler.runOnce();
    expect((await walletOf(test.app, one.token)).wallet).toBe(400_000);
    const pending = (
      await getAs(test.app, one.token, '/api/wallet/withdrawals/pending')
    ).json<PendingWithdrawalsResponse>();
    expect(pending.withdrawals).toEqual([]);
    await booksAreSound(test.database.db);
  });
});

describe('the review queue', () => {
  it('a rejection returns the money, and the member reads why in their language', async () => {
    await setRules({ autoApproveMax: { BAHT: 0, LAK: 0 } as WithdrawalRules['autoApproveMax'] });
    const one = await member(500_000);
    const held = await withdraw(one.token, 200_000);
    const rejected = await act(staff.finance, held, 'reject', {
      reason: 'bank_details',
      note: '<b>name differs</b>',
    });
    expect(rejected.statusCode, rejected.body).toBe(200);
    expect(rejected.json<WithdrawalReviewItem>().decision).toMatchObject({
      refusal: 'bank_details',
      note: '<b>name differs</b>',
    });
    expect((await walletOf(test.app, one.token)).wallet).toBe(500_000);
    expect(await payoutStatus(held)).toBe(404);
    // Pressed again: the same answer, nothing moves; an approval after it is refused.
    expect((await act(staff.finance, held, 'reject', { reason: 'bank_details' })).statusCode).toBe(200);
    expect((await act(staff.finance2, held, 'approve')).json()).toEqual({ message: 'WITHDRAWAL_DECIDED' });
    expect((await walletOf(test.app, one.token)).wallet).toBe(500_000);

    for (const [language, words] of [
      ['th', 'ข้อมูลบัญชีธนาคารไม่ตรง'],
      ['en', 'bank account details do not match'],
    ] as const) {
      const response = await test.app.inject({
        method: 'POST',
        url: '/api/statement',
        payload: { page: 1, limit: 5 },
        headers: memberHeaders({ authorization: `Bearer ${one.token}`, 'accept-language': language }),
      });
      const row = response
        .json<StatementResponse>()
        .statements.find((line) => line.statementType === 'withdraw');
      expect(row).toMatchObject({ status: 'FAILED' });
      expect(row?.refusal?.description).toContain(words);
    }
    expect((await auditOf('withdrawal.reject', held))[0]?.detail).toMatchObject({
      before: 'review',
      after: 'rejected',
      reason: 'bank_details',
      amount: 200_000,
    });
    await booksAreSound(test.database.db);
  });

  it('a claim keeps colleagues off an item until it is given back or runs out', async () => {
    await setRules({ autoApproveMax: { BAHT: 0, LAK: 0 } as WithdrawalRules['autoApproveMax'] });
    const one = await member(500_000);
    const held = await withdraw(one.token, 100_000);
    const claimed = await act(staff.finance, held, 'claim');
    expect(claimed.statusCode, claimed.body).toBe(200);
    expect((await itemOf(held))?.claim?.username).toMatch(/^staff-/);
    expect((await act(staff.finance2, held, 'claim')).json()).toEqual({ message: 'WITHDRAWAL_CLAIMED' });
    expect((await act(staff.finance2, held, 'approve')).json()).toEqual({ message: 'WITHDRAWAL_CLAIMED' });
    expect((await act(staff.finance2, held, 'reject', { reason: 'other' })).json()).toEqual({
      message: 'WITHDRAWAL_CLAIMED',
    });
    // Run out (on the database's clock): free for a colleague.
    await test.database.db.execute(
      sql`update withdrawal_orders set claimed_until = now() - interval '1 second' where hold_key = ${held}`,
    );
    expect((await itemOf(held))?.claim).toBeNull();
    expect((await act(staff.finance2, held, 'approve')).statusCode).toBe(200);
    expect(await payoutStatus(held)).toBe(200);
  });

  it('over the second threshold two different staff members approve; the first cannot approve twice', async () => {
    await setRules({
      autoApproveMax: { BAHT: 0, LAK: 0 } as WithdrawalRules['autoApproveMax'],
      secondApprovalOver: { BAHT: 300_000, LAK: 300_000 } as WithdrawalRules['secondApprovalOver'],
    });
    const one = await member(1_000_000);
    const big = await withdraw(one.token, 400_000);
    const first = await act(staff.finance, big, 'approve');
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json<WithdrawalReviewItem>()).toMatchObject({ status: 'review', needsTwo: true });
    expect(await payoutStatus(big)).toBe(404);
    expect((await act(staff.finance, big, 'approve')).json()).toEqual({ message: 'STAFF_SAME_PERSON' });
    expect(await payoutStatus(big)).toBe(404);
    const second = await act(staff.owner, big, 'approve');
    expect(second.json<WithdrawalReviewItem>()).toMatchObject({ status: 'approved' });
    expect(await payoutStatus(big)).toBe(200);
    expect((await auditOf('withdrawal.approve', big)).map((row) => row.detail.after)).toEqual([
      'first_approved',
      'approved',
    ]);
  });

  it('of staff pressing approve and reject at once, exactly one decides and the money moves once', async () => {
    await setRules({ autoApproveMax: { BAHT: 0, LAK: 0 } as WithdrawalRules['autoApproveMax'] });
    const one = await member(1_000_000);
    const held = await withdraw(one.token, 300_000);
    const answers = await Promise.all([
      act(staff.finance, held, 'approve'),
      act(staff.finance2, held, 'approve'),
      act(staff.owner, held, 'reject', { reason: 'other' }),
      act(staff.finance, held, 'approve'),
    ]);
    const decided = answers.filter((answer) => answer.statusCode === 200);
    const statuses = new Set(decided.map((answer) => answer.json<WithdrawalReviewItem>().status));
    expect(statuses.size).toBe(1);
    for (const answer of answers.filter((one) => one.statusCode !== 200))
      expect(['WITHDRAWAL_DECIDED', 'WITHDRAWAL_CLAIMED']).toContain(
        answer.json<{ message: string }>().message,
      );
    await test.services.reconciler.runOnce();
    const wallet = (await walletOf(test.app, one.token)).wallet;
    expect(wallet).toBe(statuses.has('approved') ? 700_000 : 1_000_000);
    await booksAreSound(test.database.db);
  });

  it('support reads the queue with numbers masked; the rules are changed by owners only, audited', async () => {
    await setRules({ autoApproveMax: { BAHT: 0, LAK: 0 } as WithdrawalRules['autoApproveMax'] });
    const one = await member(500_000);
    const held = await withdraw(one.token, 100_000);
    const seen = (await queue(staff.support)).items.find((item) => item.id === held)!;
    expect(seen.member.username).toMatch(/^•+\d{4}$/);
    expect(seen.bank.accountNo).toMatch(/^•+\d{4}$/);
    expect((await act(staff.support, held, 'approve')).statusCode).toBe(403);
    const put = await staffCall(test.app, staff.finance, 'PUT', '/api/console/settings/withdrawals', RULES);
    expect(put.json()).toEqual({ message: 'STAFF_FORBIDDEN' });
    const bad = await staffCall(test.app, staff.owner, 'PUT', '/api/console/settings/withdrawals', {
      ...RULES,
      dailyAutoCount: -1,
    });
    expect(bad.statusCode).toBe(400);
    await setRules({ dailyAutoCount: 5 });
    const [row] = await rowsOf<{ detail: { before: WithdrawalRules; after: WithdrawalRules } }>(
      test.database.db,
      sql`select detail from staff_audit where action = 'settings.withdrawals' order by seq desc limit 1`,
    );
    expect(row?.detail.before.autoApproveMax).toEqual({ BAHT: 0, LAK: 0 });
    expect(row?.detail.after).toMatchObject({ autoApproveMax: RULES.autoApproveMax, dailyAutoCount: 5 });
  });
});

describe('live counts', () => {
  it('tells staff sockets what waits as soon as a withdrawal is held and when it is decided', async () => {
    await setRules({ autoApproveMax: { BAHT: 0, LAK: 0 } as WithdrawalRules['autoApproveMax'] });
    const counts = async () =>
      (await staffCall(test.app, staff.support, 'GET', '/api/console/desk/counts')).json<DeskCounts>();
    const before = await counts();
    const { port } = test.app.server.address() as AddressInfo;
    const socket = await openSocket(
      `http://127.0.0.1:${port}`,
      await staffSocketAuth(test.app, staff.support),
    );
    try {
      const one = await member(500_000);
      const held = nextEvent<DeskCounts>(
        socket,
        'desk',
        (data) => data.withdrawals === before.withdrawals + 1,
      );
      const reference = await withdraw(one.token, 100_000);
      await held;
      expect((await counts()).withdrawals).toBe(before.withdrawals + 1);
      const decided = nextEvent<DeskCounts>(
        socket,
        'desk',
        (data) => data.withdrawals === before.withdrawals,
      );
      expect((await act(staff.finance, reference, 'reject', { reason: 'other' })).statusCode).toBe(200);
      await decided;
    } finally {
      socket.close();
    }
  });
});

describe('notes and tags', () => {
  it('a member tagged with a tag the rules name has their withdrawals reviewed; notes are kept as text', async () => {
    await setRules({});
    const one = await member(500_000);
    const notesUrl = `/api/console/members/${one.id}/notes`;
    const tagsUrl = `/api/console/members/${one.id}/tags`;
    expect((await staffCall(test.app, staff.support, 'PUT', tagsUrl, { tags: ['watch'] })).statusCode).toBe(
      403,
    );
    expect(
      (await staffCall(test.app, staff.finance, 'PUT', tagsUrl, { tags: ['Not a tag!'] })).statusCode,
    ).toBe(400);
    const tagged = await staffCall(test.app, staff.finance, 'PUT', tagsUrl, { tags: ['Watch', 'vip'] });
    expect(tagged.json<{ tags: string[] }>().tags).toEqual(['vip', 'watch']);
    const noted = await staffCall(test.app, staff.finance, 'POST', notesUrl, {
      text: '<b>Called</b> about a slip',
    });
    expect(noted.json<{ notes: { text: string }[] }>().notes[0]?.text).toBe('<b>Called</b> about a slip');
    expect((await staffCall(test.app, staff.support, 'GET', notesUrl)).statusCode).toBe(200);
    expect(
      (await staffCall(test.app, staff.finance, 'GET', '/api/console/members/999999999/notes')).statusCode,
    ).toBe(404);

    const held = await withdraw(one.token, 100_000);
    expect((await itemOf(held))?.heldFor).toEqual(['tag']);
    // Untagged: paid at once.
    await staffCall(test.app, staff.finance, 'PUT', tagsUrl, { tags: [] });
    expect(await payoutStatus(await withdraw(one.token, 100_000))).toBe(200);
    const [audit] = await rowsOf<{ detail: { before: string[]; after: string[] } }>(
      test.database.db,
      sql`select detail from staff_audit where action = 'member.tags' and target = ${`member:${one.id}`}
          order by seq desc limit 1`,
    );
    expect(audit?.detail).toEqual({ before: ['vip', 'watch'], after: [] });
  });
});
