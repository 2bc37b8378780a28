import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import type { WithdrawalRules } from '@wallet/contract/http/console-withdrawals';
import { rowsOf } from '../src/platform/db/rows';
import { credit, moneyCall, signedInMember } from './money';
import { staffCall } from './staff';
import type { TestApp } from './test-app';

/** A threshold of the rules: a number is the same figure in either currency (a test's baht members). */
const perCurrency = (value: unknown) => (typeof value === 'number' ? { BAHT: value, LAK: value } : value);

/** Withdrawal rules for a test: nothing held unless the test says so, amounts in minor units. */
export const withdrawalRules = (
  rules: Partial<Record<keyof WithdrawalRules, unknown>> = {},
): WithdrawalRules => {
  const { autoApproveMax = 2_000_000, secondApprovalOver = 5_000_000, ...rest } = rules;
  return {
    autoApproveMax: perCurrency(autoApproveMax),
    dailyAutoCount: 3,
    reviewFirst: false,
    secondApprovalOver: perCurrency(secondApprovalOver),
    // Test members share an address and withdraw what they were just credited: no flag is a reason.
    reviewFlags: [],
    reviewTags: [],
    ...rest,
  } as WithdrawalRules;
};

/**
 * The withdrawal desk as the tests of a file drive it (decision 045): members with money, their
 * withdrawals, staff's presses, and what the sandbox payout service was given.
 */
export function withdrawalDesk(test: Pick<TestApp, 'app' | 'database'>) {
  return {
    async setRules(ownerToken: string, rules: WithdrawalRules): Promise<void> {
      const response = await staffCall(
        test.app,
        ownerToken,
        'PUT',
        '/api/console/settings/withdrawals',
        rules,
      );
      expect(response.statusCode, response.body).toBe(200);
    },

    /** A signed-in member with `amount` in the wallet (none for 0). */
    async member(amount = 10_000_000) {
      const one = await signedInMember(test.app);
      if (amount > 0) await credit(test.app, one.token, amount);
      return one;
    },

    /** A withdrawal the server took (202); answers its reference. */
    async withdraw(token: string, amount: number): Promise<string> {
      const response = await moneyCall(test.app, token, '/api/wallet/withdraw', { amount });
      expect(response.statusCode, response.body).toBe(202);
      return response.json<{ reference: string }>().reference;
    },

    /** A staff member's press on a withdrawal of the queue. */
    act: (token: string, reference: string, action: 'claim' | 'approve' | 'reject', body: object = {}) =>
      staffCall(
        test.app,
        token,
        'POST',
        `/api/console/withdrawals/${encodeURIComponent(reference)}/${action}`,
        body,
      ),

    /** How many times the sandbox payout service was given the reference (0 or 1). */
    async payouts(reference: string): Promise<number> {
      const rows = await rowsOf<{ reference: string }>(
        test.database.db,
        sql`select reference from sandbox_payouts where reference = ${reference}`,
      );
      return rows.length;
    },
  };
}
