import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { rowsOf } from '../../platform/db/rows';
import { appForFile, MONEY_ENV } from '../../../test/money';
import { randomAccountNo, registerMember } from '../../../test/members';
import { createStaffAndSignIn, staffCall } from '../../../test/staff';

/** Staff change a member's bank account (issue 27, section 5; spec section 6). */
const test = appForFile(MONEY_ENV);

describe('a bank account changed by staff', () => {
  it('replaces it with the old and new values in the audit, and refuses one another member holds', async () => {
    const finance = (await createStaffAndSignIn(test, { role: 'finance' })).token;
    const support = (await createStaffAndSignIn(test, { role: 'support' })).token;
    const member = await registerMember(test.app);
    const other = await registerMember(test.app);
    const url = `/api/console/members/${member.id}/bank`;
    const next = {
      bankCode: 'SCB',
      bankAccountNo: randomAccountNo(),
      bankAccountName: 'Somchai Jaidee',
      reason: 'New account',
    };

    expect((await staffCall(test.app, support, 'PUT', url, next)).statusCode).toBe(403);
    const refusals = [
      [{ ...next, bankAccountNo: '12345' }, 'BANK_ACCOUNT_NO_INVALID'],
      [{ ...next, bankCode: 'NOPE' }, 'INVALID_BANK'],
      [{ ...next, bankAccountNo: `0${other.bankAccountNo}` }, 'BANK_ACCOUNT_NO_INVALID'],
      [{ ...next, bankAccountNo: other.bankAccountNo }, 'EXISTING_BANK'],
      [{ ...next, bankAccountName: 'Somchai 123' }, null],
    ] as const;
    for (const [body, code] of refusals) {
      const answer = await staffCall(test.app, finance, 'PUT', url, body);
      expect(answer.statusCode, answer.body).toBeGreaterThanOrEqual(400);
      if (code) expect(answer.json()).toEqual({ message: code });
    }

    const changed = await staffCall(test.app, finance, 'PUT', url, next);
    expect(changed.json()).toEqual({
      bankCode: 'SCB',
      accountNo: next.bankAccountNo,
      accountName: 'SOMCHAI JAIDEE',
      currency: 'BAHT',
    });
    const profile = await test.services.accounts.moneyProfile(Number(member.id));
    expect(profile.bank?.accountNo).toBe(next.bankAccountNo);
    const [audit] = await rowsOf<{ detail: { before: { accountNo: string }; after: { accountNo: string } } }>(
      test.database.db,
      sql`select detail from staff_audit where action = 'member.bank' and target = ${`member:${member.id}`}`,
    );
    expect(audit?.detail.before.accountNo).toBe(member.bankAccountNo);
    expect(audit?.detail.after.accountNo).toBe(next.bankAccountNo);
    const changes = await rowsOf<{ actor_type: string }>(
      test.database.db,
      sql`select actor_type from bank_account_changes where member_id = ${member.id} order by id`,
    );
    expect(changes.map((row) => row.actor_type)).toEqual(['member', 'staff']);
  });
});
