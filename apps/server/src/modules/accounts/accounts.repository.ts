import { and, count, countDistinct, eq, gt, lt, max, ne, or, sql } from 'drizzle-orm';
import type { Database } from '../../platform/db/database';
import { bankAccountChanges, loginFailures, memberBankAccounts, members, sessions } from './accounts.tables';

export type NewMember = typeof members.$inferInsert;
export type NewBankAccount = Omit<typeof memberBankAccounts.$inferInsert, 'memberId'>;
export type BankChange = Omit<typeof bankAccountChanges.$inferInsert, 'id' | 'createdAt'>;

/** Failed password tries in the window, as the sign-in limits read them. */
export interface FailureCounts {
  /** Of this phone from this address. */
  pair: number;
  /** Of this phone from every address, and when the last one was. */
  phone: number;
  phoneLast: Date | null;
  /** Distinct phones that failed from this address. */
  addressPhones: number;
}

/** The only code that reads or writes the accounts tables. */
export function createAccountsRepository(db: Database) {
  // Every signed-in call runs this: built once and prepared (no query building per request).
  const sessionByHashQuery = db
    .select({ session: sessions, status: members.status })
    .from(sessions)
    .innerJoin(members, eq(members.id, sessions.memberId))
    .where(eq(sessions.tokenHash, sql.placeholder('tokenHash')))
    .prepare('session_by_hash');
  return {
    async memberByUsername(username: string) {
      const [row] = await db.select().from(members).where(eq(members.username, username));
      return row ?? null;
    },

    async memberById(id: number) {
      const [row] = await db.select().from(members).where(eq(members.id, id));
      return row ?? null;
    },

    /** The holder's name of a registered bank account; null when no member registered it. */
    async bankAccountHolder(bankCode: string, accountNo: string): Promise<string | null> {
      const [row] = await db
        .select({ accountName: memberBankAccounts.accountName })
        .from(memberBankAccounts)
        .where(and(eq(memberBankAccounts.bankCode, bankCode), eq(memberBankAccounts.accountNo, accountNo)));
      return row?.accountName ?? null;
    },

    /** The member, their bank account and its first audit row, all or nothing. */
    async createMember(
      member: NewMember,
      bank: NewBankAccount,
      audit: Omit<BankChange, 'memberId'>,
    ): Promise<number> {
      return db.transaction(async (tx) => {
        const [created] = await tx.insert(members).values(member).returning({ id: members.id });
        const memberId = created!.id;
        await tx.insert(memberBankAccounts).values({ ...bank, memberId });
        await tx.insert(bankAccountChanges).values({ ...audit, memberId });
        return memberId;
      });
    },

    async profileOf(memberId: number) {
      const [row] = await db
        .select({ member: members, bank: memberBankAccounts })
        .from(members)
        .innerJoin(memberBankAccounts, eq(memberBankAccounts.memberId, members.id))
        .where(eq(members.id, memberId));
      return row ?? null;
    },

    async renameMember(memberId: number, name: string) {
      await db.update(members).set({ name }).where(eq(members.id, memberId));
    },

    /**
     * Changes the account name only if it is still `expected`, and records who did it, in one
     * transaction; false when another change came first (two racing edits cannot both pass).
     */
    async renameBankAccount(memberId: number, expected: string, accountName: string, audit: BankChange) {
      return db.transaction(async (tx) => {
        const changed = await tx
          .update(memberBankAccounts)
          .set({ accountName, updatedAt: new Date() })
          .where(and(eq(memberBankAccounts.memberId, memberId), eq(memberBankAccounts.accountName, expected)))
          .returning({ memberId: memberBankAccounts.memberId });
        if (changed.length === 0) return false;
        await tx.insert(bankAccountChanges).values(audit);
        return true;
      });
    },

    /** When the member's bank details last changed by their audit trail (null without a row). */
    async lastBankChange(memberId: number): Promise<Date | null> {
      const [row] = await db
        .select({ at: max(bankAccountChanges.createdAt) })
        .from(bankAccountChanges)
        .where(eq(bankAccountChanges.memberId, memberId));
      return row?.at ?? null;
    },

    async bankChangesOf(memberId: number) {
      return db.select().from(bankAccountChanges).where(eq(bankAccountChanges.memberId, memberId));
    },

    /** The new password, and every other session of the member revoked, together. */
    async changePassword(memberId: number, passwordHash: string, keepTokenHash: string) {
      await db.transaction(async (tx) => {
        await tx.update(members).set({ passwordHash }).where(eq(members.id, memberId));
        await tx
          .delete(sessions)
          .where(and(eq(sessions.memberId, memberId), ne(sessions.tokenHash, keepTokenHash)));
      });
    },

    async createSession(values: typeof sessions.$inferInsert) {
      await db.insert(sessions).values(values);
    },

    async sessionByHash(tokenHash: string) {
      const [row] = await sessionByHashQuery.execute({ tokenHash });
      return row ?? null;
    },

    /** Deletes sessions past their end or idle since `idleBefore`, and sign-in failures older than `failuresBefore`. */
    async purge(now: Date, idleBefore: Date, failuresBefore: Date): Promise<number> {
      const gone = await db
        .delete(sessions)
        .where(or(lt(sessions.expiresAt, now), lt(sessions.lastSeenAt, idleBefore)))
        .returning({ tokenHash: sessions.tokenHash });
      const failures = await db
        .delete(loginFailures)
        .where(lt(loginFailures.createdAt, failuresBefore))
        .returning({ id: loginFailures.id });
      return gone.length + failures.length;
    },

    async touchSession(tokenHash: string, at: Date) {
      await db.update(sessions).set({ lastSeenAt: at }).where(eq(sessions.tokenHash, tokenHash));
    },

    async deleteSession(tokenHash: string) {
      await db.delete(sessions).where(eq(sessions.tokenHash, tokenHash));
    },

    /**
     * Counts a password attempt BEFORE the password is checked, so parallel guesses cannot all
     * pass a limit while argon2 runs. Under locks on the address and the phone (in that order, so
     * no two attempts wait on each other): count the failures since `since`; when `admit` refuses,
     * record nothing and answer false, else record this attempt at `at` as a failure (deleted
     * again when the password was right) and answer true.
     */
    async beginPasswordAttempt(
      username: string,
      clientAddress: string,
      at: Date,
      since: Date,
      admit: (counts: FailureCounts) => boolean,
    ): Promise<boolean> {
      return db.transaction(async (tx) => {
        await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`login-address:${clientAddress}`}))`);
        await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`login-phone:${username}`}))`);
        const [byPhone] = await tx
          .select({
            phone: count(),
            pair: sql<number>`count(*) filter (where ${eq(loginFailures.clientAddress, clientAddress)})`.mapWith(
              Number,
            ),
            phoneLast: max(loginFailures.createdAt),
          })
          .from(loginFailures)
          .where(and(eq(loginFailures.username, username), gt(loginFailures.createdAt, since)));
        const [byAddress] = await tx
          .select({ phones: countDistinct(loginFailures.username) })
          .from(loginFailures)
          .where(and(eq(loginFailures.clientAddress, clientAddress), gt(loginFailures.createdAt, since)));
        const counts = {
          pair: byPhone?.pair ?? 0,
          phone: byPhone?.phone ?? 0,
          phoneLast: byPhone?.phoneLast ?? null,
          addressPhones: byAddress?.phones ?? 0,
        };
        if (!admit(counts)) return false;
        await tx.insert(loginFailures).values({ username, clientAddress, createdAt: at });
        return true;
      });
    },

    /** A right password forgets the failures of its phone from its address (the member's own typos). */
    async clearLoginFailures(username: string, clientAddress: string) {
      await db
        .delete(loginFailures)
        .where(and(eq(loginFailures.username, username), eq(loginFailures.clientAddress, clientAddress)));
    },

    /** Only for tests and staff tools: deactivate or reactivate a member. */
    async setStatus(memberId: number, status: 'active' | 'inactive') {
      await db.update(members).set({ status }).where(eq(members.id, memberId));
    },
  };
}

export type AccountsRepository = ReturnType<typeof createAccountsRepository>;
