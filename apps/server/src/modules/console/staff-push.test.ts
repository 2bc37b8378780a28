import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { ChatPushNotice } from '@wallet/contract/http/chat';
import type { DeskCounts, StaffPushState } from '@wallet/contract/http/console';
import { rowsOf } from '../../platform/db/rows';
import { appForFile, credit, MONEY_ENV, moneyCall, signedInMember } from '../../../test/money';
import { createStaffAndSignIn, staffCall, type SignedInStaff } from '../../../test/staff';
import { withdrawalDesk, withdrawalRules } from '../../../test/withdrawal-desk';
import type { PushSender } from '../../adapters/push/push-sender';
import { createStaffPush } from './staff-push';

/** Every push the server sent, and endpoints the push service answers "gone" for. */
const sent: { endpoint: string; notice: ChatPushNotice }[] = [];
const gone = new Set<string>();
const pushSender: PushSender = async (subscription, notice) => {
  sent.push({ endpoint: subscription.endpoint, notice });
  return !gone.has(subscription.endpoint);
};
const test = appForFile({ ...MONEY_ENV, CHAT_PUSH_HOSTS: 'push.test' }, { pushSender });

const keys = {
  p256dh: 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM',
  auth: 'tBHItJI5svbpez7KI4CCXg',
};
const endpoint = (name: string) => `https://push.test/${name}-${Math.random().toString(36).slice(2)}`;
const toEach = (address: string) => sent.filter((push) => push.endpoint === address);

const staff = {} as Record<'owner' | 'finance' | 'support', SignedInStaff>;
beforeAll(async () => {
  staff.owner = await createStaffAndSignIn(test, { role: 'owner' });
  staff.finance = await createStaffAndSignIn(test, { role: 'finance' });
  staff.support = await createStaffAndSignIn(test, { role: 'support' });
  await withdrawalDesk(test).setRules(staff.owner.token, withdrawalRules({ autoApproveMax: 0 }));
});

async function subscribe(who: SignedInStaff, address: string, locale = 'en') {
  const response = await staffCall(test.app, who.token, 'PUT', '/api/console/push', {
    endpoint: address,
    keys,
    locale,
  });
  expect(response.statusCode, response.body).toBe(200);
}

describe('staff web push (decision 053)', () => {
  it('keeps a browser of the caller, audited without its address, and refuses another push service', async () => {
    const address = endpoint('support');
    await subscribe(staff.support, address);
    const state = await staffCall(test.app, staff.support.token, 'GET', '/api/console/push');
    expect(state.json<StaffPushState>()).toMatchObject({ pushKey: test.services.chat.pushKey, devices: 1 });

    const audit = await rowsOf<{ detail: unknown }>(
      test.database.db,
      sql`select detail from staff_audit where staff_id = ${staff.support.staffId} and action = 'staff.push.on'`,
    );
    expect(audit).toHaveLength(1);
    expect(JSON.stringify(audit[0]!.detail)).not.toContain('push.test');
    // Said again at the console's next start: kept, not audited again.
    await subscribe(staff.support, address);
    expect(
      await rowsOf(
        test.database.db,
        sql`select 1 from staff_audit where staff_id = ${staff.support.staffId} and action = 'staff.push.on'`,
      ),
    ).toHaveLength(1);

    const elsewhere = await staffCall(test.app, staff.support.token, 'PUT', '/api/console/push', {
      endpoint: 'https://evil.example/x',
      keys,
      locale: 'en',
    });
    expect(elsewhere.statusCode).toBe(400);
    const off = await staffCall(test.app, staff.support.token, 'DELETE', '/api/console/push', {
      endpoint: address,
    });
    expect(off.statusCode).toBe(200);
    expect(
      (await staffCall(test.app, staff.support.token, 'GET', '/api/console/push')).json<StaffPushState>()
        .devices,
    ).toBe(0);
  });

  it('tells the staff who can decide when a withdrawal is held, in their language, not support', async () => {
    const finance = endpoint('finance');
    const support = endpoint('support');
    await subscribe(staff.finance, finance, 'th');
    await subscribe(staff.support, support);

    const member = await signedInMember(test.app);
    await credit(test.app, member.token, 500_000);
    const held = await moneyCall(test.app, member.token, '/api/wallet/withdraw', { amount: 100_000 });
    expect(held.statusCode, held.body).toBe(202);

    await vi.waitFor(() => expect(toEach(finance)).toHaveLength(1));
    const waiting = await test.services.withdrawalReviews.countWaiting();
    expect(toEach(finance)[0]!.notice).toEqual({
      title: 'คอนโซล',
      body: `รายการถอนรอตรวจ ${waiting} รายการ`,
      url: '/console/withdrawals',
      tag: 'desk-withdrawals',
    });
    expect(toEach(support)).toHaveLength(0);
  });

  it('pushes a rise once whatever the number of processes, and again only after a fall', async () => {
    const address = endpoint('owner');
    await subscribe(staff.owner, address);
    const processes = [1, 2, 3].map(() =>
      createStaffPush({
        db: test.database.db,
        pushSender,
        vapid: test.services.chat.vapid,
        pushHosts: ['push.test'],
        log: test.app.log,
      }),
    );
    const base = await test.services.deskCounts.read();
    const risen: DeskCounts = { ...base, adjustments: base.adjustments + 7 };
    await Promise.all(processes.map((process) => process.counted(risen)));
    expect(toEach(address).map((push) => push.notice.tag)).toEqual(['desk-adjustments']);

    await processes[0]!.counted(risen);
    expect(toEach(address)).toHaveLength(1);
    await processes[1]!.counted(base);
    expect(toEach(address)).toHaveLength(1);
    await processes[2]!.counted(risen);
    expect(toEach(address)).toHaveLength(2);
    await processes[0]!.counted(base);
  });

  it('tells no one switched off, and forgets a browser its push service says is gone', async () => {
    const owner = await createStaffAndSignIn(test, { role: 'owner' });
    const leaving = endpoint('leaving');
    const dead = endpoint('dead');
    await subscribe(owner, leaving);
    await subscribe(staff.owner, dead);
    gone.add(dead);
    await test.database.db.execute(sql`update staff_members set active = false where id = ${owner.staffId}`);

    const base = await test.services.deskCounts.read();
    await test.services.staffPush.counted({ ...base, chats: base.chats + 3 });
    expect(toEach(leaving)).toHaveLength(0);
    expect(toEach(dead)).toHaveLength(1);
    const left = await rowsOf<{ id: number }>(
      test.database.db,
      sql`select id from staff_push_subscriptions where endpoint = ${dead}`,
    );
    expect(left).toHaveLength(0);
    await test.services.staffPush.counted(base);
  });
});
