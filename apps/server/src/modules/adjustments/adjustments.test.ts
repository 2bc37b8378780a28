import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  AdjustmentAnswer,
  AdjustmentCreateRequest,
  AdjustmentListResponse,
} from '@wallet/contract/http/adjustment';
import { rowsOf } from '../../platform/db/rows';
import { checkAuditChain } from '../console/audit-chain.check';
import { checkLedger } from '../ledger/ledger.check';
import { accountKey } from '../ledger/ledger.service';
import { credit, signedInMember, statementOf } from '../../../test/money';
import { createStaffAndSignIn, staffCall, staffHeaders } from '../../../test/staff';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { checkAdjustments } from './adjustments.check';

let t: TestApp;
/** Two finance staff (maker and checkers), an owner (settings) and a support agent (refused). */
const staff = {} as Record<
  'maker' | 'checker' | 'second' | 'owner' | 'support',
  { token: string; staffId: number; username: string }
>;
beforeAll(async () => {
  t = await createTestApp();
  staff.maker = await createStaffAndSignIn(t, { role: 'finance' });
  staff.checker = await createStaffAndSignIn(t, { role: 'finance' });
  staff.second = await createStaffAndSignIn(t, { role: 'finance' });
  staff.owner = await createStaffAndSignIn(t, { role: 'owner' });
  staff.support = await createStaffAndSignIn(t, { role: 'support' });
});
afterAll(() => t.close());

const ask = (token: string, body: Partial<AdjustmentCreateRequest>, key: string = randomUUID()) =>
  t.app.inject({
    method: 'POST',
    url: '/api/console/adjustments',
    payload: body,
    headers: staffHeaders(token, { 'idempotency-key': key }),
  });
const approve = (token: string, id: number) =>
  staffCall(t.app, token, 'POST', `/api/console/adjustments/${id}/approve`);
const reject = (token: string, id: number, reason = 'Not confirmed with the bank') =>
  staffCall(t.app, token, 'POST', `/api/console/adjustments/${id}/reject`, { reason });

async function asked(token: string, body: Partial<AdjustmentCreateRequest>): Promise<AdjustmentAnswer> {
  const response = await ask(token, body);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<AdjustmentAnswer>();
}

/** A member with `amount` in their wallet. */
async function memberWith(amount: number) {
  const member = await signedInMember(t.app);
  if (amount > 0) await credit(t.app, member.token, amount);
  return member;
}

/** The member's wallet as the ledger holds it (minor units). */
const walletAmount = async (memberId: number) =>
  Number(await t.services.ledger.balanceOrZero(accountKey.wallet(memberId)));

const auditRows = (action: string, target: string) =>
  rowsOf<{ staff_id: number; detail: Record<string, unknown> }>(
    t.database.db,
    sql`select staff_id, detail from staff_audit where action = ${action} and target = ${target} order by seq`,
  );

/** The audit rows of one adjustment (their target names its member: decision 048's member filter). */
const adjustmentAudit = (action: string, id: number) =>
  rowsOf<{ staff_id: number; detail: Record<string, unknown> }>(
    t.database.db,
    sql`select staff_id, detail from staff_audit
        where action = ${action} and detail ->> 'adjustment' = ${String(id)} order by seq`,
  );

const transfersOf = (id: number) =>
  rowsOf<{ amount: string }>(
    t.database.db,
    sql`select amount::text from ledger_transfers where idempotency_key = ${`adjustment:${id}`}`,
  );

