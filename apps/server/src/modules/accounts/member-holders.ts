import { and, eq, sql } from 'drizzle-orm';
import { bankAccountNoKey } from '@wallet/contract/rules';
import type { Database } from '../../platform/db/database';
import { memberBankAccounts, members } from './accounts.tables';

/**
 * The members a registration would collide with: the one with this phone, and the holder of this
 * bank account (by its number without leading zeros). Play limits refuse a self-excluded one's
 * (issue 29, decision 061).
 */
export async function membersHolding(
  db: Database,
  username: string,
  bank: { bankCode: string; accountNo: string } | null,
): Promise<number[]> {
  const byPhone = await db.select({ id: members.id }).from(members).where(eq(members.username, username));
  const byBank = bank
    ? await db
        .select({ id: memberBankAccounts.memberId })
        .from(memberBankAccounts)
        .where(
          and(
            eq(memberBankAccounts.bankCode, bank.bankCode),
            sql`ltrim(${memberBankAccounts.accountNo}, '0') = ${bankAccountNoKey(bank.accountNo)}`,
          ),
        )
    : [];
  return [...new Set([...byPhone, ...byBank].map((row) => Number(row.id)))];
}
