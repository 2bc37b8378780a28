import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { LineStaffNotifier, retryKeyOf } from '../../adapters/staff-notifier/line-staff-notifier';
import { NOTICE_SIGNATURE_HEADER, signatureHolds } from '../../adapters/staff-notifier/staff-notifier';
import { rowsOf } from '../../platform/db/rows';
import { memberHeaders } from '../../../test/test-app';
import { appForFile, credit, MONEY_ENV, moneyCall, signedInMember } from '../../../test/money';
import { createStaffAndSignIn, staffCall } from '../../../test/staff';

/** Notices to the staff group chat (issue 27, section 7), through the sandbox's signed-webhook chat. */
const test = appForFile(MONEY_ENV);

let owner = '';
beforeAll(async () => {
  owner = (await createStaffAndSignIn(test, { role: 'owner' })).token;
  const rules = {
    autoApproveMax: { BAHT: 0, LAK: 0 },
    dailyAutoCount: 3,
    reviewFirst: false,
    secondApprovalOver: { BAHT: 5_000_000, LAK: 5_000_000 },
  };
  expect(
    (await staffCall(test.app, owner, 'PUT', '/api/console/settings/withdrawals', rules)).statusCode,
  ).toBe(200);
});

interface ChatNotice {
  id: number;
  kind: string;
  text: string;
  data: Record<string, unknown>;
}
const chat = async () =>
  (await test.app.inject({ url: '/api/sandbox/staff-chat', headers: memberHeaders() })).json<{
    notices: ChatNotice[];
  }>().notices;
const chatDown = async (down: boolean) =>
  expect(
    (
      await test.app.inject({
        method: 'POST',
        url: '/api/sandbox/staff-chat/faults',
        payload: { down },
        headers: memberHeaders(),
      })
    ).statusCode,
  ).toBe(200);
const outbox = () =>
  rowsOf<{ id: string; kind: string; attempts: number; sent_at: Date | null; last_error: string | null }>(
    test.database.db,
    sql`select id::text, kind, attempts, sent_at, last_error from staff_notices order by id`,
  );

describe('staff notices', () => {
  it('tells the staff chat of a held withdrawal; a chat that is down never blocks the money, and is retried', async () => {
    const member = await signedInMember(test.app);
    await credit(test.app, member.token, 500_000);
    const first = await moneyCall(test.app, member.token, '/api/wallet/withdraw', { amount: 120_000 });
    expect(first.statusCode).toBe(202);
    await test.services.notices.sendDue();
    const [told] = (await chat()).filter((notice) => notice.kind === 'withdrawal_waiting');
    expect(told?.text).toContain('฿1,200.00');
    expect(told?.text).toContain(`#${member.id}`);

    // The chat goes down: the withdrawal goes through all the same, its notice waits.
    await chatDown(true);
    try {
      const second = await moneyCall(test.app, member.token, '/api/wallet/withdraw', { amount: 130_000 });
      expect(second.statusCode).toBe(202);
      expect(await test.services.notices.sendDue()).toBe(0);
      const waiting = (await outbox()).filter((row) => row.sent_at === null);
      expect(waiting).toHaveLength(1);
      expect(waiting[0]).toMatchObject({ attempts: 1, last_error: 'staff webhook answered 503' });
      // Not due again until its back-off has passed.
      expect(await test.services.notices.sendDue()).toBe(0);
    } finally {
      await chatDown(false);
    }
    await test.database.db.execute(
      sql`update staff_notices set next_attempt_at = now() where sent_at is null`,
    );
    expect(await test.services.notices.sendDue()).toBe(1);
    expect((await chat()).filter((notice) => notice.text.includes('฿1,300.00'))).toHaveLength(1);
    expect((await outbox()).every((row) => row.sent_at !== null)).toBe(true);
  });

  it('tells of large deposits made after it started, once, and of a day’s totals once', async () => {
    await test.services.notices.runOnce();
    const member = await signedInMember(test.app);
    await credit(test.app, member.token, 4_999_999);
    await credit(test.app, member.token, 5_000_000);
    // Deposits are told of once settled (DEPOSIT_SETTLED_MS on the database's clock): made older.
    await test.database.db.transaction(async (tx) => {
      await tx.execute(sql`set local session_replication_role = replica`);
      await tx.execute(sql`update ledger_transfers set created_at = created_at - interval '5 minutes'`);
    });
    await test.services.notices.runOnce();
    await test.services.notices.runOnce();
    const large = (await chat()).filter((notice) => notice.kind === 'large_deposit');
    expect(large.map((notice) => notice.data.amount)).toEqual([5_000_000]);
    expect((await chat()).filter((notice) => notice.kind === 'daily_totals')).toHaveLength(1);
  });

  it('refuses a notice not signed with the key', async () => {
    const body = JSON.stringify({
      id: 999_999,
      kind: 'daily_totals',
      text: 'forged',
      data: {},
      createdAt: '',
    });
    const forged = await test.app.inject({
      method: 'POST',
      url: '/api/sandbox/staff-chat-api/notices',
      payload: body,
      headers: {
        'content-type': 'application/json',
        [NOTICE_SIGNATURE_HEADER]: `t=${Math.floor(Date.now() / 1000)},v1=${'0'.repeat(64)}`,
      },
    });
    expect(forged.statusCode, forged.body).toBe(401);
    expect(signatureHolds('k', undefined, body, 0)).toBe(false);
  });
});

describe('the LINE notifier', () => {
  it('pushes the text to the group with a retry key that is the same on every try', async () => {
    const seen: { auth: string | undefined; key: string | undefined; body: unknown }[] = [];
    let answer = 500;
    const server = createServer((request, response) => {
      let body = '';
      request.on('data', (chunk: Buffer) => (body += chunk.toString()));
      request.on('end', () => {
        seen.push({
          auth: request.headers.authorization,
          key: request.headers['x-line-retry-key'] as string,
          body: JSON.parse(body),
        });
        response.writeHead(answer).end('{}');
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = server.address() as AddressInfo;
      const line = new LineStaffNotifier({
        apiUrl: `http://127.0.0.1:${port}`,
        channelToken: 'tok',
        to: 'C123',
        timeoutMs: 2_000,
      });
      const notice = { id: 7, kind: 'daily_totals' as const, text: 'สรุป', data: {}, createdAt: new Date() };
      await expect(line.send(notice)).rejects.toThrow('LINE answered 500');
      answer = 409; // LINE took the first push after all
      await line.send(notice);
      expect(seen.map((one) => one.key)).toEqual([retryKeyOf('C123', 7), retryKeyOf('C123', 7)]);
      expect(retryKeyOf('C123', 7)).toMatch(
        /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
      );
      expect(seen[0]).toMatchObject({
        auth: 'Bearer tok',
        body: { to: 'C123', messages: [{ type: 'text', text: 'สรุป' }] },
      });
    } finally {
      server.close();
    }
  });
});
