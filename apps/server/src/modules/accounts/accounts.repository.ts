import { and, count, countDistinct, eq, gt, lt, max, ne, or, sql } from 'drizzle-orm';
import { bankAccountNoKey } from '@wallet/contract/rules';
import type { Database } from '../../platform/db/database';
import { rowsOf } from '../../platform/db/rows';
import {
  bankAccountChanges,
  loginFailures,
  memberBankAccounts,
  members,
  sessions,
  signInKnown,
  signInPhones,
} from './accounts.tables';

export type NewMember = typeof members.$inferInsert;
export type NewBankAccount = Omit<typeof memberBankAccounts.$inferInsert, 'memberId'>;
export type BankChange = Omit<typeof bankAccountChanges.$inferInsert, 'id' | 'createdAt'>;

/** What the sign-in limits read before a password try (docs/decisions/015-sign-in-throttling.md). */
export interface AttemptFacts {
  /** The time of the try: the database's, unless a test's clock gave one. */
  at: Date;
  /** Failures in the window of this phone from this address, and the last one's time. */
  pair: number;
  pairLast: Date | null;
  /** Failures in the window from this address, any phones, and the last one's time. */
  address: number;
  addressLast: Date | null;
  /** Distinct phones that failed from this address in the window. */
  addressPhones: number;
  /** The phone's back-off row, if it has one. */
  phone: PhoneState | null;
  /** Whether the member signed in from this device or this address lately. */
  known: boolean;
}

/** A phone's failure level at `levelAt`, and the time before which unknown devices wait. */
export interface PhoneState {
  level: number;
  levelAt: Date;
  nextTryAt: Date | null;
}

/** One password try's request, as `beginPasswordAttempt` takes it. */
export interface AttemptRequest {
  username: string;
  /** The client key of its address. */
  addressKey: string;
  /** The SHA-256 of the device cookie's token, when one came. */
  deviceHash: string | null;
  /** The test's clock; otherwise the database's now(). */
  at: Date | undefined;
  windowMs: number;
  knownForMs: number;
}

