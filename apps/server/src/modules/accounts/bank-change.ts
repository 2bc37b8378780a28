import { and, eq, sql } from 'drizzle-orm';
import { bankAccountNoKey } from '@wallet/contract/rules';
import type { Database } from '../../platform/db/database';
import type { BankChange } from './accounts.repository';
import { bankAccountChanges, memberBankAccounts } from './accounts.tables';

/** Staff's change of a member's bank account (issue 27, section 5), apart from the repository. */
export function createBankChange(db: Database) {
  return {
    /**
     * A member's bank account replaced by staff, with its audit row, all or nothing: under the
     * same advisory lock as registrations of the new account. Answers the account before, or
     * 'taken' when another member holds the new one, or null for no such member.
     */
    async replaceBankAccount(
      memberId: number,
      next: { bankCode: string; accountNo: string; accountName: string; currency: string },
      audit: Omit<BankChange, 'memberId' | 'oldValue' | 'newValue'>,
    ): Promise<
      { bankCode: string; accountNo: string; accountName: string; currency: string } | 'taken' | null
    > {
      return db.transaction(async (tx) => {
        const key = `bank-account:${next.bankCode}:${bankAccountNoKey(next.accountNo)}`;
        await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${key}))`);
        const [current] = await tx
          .select()
          .from(memberBankAccounts)
          .where(eq(memberBankAccounts.memberId, memberId))
          .for('update');
        if (!current) return null;
        const [holder] = await tx
          .select({ memberId: memberBankAccounts.memberId })
          .from(memberBankAccounts)
          .where(
            and(
              eq(memberBankAccounts.bankCode, next.bankCode),
              sql`ltrim(${memberBankAccounts.accountNo}, '0') = ${bankAccountNoKey(next.accountNo)}`,
            ),
          );
        if (holder && holder.memberId !== memberId) return 'taken';
        await tx
          .update(memberBankAccounts)
          .set({ ...next, updatedAt: new Date() })
          .where(eq(memberBankAccounts.memberId, memberId));
        const before = {
          bankCode: current.bankCode,
          accountNo: current.accountNo,
          accountName: current.accountName,
          currency: current.currency,
        };
        await tx.insert(bankAccountChanges).values({
          ...audit,
          memberId,
          oldValue: `${before.bankCode} ${before.accountNo} ${before.accountName}`,
          newValue: `${next.bankCode} ${next.accountNo} ${next.accountName}`,
        });
        return before;
      });
    },
  };
}
