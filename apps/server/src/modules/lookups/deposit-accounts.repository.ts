import { asc, eq } from 'drizzle-orm';
import type {
  DepositAccountsResponse,
  DepositBankAccount,
  DepositBankChange,
  DepositBankCreate,
  DepositWalletAccount,
  DepositWalletChange,
} from '@wallet/contract/http/console-settings';
import type { Database } from '../../platform/db/database';
import { uniqueViolation } from '../../platform/db/unique-violation';
import { AppError } from '../../platform/errors';
import { banks, depositBankAccounts, depositWalletAccounts } from './lookups.tables';

type Alongside<T> = (tx: Pick<Database, 'execute'>, before: T | null, after: T) => Promise<void>;

const bankOf = (row: typeof depositBankAccounts.$inferSelect): DepositBankAccount => ({
  id: row.id,
  bankCode: row.bankCode,
  mode: row.mode as DepositBankAccount['mode'],
  accountName: row.accountName,
  accountNames: row.accountNames,
  accountNo: row.accountNo,
  currency: row.currency as DepositBankAccount['currency'],
  sortOrder: row.sortOrder,
  active: row.active,
});

const walletOf = (row: typeof depositWalletAccounts.$inferSelect): DepositWalletAccount => ({
  id: row.id,
  mode: row.mode as DepositWalletAccount['mode'],
  walletAccountName: row.walletAccountName,
  active: row.active,
});

/**
 * The operator's receiving accounts as staff keep them (issue 28 section 2, decision 059): every
 * account, shown or not, and changes that write their audit row in their own transaction.
 */
export function createDepositAccountsRepository(db: Database) {
  return {
    async list(): Promise<DepositAccountsResponse> {
      const [bankRows, walletRows] = await Promise.all([
        db
          .select()
          .from(depositBankAccounts)
          .orderBy(asc(depositBankAccounts.sortOrder), asc(depositBankAccounts.id)),
        db
          .select()
          .from(depositWalletAccounts)
          .orderBy(asc(depositWalletAccounts.sortOrder), asc(depositWalletAccounts.id)),
      ]);
      return { banks: bankRows.map(bankOf), wallets: walletRows.map(walletOf) };
    },

    /** A new account at a bank the site knows; its number must be new (DEPOSIT_ACCOUNT_EXISTS). */
    async addBank(
      account: DepositBankCreate,
      alongside: Alongside<DepositBankAccount>,
    ): Promise<DepositBankAccount> {
      const [bank] = await db
        .select({ code: banks.code })
        .from(banks)
        .where(eq(banks.code, account.bankCode));
      if (!bank) throw new AppError('INVALID_BANK', 400);
      try {
        return await db.transaction(async (tx) => {
          const [row] = await tx
            .insert(depositBankAccounts)
            .values({ ...account, bankType: 'DEPOSIT' })
            .returning();
          const added = bankOf(row!);
          await alongside(tx, null, added);
          return added;
        });
      } catch (error) {
        if (uniqueViolation(error) !== null) throw new AppError('DEPOSIT_ACCOUNT_EXISTS', 409);
        throw error;
      }
    },

    async changeBank(
      id: number,
      change: DepositBankChange,
      alongside: Alongside<DepositBankAccount>,
    ): Promise<DepositBankAccount> {
      return db.transaction(async (tx) => {
        const [found] = await tx
          .select()
          .from(depositBankAccounts)
          .where(eq(depositBankAccounts.id, id))
          .for('update');
        if (!found) throw new AppError('NOT_FOUND', 404);
        const [row] = await tx
          .update(depositBankAccounts)
          .set(change)
          .where(eq(depositBankAccounts.id, id))
          .returning();
        const after = bankOf(row!);
        await alongside(tx, bankOf(found), after);
        return after;
      });
    },

    async changeWallet(
      id: number,
      change: DepositWalletChange,
      alongside: Alongside<DepositWalletAccount>,
    ): Promise<DepositWalletAccount> {
      try {
        return await db.transaction(async (tx) => {
          const [found] = await tx
            .select()
            .from(depositWalletAccounts)
            .where(eq(depositWalletAccounts.id, id))
            .for('update');
          if (!found) throw new AppError('NOT_FOUND', 404);
          const [row] = await tx
            .update(depositWalletAccounts)
            .set(change)
            .where(eq(depositWalletAccounts.id, id))
            .returning();
          const after = walletOf(row!);
          await alongside(tx, walletOf(found), after);
          return after;
        });
      } catch (error) {
        if (uniqueViolation(error) !== null) throw new AppError('DEPOSIT_ACCOUNT_EXISTS', 409);
        throw error;
      }
    },
  };
}

export type DepositAccountsRepository = ReturnType<typeof createDepositAccountsRepository>;
