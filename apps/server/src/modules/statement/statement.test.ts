import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StatementResponse } from '@wallet/contract/http/statement';
import { createTestApp, memberHeaders, type TestApp } from '../../../test/test-app';
import { credit, fundedMember, listen, moneyCall } from '../../../test/money';

let test: TestApp;
beforeAll(async () => {
  test = await createTestApp();
  await listen(test.app);
});
afterAll(async () => test.close());

const statement = (token: string, payload: object) =>
  test.app.inject({
    method: 'POST',
    url: '/api/statement',
    payload,
    headers: memberHeaders({ authorization: `Bearer ${token}` }),
  });

const page = async (token: string, payload: object) => {
  const response = await statement(token, payload);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<StatementResponse>();
};

describe('statement', () => {
  it(
    'lists one type of movement when asked, counted and paged within that type',
    { tags: ['embedded'] },
    async () => {
      // Two deposits (1,000.00 and 50.00) and three transfers with JOKER.
      const { token } = await fundedMember(test.app);
      await credit(test.app, token, 5_000);
      for (const body of [
        { from: 'wallet', to: 'JOKER', amount: 30_000 },
        { from: 'JOKER', to: 'wallet', amount: 10_000 },
        { from: 'wallet', to: 'JOKER', amount: 2_000 },
      ]) {
        const moved = await moneyCall(test.app, token, '/api/wallet/transfer', body);
        expect(moved.statusCode, moved.body).toBe(200);
      }
      // Someone else's movements are never in it.
      const other = await fundedMember(test.app);
      await credit(test.app, other.token, 7_000);

      const all = await page(token, { page: 1, limit: 10 });
      expect(all.total).toBe(5);

      const deposits = await page(token, { page: 1, limit: 10, type: 'deposit' });
      expect(deposits.total).toBe(2);
      expect(deposits.statements.map((row) => [row.statementType, row.amount])).toEqual([
        ['deposit', 5_000],
        ['deposit', 100_000],
      ]);

      const transfers = await page(token, { page: 2, limit: 2, type: 'transfer' });
      expect(transfers.total).toBe(3);
      expect(transfers.statements.map((row) => [row.statementType, row.from, row.to, row.amount])).toEqual([
        ['transfer', 'wallet', 'JOKER', 30_000],
      ]);

      expect(await page(token, { page: 1, limit: 10, type: 'withdraw' })).toEqual({
        total: 0,
        statements: [],
      });
    },
  );

  it('refuses a type the statement does not have', async () => {
    const { token } = await fundedMember(test.app);
    const response = await statement(token, { page: 1, limit: 10, type: 'everything' });
    expect(response.statusCode).toBe(400);
  });
});