/** The only code that reads or writes the accounts tables (with member-directory.ts, staff's reads). */
export function createAccountsRepository(db: Database) {
  // Every signed-in call runs this: built once and prepared (no query building per request).
  const sessionByHashQuery = db
    .select({ session: sessions, status: members.status })
    .from(sessions)
    .innerJoin(members, eq(members.id, sessions.memberId))
    .where(eq(sessions.tokenHash, sql.placeholder('tokenHash')))
    .prepare('session_by_hash');
  /**
   * The holder's name of a registered bank account; null when no member registered it. Numbers
   * are compared without leading zeros (decision 035), rows registered before the rule included.
   */
  async function holderOf(bankCode: string, accountNo: string, tx: Pick<Database, 'select'> = db) {
    const [row] = await tx
      .select({ accountName: memberBankAccounts.accountName })
      .from(memberBankAccounts)
      .where(
        and(
          eq(memberBankAccounts.bankCode, bankCode),
          sql`ltrim(${memberBankAccounts.accountNo}, '0') = ${bankAccountNoKey(accountNo)}`,
        ),
      )
      .limit(1);
    return row?.accountName ?? null;
  }

  return {
    async memberByUsername(username: string) {
      const [row] = await db.select().from(members).where(eq(members.username, username));
      return row ?? null;
    },

    async memberById(id: number) {
      const [row] = await db.select().from(members).where(eq(members.id, id));
      return row ?? null;
    },

    bankAccountHolder: holderOf,

    /**
     * The member, their bank account and its first audit row, all or nothing; null when the bank
     * account is registered already (by its number without leading zeros). Registrations of one
     * account wait for each other on an advisory lock: the unique key of the table is on the
     * number as typed, so it alone would let "0" + a number through.
     */
    async createMember(
      member: NewMember,
      bank: NewBankAccount,
      audit: Omit<BankChange, 'memberId'>,
    ): Promise<number | null> {
      return db.transaction(async (tx) => {
        const key = `bank-account:${bank.bankCode}:${bankAccountNoKey(bank.accountNo)}`;
        await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${key}))`);
        if ((await holderOf(bank.bankCode, bank.accountNo, tx)) !== null) return null;
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

    /** Each member's inviter (members invited by nobody are left out). */
    async invitersOf(memberIds: number[]): Promise<Map<number, number>> {
      if (memberIds.length === 0) return new Map();
      const rows = await db
        .select({ id: members.id, inviterId: members.inviterId })
        .from(members)
        .where(
          sql`${members.id} in (${sql.join(
            memberIds.map((id) => sql`${id}`),
            sql`, `,
          )}) and ${members.inviterId} is not null`,
        );
      return new Map(rows.map((row) => [row.id, row.inviterId!]));
    },

    /** Display names of these members. */
    async namesOf(memberIds: number[]): Promise<Map<number, string>> {
      if (memberIds.length === 0) return new Map();
      const rows = await db
        .select({ id: members.id, name: members.name })
        .from(members)
        .where(
          sql`${members.id} in (${sql.join(
            memberIds.map((id) => sql`${id}`),
            sql`, `,
          )})`,
        );
      return new Map(rows.map((row) => [row.id, row.name]));
    },

    async inviteesOf(inviterId: number): Promise<number[]> {
      const rows = await db.select({ id: members.id }).from(members).where(eq(members.inviterId, inviterId));
      return rows.map((row) => row.id);
    },

    /** Every member someone invited, with their inviter. */
    async allInvitees(): Promise<{ memberId: number; inviterId: number }[]> {
      const rows = await db
        .select({ memberId: members.id, inviterId: members.inviterId })
        .from(members)
        .where(sql`${members.inviterId} is not null`);
      return rows.map((row) => ({ memberId: row.memberId, inviterId: row.inviterId! }));
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

    /**
     * The new password, and every other session of the member revoked, together. Answers the
     * revoked sessions' token hashes (their chat sockets are closed).
     */
    async changePassword(memberId: number, passwordHash: string, keepTokenHash: string): Promise<string[]> {
      return db.transaction(async (tx) => {
        await tx.update(members).set({ passwordHash }).where(eq(members.id, memberId));
        const gone = await tx
          .delete(sessions)
          .where(and(eq(sessions.memberId, memberId), ne(sessions.tokenHash, keepTokenHash)))
          .returning({ tokenHash: sessions.tokenHash });
        return gone.map((row) => row.tokenHash);
      });
    },

    /**
     * A password reset: the new password, every session of the member revoked, and every device
     * and address forgotten, together. Answers the revoked sessions' token hashes.
     */
    async resetPassword(memberId: number, username: string, passwordHash: string): Promise<string[]> {
      return db.transaction(async (tx) => {
        await tx.update(members).set({ passwordHash }).where(eq(members.id, memberId));
        const gone = await tx
          .delete(sessions)
          .where(eq(sessions.memberId, memberId))
          .returning({ tokenHash: sessions.tokenHash });
        await tx.delete(signInKnown).where(eq(signInKnown.username, username));
        return gone.map((row) => row.tokenHash);
      });
    },

    /** The token hashes of every session the member holds. */
    async sessionHashesOf(memberId: number): Promise<string[]> {
      const rows = await db
        .select({ tokenHash: sessions.tokenHash })
        .from(sessions)
        .where(eq(sessions.memberId, memberId));
      return rows.map((row) => row.tokenHash);
    },

    async createSession(values: typeof sessions.$inferInsert) {
      await db.insert(sessions).values(values);
    },

    async sessionByHash(tokenHash: string) {
      const [row] = await sessionByHashQuery.execute({ tokenHash });
      return row ?? null;
    },

    /**
     * Deletes sessions past their end or idle since `idleBefore`, sign-in failures older than
     * `failuresBefore`, devices and addresses not used since `knownBefore`, and phone back-offs
     * whose level has drained to nothing (one every `forgetMs`) and whose wait is over.
     */
    async purge(
      now: Date,
      idleBefore: Date,
      failuresBefore: Date,
      knownBefore: Date,
      forgetMs: number,
    ): Promise<number> {
      const gone = await db
        .delete(sessions)
        .where(or(lt(sessions.expiresAt, now), lt(sessions.lastSeenAt, idleBefore)))
        .returning({ tokenHash: sessions.tokenHash });
      const failures = await db
        .delete(loginFailures)
        .where(lt(loginFailures.createdAt, failuresBefore))
        .returning({ id: loginFailures.id });
      const known = await db
        .delete(signInKnown)
        .where(lt(signInKnown.lastUsedAt, knownBefore))
        .returning({ key: signInKnown.key });
      const phones = await db
        .delete(signInPhones)
        .where(
          and(
            sql`${signInPhones.levelAt} + ${signInPhones.level} * ${forgetMs} * interval '1 millisecond' < ${now}`,
            or(sql`${signInPhones.nextTryAt} is null`, lt(signInPhones.nextTryAt, now)),
          ),
        )
        .returning({ username: signInPhones.username });
      return gone.length + failures.length + known.length + phones.length;
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
     * no two attempts wait on each other): reads the facts `decide` needs; when it answers null,
     * records nothing and answers null; else records this attempt as a failure (deleted again by
     * `passwordWasRight`), writes the phone's new back-off state and answers the attempt's time.
     */
    async beginPasswordAttempt(
      request: AttemptRequest,
      decide: (facts: AttemptFacts) => PhoneState | null,
    ): Promise<Date | null> {
      const { username, addressKey, deviceHash } = request;
      return db.transaction(async (tx) => {
        await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`login-address:${addressKey}`}))`);
        await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`login-phone:${username}`}))`);
        // NOTE: clock_timestamp(), not now(): now() is when the transaction began, before it waited
        // for the locks, so an attempt that waited would seem older than the one it waited for
        // (and be refused as too soon after it).
        const at =
          request.at ??
          new Date(
            (
              await rowsOf<{ ms: number }>(
                tx,
                sql`select (extract(epoch from clock_timestamp()) * 1000)::float8 as ms`,
              )
            )[0]!.ms,
          );
        const since = new Date(at.getTime() - request.windowMs);
        const [pair] = await tx
          .select({ count: count(), last: max(loginFailures.createdAt) })
          .from(loginFailures)
          .where(
            and(
              eq(loginFailures.username, username),
              eq(loginFailures.clientAddress, addressKey),
              gt(loginFailures.createdAt, since),
            ),
          );
        const [address] = await tx
          .select({
            count: count(),
            last: max(loginFailures.createdAt),
            phones: countDistinct(loginFailures.username),
          })
          .from(loginFailures)
          .where(and(eq(loginFailures.clientAddress, addressKey), gt(loginFailures.createdAt, since)));
        const [phone] = await tx.select().from(signInPhones).where(eq(signInPhones.username, username));
        const knownSince = new Date(at.getTime() - request.knownForMs);
        const [known] = await tx
          .select({ key: signInKnown.key })
          .from(signInKnown)
          .where(
            and(
              eq(signInKnown.username, username),
              gt(signInKnown.lastUsedAt, knownSince),
              or(
                and(eq(signInKnown.kind, 'address'), eq(signInKnown.key, addressKey)),
                deviceHash === null
                  ? sql`false`
                  : and(eq(signInKnown.kind, 'device'), eq(signInKnown.key, deviceHash)),
              ),
            ),
          )
          .limit(1);
        const next = decide({
          at,
          pair: pair?.count ?? 0,
          pairLast: pair?.last ?? null,
          address: address?.count ?? 0,
          addressLast: address?.last ?? null,
          addressPhones: address?.phones ?? 0,
          phone: phone ? { level: phone.level, levelAt: phone.levelAt, nextTryAt: phone.nextTryAt } : null,
          known: known !== undefined,
        });
        if (!next) return null;
        await tx.insert(loginFailures).values({ username, clientAddress: addressKey, createdAt: at });
        await tx
          .insert(signInPhones)
          .values({ username, ...next })
          .onConflictDoUpdate({ target: signInPhones.username, set: next });
        return at;
      });
    },

    /**
     * A right password: forgets the failures of its phone from its address (the member's own
     * typos) and the one this try added to the phone's level, and marks its device and address
     * as the member's, as of `at`.
     */
    async passwordWasRight(username: string, addressKey: string, deviceHash: string, at: Date) {
      await db.transaction(async (tx) => {
        await tx
          .delete(loginFailures)
          .where(and(eq(loginFailures.username, username), eq(loginFailures.clientAddress, addressKey)));
        await tx
          .update(signInPhones)
          .set({ level: sql`greatest(${signInPhones.level} - 1, 0)` })
          .where(eq(signInPhones.username, username));
        await tx
          .insert(signInKnown)
          .values([
            { username, kind: 'device', key: deviceHash, lastUsedAt: at },
            { username, kind: 'address', key: addressKey, lastUsedAt: at },
          ])
          .onConflictDoUpdate({
            target: [signInKnown.username, signInKnown.kind, signInKnown.key],
            set: { lastUsedAt: sql`greatest(${signInKnown.lastUsedAt}, excluded.last_used_at)` },
          });
      });
    },

    /** Whether this device token is known for this member (a cookie kept from their last sign-in). */
    async isKnownDevice(username: string, deviceHash: string, since: Date): Promise<boolean> {
      const [row] = await db
        .select({ key: signInKnown.key })
        .from(signInKnown)
        .where(
          and(
            eq(signInKnown.username, username),
            eq(signInKnown.kind, 'device'),
            eq(signInKnown.key, deviceHash),
            gt(signInKnown.lastUsedAt, since),
          ),
        );
      return row !== undefined;
    },

    /** After a password change: only the device and address that changed it stay known. */
    async forgetOtherDevices(username: string, deviceHash: string | null, addressKey: string) {
      await db.delete(signInKnown).where(
        and(
          eq(signInKnown.username, username),
          sql`not ((${signInKnown.kind} = 'address' and ${signInKnown.key} = ${addressKey})
                  or (${signInKnown.kind} = 'device' and ${signInKnown.key} = ${deviceHash ?? ''}))`,
        ),
      );
    },

    /** Only for tests and staff tools: deactivate or reactivate a member. */
    async setStatus(memberId: number, status: 'active' | 'inactive') {
      await db.update(members).set({ status }).where(eq(members.id, memberId));
    },
  };
}

export type AccountsRepository = ReturnType<typeof createAccountsRepository>;