describe('balance adjustments', () => {
  it('applies a small one at once: the wallet moves and the member reads why', async () => {
    const member = await memberWith(20_000);
    const answer = await asked(staff.maker.token, {
      memberId: member.id,
      amount: 50_000,
      reason: 'Ticket 42: promised on the phone',
      memberReason: 'compensation',
    });
    expect(answer.status).toBe('applied');
    expect(await walletAmount(member.id)).toBe(70_000);

    const [line] = (await statementOf(t.app, member.token)).statements;
    expect(line).toMatchObject({
      statementType: 'adjustment',
      status: 'SUCCESS',
      from: 'operator',
      to: 'wallet',
      amount: 50_000,
      adjustment: { reason: 'compensation' },
    });
    // The staff note is for colleagues only.
    expect(JSON.stringify(line)).not.toContain('Ticket 42');

    const [audit] = await adjustmentAudit('adjustment.create', answer.id);
    expect(audit).toMatchObject({
      staff_id: staff.maker.staffId,
      detail: {
        member: member.id,
        amount: 50_000,
        status: { before: null, after: 'applied' },
        wallet: { before: 20_000, after: 70_000 },
      },
    });

    // A debit reads as money out, "correction" unless staff chose another reason.
    const debit = await asked(staff.maker.token, { memberId: member.id, amount: -20_000, reason: 'Typo' });
    expect(debit.status).toBe('applied');
    expect(await walletAmount(member.id)).toBe(50_000);
    expect((await statementOf(t.app, member.token)).statements[0]).toMatchObject({
      statementType: 'adjustment',
      from: 'wallet',
      to: 'operator',
      amount: 20_000,
      adjustment: { reason: 'correction' },
    });
  });

  it('holds a large one for a second person: the maker’s own approval is 403 STAFF_SAME_PERSON', async () => {
    const member = await memberWith(0);
    const waiting = await asked(staff.maker.token, {
      memberId: member.id,
      amount: 100_001,
      reason: 'Big fix',
    });
    expect(waiting.status).toBe('awaiting_approval');
    // Exactly the threshold is applied at once (above it waits).
    expect(
      (await asked(staff.maker.token, { memberId: member.id, amount: 100_000, reason: 'At the line' }))
        .status,
    ).toBe('applied');
    expect(await walletAmount(member.id)).toBe(100_000);

    const own = await approve(staff.maker.token, waiting.id);
    expect(own.statusCode).toBe(403);
    expect(own.json()).toEqual({ message: 'STAFF_SAME_PERSON' });
    expect(await walletAmount(member.id)).toBe(100_000);
    expect(await transfersOf(waiting.id)).toEqual([]);

    // The checker finds it in the queue, with who asked.
    const list = await staffCall(t.app, staff.checker.token, 'GET', '/api/console/adjustments?limit=50');
    expect(list.statusCode, list.body).toBe(200);
    const page = list.json<AdjustmentListResponse>();
    expect(page.approvalOver).toEqual({ BAHT: 100_000, LAK: 60_000_000 });
    expect(page.adjustments.find((one) => one.id === waiting.id)).toMatchObject({
      member: { id: member.id, username: member.member.username },
      amount: 100_001,
      currency: 'BAHT',
      reason: 'Big fix',
      memberReason: 'correction',
      status: 'awaiting_approval',
      maker: { id: staff.maker.staffId, username: staff.maker.username },
      checker: null,
      decidedAt: null,
    });
    expect(await t.services.adjustments.countAwaiting()).toBe(page.total);
  });

  it('counts what a maker moved alone on a member in 24 hours: a split large one waits', async () => {
    const member = await memberWith(0);
    const part = { memberId: member.id, amount: 40_000, reason: 'Split' };
    expect((await asked(staff.maker.token, part)).status).toBe('applied');
    expect((await asked(staff.maker.token, { ...part, amount: -10_000 })).status).toBe('applied');
    // 40,000 + 10,000 moved alone; 60,000 more passes the 100,000 threshold.
    const third = await asked(staff.maker.token, { ...part, amount: 60_000 });
    expect(third.status).toBe('awaiting_approval');
    expect(await walletAmount(member.id)).toBe(30_000);
    const [audit] = await adjustmentAudit('adjustment.create', third.id);
    expect(audit?.detail).toMatchObject({ movedAlone: 50_000, approvalOver: 100_000 });
    // Another maker, or the same maker on another member, starts from nothing.
    expect((await asked(staff.second.token, { ...part, amount: 60_000 })).status).toBe('applied');
    const other = await memberWith(0);
    expect((await asked(staff.maker.token, { ...part, memberId: other.id, amount: 60_000 })).status).toBe(
      'applied',
    );

    // Sent at once, two halves cannot both slip under it.
    const fresh = await memberWith(0);
    const both = await Promise.all(
      [60_000, 60_000].map((amount) =>
        asked(staff.maker.token, { memberId: fresh.id, amount, reason: 'Race' }),
      ),
    );
    expect(both.map((answer) => answer.status).sort()).toEqual(['applied', 'awaiting_approval']);
    expect(await walletAmount(fresh.id)).toBe(60_000);
  });

  it('applies once when two checkers approve at once, and answers the same again after', async () => {
    const member = await memberWith(0);
    const { id } = await asked(staff.maker.token, {
      memberId: member.id,
      amount: 250_000,
      reason: 'Lost deposit',
    });
    const before = await t.services.adjustments.countAwaiting();

    const answers = await Promise.all([
      approve(staff.checker.token, id),
      approve(staff.second.token, id),
      approve(staff.checker.token, id),
    ]);
    for (const answer of answers) {
      expect(answer.statusCode, answer.body).toBe(200);
      expect(answer.json()).toEqual({ id, status: 'applied' });
    }
    expect(await walletAmount(member.id)).toBe(250_000);
    expect(await transfersOf(id)).toEqual([{ amount: '250000' }]);
    const approvals = await adjustmentAudit('adjustment.approve', id);
    expect(approvals).toHaveLength(1);
    expect(approvals[0]!.detail).toMatchObject({
      status: { before: 'awaiting_approval', after: 'applied' },
      wallet: { before: 0, after: 250_000 },
      maker: staff.maker.staffId,
    });
    expect(await t.services.adjustments.countAwaiting()).toBe(before - 1);

    expect((await approve(staff.second.token, id)).json()).toEqual({ id, status: 'applied' });
    const late = await reject(staff.second.token, id);
    expect(late.statusCode).toBe(409);
    expect(late.json()).toEqual({ message: 'ADJUSTMENT_DECIDED' });

    const applied = (
      await staffCall(t.app, staff.owner.token, 'GET', '/api/console/adjustments?status=applied&limit=50')
    ).json<AdjustmentListResponse>();
    const decided = applied.adjustments.find((one) => one.id === id)!;
    expect([staff.checker.staffId, staff.second.staffId]).toContain(decided.checker?.id);
    expect(decided.decidedAt).not.toBeNull();
  });

  it('rejects with a reason and moves no money; the maker may withdraw their own', async () => {
    const member = await memberWith(0);
    const { id } = await asked(staff.maker.token, { memberId: member.id, amount: 300_000, reason: 'Maybe' });
    const rejected = await reject(staff.checker.token, id, 'No proof of the deposit');
    expect(rejected.json()).toEqual({ id, status: 'rejected' });
    expect((await reject(staff.checker.token, id)).json()).toEqual({ id, status: 'rejected' });
    const late = await approve(staff.second.token, id);
    expect(late.statusCode).toBe(409);
    expect(late.json()).toEqual({ message: 'ADJUSTMENT_DECIDED' });
    expect(await walletAmount(member.id)).toBe(0);
    expect(await transfersOf(id)).toEqual([]);
    expect((await adjustmentAudit('adjustment.reject', id))[0]!.detail).toMatchObject({
      reason: 'No proof of the deposit',
      status: { before: 'awaiting_approval', after: 'rejected' },
    });

    const mine = await asked(staff.maker.token, {
      memberId: member.id,
      amount: 300_000,
      reason: 'Wrong member',
    });
    expect((await reject(staff.maker.token, mine.id, 'Asked by mistake')).json()).toEqual({
      id: mine.id,
      status: 'rejected',
    });

    const missing = await approve(staff.checker.token, 999_999);
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ message: 'ADJUSTMENT_NOT_FOUND' });
  });

  it('never takes a wallet below zero, asked or approved, and changes nothing when refused', async () => {
    const member = await memberWith(30_000);
    const adjustmentsBefore = await rowsOf<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from balance_adjustments`,
    );
    const small = await ask(staff.maker.token, { memberId: member.id, amount: -30_001, reason: 'Too much' });
    expect(small.statusCode).toBe(409);
    expect(small.json()).toEqual({ message: 'ADJUSTMENT_BELOW_ZERO' });
    const large = await ask(staff.maker.token, { memberId: member.id, amount: -200_000, reason: 'Too much' });
    expect(large.json()).toEqual({ message: 'ADJUSTMENT_BELOW_ZERO' });
    expect(
      await rowsOf<{ n: number }>(t.database.db, sql`select count(*)::int as n from balance_adjustments`),
    ).toEqual(adjustmentsBefore);
    expect(await walletAmount(member.id)).toBe(30_000);

    // Enough when asked, not any more when approved: it keeps waiting, nothing moves.
    await credit(t.app, member.token, 200_000);
    const { id } = await asked(staff.maker.token, {
      memberId: member.id,
      amount: -200_000,
      reason: 'Reversal',
    });
    await asked(staff.maker.token, { memberId: member.id, amount: -100_000, reason: 'Other fix' });
    const refused = await approve(staff.checker.token, id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ message: 'ADJUSTMENT_BELOW_ZERO' });
    expect(await walletAmount(member.id)).toBe(130_000);
    expect(await transfersOf(id)).toEqual([]);
    expect(await adjustmentAudit('adjustment.approve', id)).toEqual([]);
    const still = (
      await staffCall(t.app, staff.checker.token, 'GET', '/api/console/adjustments?limit=50')
    ).json<AdjustmentListResponse>();
    expect(still.adjustments.find((one) => one.id === id)?.status).toBe('awaiting_approval');
  });

  it('is one request per Idempotency-Key, and checks what staff send', async () => {
    const member = await memberWith(0);
    const key = randomUUID();
    const body = { memberId: member.id, amount: 10_000, reason: 'Once' };
    const [first, again] = await Promise.all([
      ask(staff.maker.token, body, key),
      ask(staff.maker.token, body, key),
    ]);
    expect(first.json()).toEqual(again.json());
    expect(await walletAmount(member.id)).toBe(10_000);
    const other = await ask(staff.maker.token, { ...body, amount: 20_000 }, key);
    expect(other.statusCode).toBe(409);
    expect(other.json()).toEqual({ message: 'IDEMPOTENCY_KEY_REUSED' });

    const refusals: [Partial<AdjustmentCreateRequest>, string][] = [
      [{ ...body, reason: '  ' }, 'FIELD_REQUIRED'],
      [{ ...body, amount: 0 }, 'INVALID_INPUT'],
      [{ ...body, amount: -5_000, memberReason: 'compensation' }, 'ADJUSTMENT_REASON_DIRECTION'],
      [{ ...body, amount: 5_000, memberReason: 'duplicate' }, 'ADJUSTMENT_REASON_DIRECTION'],
    ];
    for (const [wrong, code] of refusals) {
      const answer = await ask(staff.maker.token, wrong);
      expect(answer.statusCode, code).toBe(400);
      expect(answer.json()).toEqual({ message: code });
    }
    const unknown = await ask(staff.maker.token, { ...body, memberId: 1 });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ message: 'NO_USER' });
    const keyless = await staffCall(t.app, staff.maker.token, 'POST', '/api/console/adjustments', body);
    expect(keyless.json()).toEqual({ message: 'IDEMPOTENCY_KEY_MISSING' });
    expect(await walletAmount(member.id)).toBe(10_000);
  });

  it('refuses roles without money.adjust, and masks phones for roles without members.personal', async () => {
    const member = await memberWith(0);
    const refused = await ask(staff.support.token, { memberId: member.id, amount: 1_000, reason: 'Nope' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ message: 'STAFF_FORBIDDEN' });
    expect(await walletAmount(member.id)).toBe(0);

    await asked(staff.maker.token, { memberId: member.id, amount: 500_000, reason: 'Masked' });
    const masked = await t.services.adjustments.list(
      { status: 'awaiting_approval', page: 1, limit: 50 },
      false,
    );
    const username = member.member.username;
    expect(masked.adjustments.find((one) => one.member.id === member.id)?.member.username).toBe(
      `${'•'.repeat(username.length - 4)}${username.slice(-4)}`,
    );
  });

  it('changes the threshold with settings.manage only, audited before → after', async () => {
    const url = '/api/console/settings/adjustments';
    const before = { BAHT: 100_000, LAK: 60_000_000 };
    const after = { BAHT: 500_000, LAK: 300_000_000 };
    const denied = await staffCall(t.app, staff.maker.token, 'PUT', url, { approvalOver: after });
    expect(denied.statusCode).toBe(403);
    const changed = await staffCall(t.app, staff.owner.token, 'PUT', url, { approvalOver: after });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toEqual({ approvalOver: after });
    expect((await staffCall(t.app, staff.owner.token, 'GET', url)).json()).toEqual({ approvalOver: after });
    const [audit] = await auditRows('settings.adjustments', 'setting:adjustmentApprovalOver');
    expect(audit).toMatchObject({
      staff_id: staff.owner.staffId,
      detail: { approvalOver: { before, after } },
    });
    const member = await memberWith(0);
    expect(
      (await asked(staff.maker.token, { memberId: member.id, amount: 400_000, reason: 'Now small' })).status,
    ).toBe('applied');
    // A negative figure, or one figure for every currency (the shape before decision 075): refused.
    for (const approvalOver of [{ BAHT: -1, LAK: 1 }, 500_000, { BAHT: 500_000 }]) {
      const refused = await staffCall(t.app, staff.owner.token, 'PUT', url, { approvalOver });
      expect(refused.statusCode).toBe(400);
    }
    expect((await staffCall(t.app, staff.owner.token, 'GET', url)).json()).toEqual({ approvalOver: after });
    await staffCall(t.app, staff.owner.token, 'PUT', url, { approvalOver: before });
  });

  it('gives a stored single figure a kip value at 600 kip a baht (migration 0044)', async () => {
    const url = '/api/console/settings/adjustments';
    const rules = '/api/console/settings/withdrawals';
    const withdrawals = (await staffCall(t.app, staff.owner.token, 'GET', rules)).json<
      Record<string, unknown>
    >();
    await t.database.db.execute(
      sql`update site_settings set value = ${JSON.stringify({ approvalOver: 250_050 })}::jsonb
        where key = 'adjustmentApprovalOver'`,
    );
    await t.database.db.execute(
      sql`update site_settings set value = value || ${JSON.stringify({ autoApproveMax: 2_000_000, secondApprovalOver: 0 })}::jsonb
        where key = 'withdrawalRules'`,
    );
    const migration = readFileSync(
      new URL('../../../db/migrations/0044_staff_thresholds_per_currency.sql', import.meta.url),
      'utf8',
    );
    for (const statement of migration.split('--> statement-breakpoint'))
      await t.database.db.execute(sql.raw(statement));
    // ฿2,500.50 is ₭1,500,300, kept to the nearest ₭1,000.
    expect((await staffCall(t.app, staff.owner.token, 'GET', url)).json()).toEqual({
      approvalOver: { BAHT: 250_050, LAK: 150_000_000 },
    });
    expect((await staffCall(t.app, staff.owner.token, 'GET', rules)).json()).toEqual({
      ...withdrawals,
      autoApproveMax: { BAHT: 2_000_000, LAK: 1_200_000_000 },
      secondApprovalOver: { BAHT: 0, LAK: 0 },
    });
    // Run again, it leaves the new shape as it is.
    for (const statement of migration.split('--> statement-breakpoint'))
      await t.database.db.execute(sql.raw(statement));
    expect((await staffCall(t.app, staff.owner.token, 'GET', url)).json()).toEqual({
      approvalOver: { BAHT: 250_050, LAK: 150_000_000 },
    });
    await staffCall(t.app, staff.owner.token, 'PUT', url, {
      approvalOver: { BAHT: 100_000, LAK: 60_000_000 },
    });
    await staffCall(t.app, staff.owner.token, 'PUT', rules, withdrawals);
  });

  it('leaves the books, the adjustments and the audit chain sound', async () => {
    expect(await checkLedger(t.database.db, { pendingOlderThanMs: 3_600_000 })).toEqual([]);
    const adjustments = await checkAdjustments(t.database.db);
    expect(adjustments.problems).toEqual([]);
    expect(adjustments.awaiting).toBe(await t.services.adjustments.countAwaiting());
    expect(await checkAuditChain(t.database.db)).toEqual([]);
  });
});
