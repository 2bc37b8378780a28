import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MemberContextResponse } from '@wallet/contract/http/console';
import { rowsOf } from '../../platform/db/rows';
import { bearer } from '../../../test/members';
import { credit, listen, moneyCall, signedInMember } from '../../../test/money';
import { createStaffAndSignIn, staffCall } from '../../../test/staff';
import { createTestApp, memberHeaders, type TestApp } from '../../../test/test-app';

/** One of the operator's receiving accounts in the demo reference data. */
const OPERATOR_ACCOUNT = '4078823156';

let t: TestApp;
let staff: { token: string; staffId: number };
beforeAll(async () => {
  t = await createTestApp({
    SANDBOX_PAYOUT_DELAY_SECONDS: '0',
  });
  // The sandbox bank, slip verifier and payout service are reached over HTTP.
  await listen(t.app);
  // Slip uploads close around midnight in the demo settings; this test must not depend on the hour.
  const window = JSON.stringify({
    maxAgeMinutes: 60,
    closedFrom: null,
    closedTo: null,
    timeZone: 'Asia/Bangkok',
  });
  await t.database.db.execute(sql`update site_settings set value = ${window}::jsonb where key = 'slip'`);
  // Finance sees phone and bank numbers whole (staff-permissions.test.ts: support sees the last 4).
  staff = await createStaffAndSignIn(t, { role: 'finance' });
});
afterAll(() => t.close());

const contextOf = (memberId: number | string, token = staff.token) =>
  staffCall(t.app, token, 'GET', `/api/console/members/${memberId}/context`);

/** A slip of a transfer from the member's registered account to the operator's, uploaded by them. */
async function uploadSlip(member: Awaited<ReturnType<typeof signedInMember>>, amount: number) {
  const transfer = await t.app.inject({
    method: 'POST',
    url: '/api/sandbox/bank/transfer',
    payload: {
      fromBankCode: member.member.bankCode,
      fromAccountNo: member.member.bankAccountNo,
      toAccountNo: OPERATOR_ACCOUNT,
      amount,
    },
    headers: memberHeaders(),
  });
  expect(transfer.statusCode, transfer.body).toBe(200);
  const boundary = `----slip${randomUUID()}`;
  const body = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="slip.png"\r\nContent-Type: image/png\r\n\r\n`,
    ),
    transfer.rawPayload,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const uploaded = await t.app.inject({
    method: 'POST',
    url: '/api/wallet/slip',
    payload: body,
    headers: memberHeaders({
      ...bearer(member.token),
      'content-type': `multipart/form-data; boundary=${boundary}`,
      'idempotency-key': randomUUID(),
    }),
  });
  expect(uploaded.statusCode, uploaded.body).toBe(200);
  return String(transfer.headers['x-trans-ref']);
}

describe('member context', () => {
  it("answers that member's profile, wallet, deposits, withdrawals and slips, and no one else's", async () => {
    const alice = await signedInMember(t.app);
    const bob = await signedInMember(t.app);
    await credit(t.app, alice.token, 100_000);
    const reference = await uploadSlip(alice, 25_000);
    const withdrawn = await moneyCall(t.app, alice.token, '/api/wallet/withdraw', { amount: 20_000 });
    // 200 when paid at once, 202 while the payout is pending: either way the money left the wallet.
    expect([200, 202], withdrawn.body).toContain(withdrawn.statusCode);
    await credit(t.app, bob.token, 50_000);

    const response = await contextOf(alice.id);
    expect(response.statusCode, response.body).toBe(200);
    const context = response.json<MemberContextResponse>();
    expect(context.member).toEqual({
      id: alice.id,
      username: alice.member.username,
      name: alice.member.name,
      currency: 'BAHT',
      bank: {
        bankCode: alice.member.bankCode,
        accountNo: alice.member.bankAccountNo,
        accountName: alice.member.bankAccountName,
        currency: 'BAHT',
      },
      createdAt: expect.any(String) as string,
    });
    expect(context.wallet).toEqual({ amount: 105_000, currency: 'BAHT' });
    // Newest first: the slip's credit, then the sandbox credit.
    expect(context.deposits.map((row) => [row.statementType, row.amount])).toEqual([
      ['deposit', 25_000],
      ['deposit', 100_000],
    ]);
    expect(context.withdrawals.map((row) => [row.statementType, row.amount])).toEqual([['withdraw', 20_000]]);
    expect(context.slips).toEqual([
      expect.objectContaining({ amount: 25_000, status: 'SUCCESS', reference, link: null }) as unknown,
    ]);

    const other = (await contextOf(bob.id)).json<MemberContextResponse>();
    expect(other.member.id).toBe(bob.id);
    expect(other.wallet.amount).toBe(50_000);
    expect(other.deposits.map((row) => row.amount)).toEqual([50_000]);
    expect(other.withdrawals).toEqual([]);
    expect(other.slips).toEqual([]);
  });

  it('shows the latest 10 of each, newest first', async () => {
    const member = await signedInMember(t.app);
    for (let i = 1; i <= 11; i += 1) await credit(t.app, member.token, i * 1_000);
    const context = (await contextOf(member.id)).json<MemberContextResponse>();
    expect(context.deposits.map((row) => row.amount)).toEqual(
      Array.from({ length: 10 }, (_, i) => (11 - i) * 1_000),
    );
  });

  it('is written to the audit with the member it was about', async () => {
    const member = await signedInMember(t.app);
    expect((await contextOf(member.id)).statusCode).toBe(200);
    const rows = await rowsOf<{ staff_id: number; action: string; target: string; ip: string }>(
      t.database.db,
      sql`select staff_id, action, target, ip from staff_audit where target = ${`member:${member.id}`}`,
    );
    expect(rows).toEqual([
      { staff_id: staff.staffId, action: 'member.context', target: `member:${member.id}`, ip: '127.0.0.1' },
    ]);
  });

  it('refuses an unknown member, a bad id, and anyone but staff', async () => {
    const member = await signedInMember(t.app);
    const before = await rowsOf<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from staff_audit`,
    );
    const unknown = await contextOf(999_999_999);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ message: 'NO_USER' });
    for (const bad of ['abc', '0', '-1', '1.5']) {
      const response = await contextOf(bad);
      expect(response.statusCode, bad).toBe(400);
      expect(response.json()).toEqual({ message: 'INVALID_INPUT' });
    }
    // Nothing viewed, nothing written.
    expect(await rowsOf(t.database.db, sql`select count(*)::int as n from staff_audit`)).toEqual(before);
    const asMember = await t.app.inject({
      url: `/api/console/members/${member.id}/context`,
      headers: memberHeaders(bearer(member.token)),
    });
    expect(asMember.statusCode).toBe(401);
    expect(asMember.json()).toEqual({ message: 'STAFF_SESSION_INVALID' });
    const anonymous = await t.app.inject({
      url: `/api/console/members/${member.id}/context`,
      headers: memberHeaders(),
    });
    expect(anonymous.statusCode).toBe(401);
  });
});
