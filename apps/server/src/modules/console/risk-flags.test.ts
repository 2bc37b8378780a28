import { randomInt } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { WithdrawalQueueResponse } from '@wallet/contract/http/console-withdrawals';
import { inviteCodeOf } from '@wallet/contract/rules';
import { appForFile, credit, MONEY_ENV, moneyCall } from '../../../test/money';
import { login, registerMember, registration } from '../../../test/members';
import { createStaffAndSignIn, staffCall } from '../../../test/staff';

/** Risk flags (decision 051), computed by the server from what members registered and did. */
const test = appForFile(MONEY_ENV);

/** A holder's name no other test member has (test members are SOMCHAI JAIDEE by default). */
const uniqueName = () =>
  `TEST ${Array.from({ length: 10 }, () => String.fromCharCode(65 + randomInt(26))).join('')}`;

describe('risk flags', () => {
  it('flag a holder shared with an invitee, and send a quick cash-out to review when staff say so', async () => {
    const finance = (await createStaffAndSignIn(test, { role: 'finance' })).token;
    const owner = (await createStaffAndSignIn(test, { role: 'owner' })).token;
    const risk = async (memberId: string | number) => {
      const answer = await staffCall(test.app, finance, 'GET', `/api/console/members/${memberId}/risk`);
      expect(answer.statusCode, answer.body).toBe(200);
      return answer.json<{ flags: string[]; linked: number[] }>();
    };

    const name = uniqueName();
    const inviter = await registerMember(test.app, { bankAccountName: name });
    // The invitee's account holder is the inviter, with a title and spaces of their own.
    const invitee = await registerMember(test.app, {
      bankAccountName: `MR ${name}`,
      inviteCode: inviteCodeOf(Number(inviter.id)),
    });
    const stranger = await registerMember(test.app, { bankAccountName: uniqueName() });
    for (const one of [inviter, invitee]) {
      const flags = await risk(one.id);
      expect(flags.flags).toEqual(expect.arrayContaining(['invite_cluster', 'shared_holder_name']));
    }
    expect((await risk(inviter.id)).linked).toContain(Number(invitee.id));
    const strangerFlags = (await risk(stranger.id)).flags;
    expect(strangerFlags).not.toContain('shared_holder_name');
    expect(strangerFlags).not.toContain('invite_cluster');

    // Staff choose the quick cash-out as a reason to review: the stranger deposits and withdraws at once.
    const rules = {
      autoApproveMax: { BAHT: 9_000_000, LAK: 9_000_000 },
      dailyAutoCount: 100,
      reviewFirst: false,
      secondApprovalOver: { BAHT: 9_000_000, LAK: 9_000_000 },
      reviewFlags: ['quick_cash_out'],
    };
    expect(
      (await staffCall(test.app, owner, 'PUT', '/api/console/settings/withdrawals', rules)).statusCode,
    ).toBe(200);
    const token = await login(test.app, stranger.username, registration().password);
    await credit(test.app, token, 200_000);
    const asked = await moneyCall(test.app, token, '/api/wallet/withdraw', { amount: 150_000 });
    expect(asked.statusCode, asked.body).toBe(202);
    const reference = asked.json<{ reference: string }>().reference;
    const queue = (
      await staffCall(test.app, finance, 'GET', '/api/console/withdrawals')
    ).json<WithdrawalQueueResponse>();
    const item = queue.items.find((one) => one.id === reference);
    expect(item?.heldFor).toEqual(['risk_flag']);
    expect(item?.flags).toContain('quick_cash_out');

    // Without the rule, the same flags are shown but hold nothing.
    expect(
      (
        await staffCall(test.app, owner, 'PUT', '/api/console/settings/withdrawals', {
          ...rules,
          reviewFlags: [],
        })
      ).statusCode,
    ).toBe(200);
    const paid = await moneyCall(test.app, token, '/api/wallet/withdraw', { amount: 10_000 });
    const queueAfter = (
      await staffCall(test.app, finance, 'GET', '/api/console/withdrawals')
    ).json<WithdrawalQueueResponse>();
    expect(queueAfter.items.map((one) => one.id)).not.toContain(paid.json<{ reference: string }>().reference);
  });
});
