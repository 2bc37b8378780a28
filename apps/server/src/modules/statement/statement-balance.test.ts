import { describe, expect, it } from 'vitest';
import type { StatementResponse } from '@wallet/contract/http/statement';
import { memberHeaders } from '../../../test/test-app';
import {
  appForFile,
  credit,
  fundedMember,
  HANG_MS,
  MONEY_ENV,
  moneyCall,
  setFault,
  walletOf,
} from '../../../test/money';

/** Payouts: paid by the sandbox service on the reconciler's pass; provider calls time out after 1 s. */
const test = appForFile({ ...MONEY_ENV, PAYOUT_TIMEOUT_MS: '1000' });

async function page(token: string, number: number, limit: number) {
  const response = await test.app.inject({
    method: 'POST',
    url: '/api/statement',
    payload: { page: number, limit },
    headers: memberHeaders({ authorization: `Bearer ${token}` }),
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<StatementResponse>();
}

async function payoutFault(mode: 'none' | 'reject') {
  const response = await test.app.inject({
    method: 'POST',
    url: '/api/sandbox/payout/faults',
    payload: { mode },
    headers: memberHeaders(),
  });
  expect(response.statusCode, response.body).toBe(200);
}

describe('statement: the balance after each row (decision 071)', () => {
  it('is the wallet’s, row by row across pages; refused and not-arrived rows have none', async () => {
    // 1,000.00 deposited, JOKER open.
    const { token } = await fundedMember(test.app);
    await credit(test.app, token, 5_000); // 1,050.00
    const move = async (body: object, status: number) => {
      const moved = await moneyCall(test.app, token, '/api/wallet/transfer', body);
      expect(moved.statusCode, moved.body).toBe(status);
    };
    await move({ from: 'wallet', to: 'JOKER', amount: 30_000 }, 200); // 750.00
    await move({ from: 'JOKER', to: 'wallet', amount: 10_000 }, 200); // 850.00, on the post
    // Refused by the payout service: the money came back, the row changes nothing.
    await payoutFault('reject');
    try {
      const refused = await moneyCall(test.app, token, '/api/wallet/withdraw', { amount: 20_000 });
      expect(refused.statusCode, refused.body).toBe(422);
    } finally {
      await payoutFault('none');
    }
    // Money from a silent game: still on its way, the wallet has not received it.
    await setFault(test.app, 'JOKER', 'timeout', HANG_MS);
    try {
      await move({ from: 'JOKER', to: 'wallet', amount: 5_000 }, 202);
    } finally {
      await setFault(test.app, 'JOKER', 'none');
    }
    // Held on its way to the bank: it has left the wallet.
    const pending = await moneyCall(test.app, token, '/api/wallet/withdraw', { amount: 10_000 });
    expect(pending.statusCode, pending.body).toBe(202);
    expect((await walletOf(test.app, token)).wallet).toBe(75_000);

    // Three pages of three: each row's balance is read on its own, whatever page it is on.
    const rows = [];
    for (const number of [1, 2, 3]) {
      const one = await page(token, number, 3);
      expect(one.total).toBe(7);
      rows.push(...one.statements);
    }
    expect(rows.map((row) => [row.statementType, row.status, row.amount, row.balanceAfter])).toEqual([
      ['withdraw', 'PENDING', 10_000, 75_000],
      ['transfer', 'PENDING', 5_000, null],
      ['withdraw', 'FAILED', 20_000, null],
      ['transfer', 'SUCCESS', 10_000, 85_000],
      ['transfer', 'SUCCESS', 30_000, 75_000],
      ['deposit', 'SUCCESS', 5_000, 105_000],
      ['deposit', 'SUCCESS', 100_000, 100_000],
    ]);
    // The same rows in one page read the same.
    const whole = await page(token, 1, 10);
    expect(whole.statements.map((row) => row.balanceAfter)).toEqual(rows.map((row) => row.balanceAfter));
    // A withdrawal's row names the account it went to (its receipt).
    expect(rows[0]!.bank?.accountNo).toMatch(/^\d+$/);
    expect(rows[0]!.bank?.code).toBeTruthy();
  });
});
