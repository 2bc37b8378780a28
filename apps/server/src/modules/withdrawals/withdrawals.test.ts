import { describe, expect, it } from 'vitest';
import { memberHeaders } from '../../../test/test-app';
import type { PendingWithdrawalsResponse } from '@wallet/contract/http/wallet';
import {
  ageHolds,
  appForFile,
  getAs,
  booksAreSound as soundBooks,
  MONEY_ENV,
  moneyCall,
  statementOf as statementOfApp,
  walletOf,
  fundedMember as fundedMemberOf,
} from '../../../test/money';

/** Payouts: paid at once by the sandbox service unless a fault says otherwise; calls time out after 1 s. */
const test = appForFile({ ...MONEY_ENV, PAYOUT_TIMEOUT_MS: '1000' });

const statementOf = (token: string) => statementOfApp(test.app, token);
const booksAreSound = () => soundBooks(test.database.db);

/** A member with 1,000.00 in the wallet and an open JOKER account. */
const fundedMember = () => fundedMemberOf(test.app);

async function payoutFault(mode: 'none' | 'reject' | 'timeout') {
  const response = await test.app.inject({
    method: 'POST',
    url: '/api/sandbox/payout/faults',
    payload: { mode },
    headers: memberHeaders(),
  });
  expect(response.statusCode, response.body).toBe(200);
}

describe('withdrawals', () => {
  it(
    'withdrawAll brings games home, holds the amount, and posts it once the payout is paid',
    { tags: ['embedded'] },
    async () => {
      const member = await fundedMember();
      await moneyCall(test.app, member.token, '/api/wallet/transfer', {
        from: 'wallet',
        to: 'JOKER',
        amount: 60_000,
      });
      for (const [amount, code] of [
        [5_000, 'WITHDRAW_MINIMUM'],
        [6_000_000, 'WITHDRAW_MAXIMUM'],
      ] as const) {
        expect(
          (await moneyCall(test.app, member.token, '/api/wallet/withdrawAll', { amount })).json(),
        ).toEqual({
          message: code,
        });
      }
      const response = await moneyCall(test.app, member.token, '/api/wallet/withdrawAll', { amount: 90_000 });
      expect(response.statusCode, response.body).toBe(202);
      let books = await walletOf(test.app, member.token);
      expect([books.wallet, books.game('JOKER')]).toEqual([10_000, 0]);
      expect((await statementOf(member.token)).statements[0]).toMatchObject({
        statementType: 'withdraw',
        status: 'PENDING',
        amount: 90_000,
      });
      await test.services.reconciler.runOnce();
      expect((await statementOf(member.token)).statements[0]).toMatchObject({ status: 'SUCCESS' });
      books = await walletOf(test.app, member.token);
      expect(books.wallet).toBe(10_000);
      expect(
        (await moneyCall(test.app, member.token, '/api/wallet/withdraw', { amount: 20_000 })).json(),
      ).toEqual({ message: 'MONEY_NOT_ENOUGH' });
      await booksAreSound();
    },
  );

  it('a rejected payout returns the money; only one of 20 racing full withdrawals is taken', async () => {
    const member = await fundedMember();
    await payoutFault('reject');
    try {
      const rejected = await moneyCall(test.app, member.token, '/api/wallet/withdraw', { amount: 50_000 });
      expect(rejected.json()).toEqual({ message: 'TRANSFER_FAIL' });
    } finally {
      await payoutFault('none');
    }
    expect((await walletOf(test.app, member.token)).wallet).toBe(100_000);

    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        moneyCall(test.app, member.token, '/api/wallet/withdraw', { amount: 100_000 }),
      ),
    );
    expect(answers.filter((answer) => answer.statusCode === 202)).toHaveLength(1);
    expect((await walletOf(test.app, member.token)).wallet).toBe(0);
    await test.services.reconciler.runOnce();
    await booksAreSound();
  });

  it('a payout service that never answers: held, then returned by the reconciler once the reference has expired', async () => {
    const member = await fundedMember();
    await payoutFault('timeout');
    try {
      const response = await moneyCall(test.app, member.token, '/api/wallet/withdraw', { amount: 40_000 });
      expect(response.statusCode, response.body).toBe(202);
    } finally {
      await payoutFault('none');
    }
    expect((await walletOf(test.app, member.token)).wallet).toBe(60_000);
    // Not expired yet on the database's clock: an unknown outcome is never voided.
    await test.services.reconciler.runOnce();
    expect((await statementOf(member.token)).statements[0]).toMatchObject({ status: 'PENDING' });
    await ageHolds(test.database.db, member.id, 4_200);
    await test.services.reconciler.runOnce();
    expect((await statementOf(member.token)).statements[0]).toMatchObject({ status: 'FAILED' });
    expect((await walletOf(test.app, member.token)).wallet).toBe(100_000);
    await booksAreSound();
  });

  it('lists a member’s own pending withdrawals with what each waits for, never another member’s', async () => {
    const pendingOf = async (token: string) => {
      const response = await getAs(test.app, token, '/api/wallet/withdrawals/pending');
      expect(response.statusCode, response.body).toBe(200);
      return response.json<PendingWithdrawalsResponse>().withdrawals;
    };
    const member = await fundedMember();
    const other = await fundedMember();
    expect(await pendingOf(member.token)).toEqual([]);
    const unsigned = await test.app.inject({
      url: '/api/wallet/withdrawals/pending',
      headers: memberHeaders(),
    });
    expect(unsigned.statusCode).toBe(401);

    expect(
      (await moneyCall(test.app, member.token, '/api/wallet/withdraw', { amount: 30_000 })).statusCode,
    ).toBe(202);
    expect(
      (await moneyCall(test.app, member.token, '/api/wallet/withdraw', { amount: 20_000 })).statusCode,
    ).toBe(202);
    expect(
      (await moneyCall(test.app, other.token, '/api/wallet/withdraw', { amount: 45_000 })).statusCode,
    ).toBe(202);
    const statement = (await statementOf(member.token)).statements;
    const mine = await pendingOf(member.token);
    // Newest first, each by its statement row's id, paid to the member's own account.
    expect(mine).toEqual(
      [20_000, 30_000].map((amount, index) => ({
        id: statement[index]!.id,
        amount,
        createdAt: statement[index]!.createdAt,
        waitingFor: 'payout',
        accountEnding: member.member.bankAccountNo.slice(-4),
      })),
    );
    // The other member sees only their own.
    expect((await pendingOf(other.token)).map((one) => one.amount)).toEqual([45_000]);

    // Past the reference's lifetime (3 s here) the payout service can no longer take the order:
    // what is left is its word on whether it paid.
    await ageHolds(test.database.db, member.id, 4_200);
    expect((await pendingOf(member.token)).map((one) => one.waitingFor)).toEqual([
      'confirmation',
      'confirmation',
    ]);
    expect((await pendingOf(other.token)).map((one) => one.waitingFor)).toEqual(['payout']);

    // Paid (the sandbox pays at once here) and posted by the reconciler: none is pending.
    await test.services.reconciler.runOnce();
    expect(await pendingOf(member.token)).toEqual([]);
    expect(await pendingOf(other.token)).toEqual([]);
    await booksAreSound();
  });
});
