import { and, eq, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import type { Database } from '../../platform/db/database';
import { appendAudit, type AuditEntry } from './audit-chain';
import { staffLoginChallenges, staffMembers, staffSessions } from './console.tables';

type Executor = Pick<Database, 'select' | 'insert' | 'update' | 'delete' | 'execute'>;

export type StaffRow = typeof staffMembers.$inferSelect;
export type ChallengeRow = typeof staffLoginChallenges.$inferSelect;

/** The only code that reads or writes the console's staff tables. */
export function createStaffRepository(db: Database) {
  /** Queries of the second sign-in step, run in its one transaction. */
  const step = (tx: Executor) => ({
    /** The challenge, its row locked: two answers to one challenge are taken one at a time. */
    async lockChallenge(tokenHash: string): Promise<ChallengeRow | null> {
      const [row] = await tx
        .select()
        .from(staffLoginChallenges)
        .where(eq(staffLoginChallenges.tokenHash, tokenHash))
        .for('update');
      return row ?? null;
    },
    /** The staff member, row locked: the replay guard's last step is read and moved under it. */
    async lockStaff(id: number): Promise<StaffRow | null> {
      const [row] = await tx.select().from(staffMembers).where(eq(staffMembers.id, id)).for('update');
      return row ?? null;
    },
    async countAttempt(tokenHash: string) {
      await tx
        .update(staffLoginChallenges)
        .set({ attempts: sql`${staffLoginChallenges.attempts} + 1` })
        .where(eq(staffLoginChallenges.tokenHash, tokenHash));
    },
    async useChallenge(tokenHash: string, at: Date) {
      await tx
        .update(staffLoginChallenges)
        .set({ usedAt: at, attempts: sql`${staffLoginChallenges.attempts} + 1` })
        .where(eq(staffLoginChallenges.tokenHash, tokenHash));
    },
    /** Records the accepted code's time step and, at enrolment, the secret it proved. */
    async acceptCode(staffId: number, timeStep: number, enrolledSecret: string | null) {
      await tx
        .update(staffMembers)
        .set(
          enrolledSecret === null
            ? { totpLastStep: timeStep }
            : { totpLastStep: timeStep, totpSecret: enrolledSecret },
        )
        .where(eq(staffMembers.id, staffId));
    },
    async createSession(row: typeof staffSessions.$inferInsert) {
      await tx.insert(staffSessions).values(row);
    },
    /** The step's audit rows, last in its transaction (the chain's lock is held until it ends). */
    async audit(entry: AuditEntry) {
      await appendAudit(tx, entry);
    },
  });

  return {
    async createStaff(row: typeof staffMembers.$inferInsert): Promise<number> {
      const [created] = await db.insert(staffMembers).values(row).returning({ id: staffMembers.id });
      return created!.id;
    },

    async staffByUsername(username: string): Promise<StaffRow | null> {
      const [row] = await db.select().from(staffMembers).where(eq(staffMembers.username, username));
      return row ?? null;
    },

    async createChallenge(row: typeof staffLoginChallenges.$inferInsert) {
      await db.insert(staffLoginChallenges).values(row);
    },

    /** Runs the second sign-in step in one transaction. */
    transaction<T>(work: (q: ReturnType<typeof step>) => Promise<T>): Promise<T> {
      return db.transaction((tx) => work(step(tx as unknown as Executor)));
    },

    async sessionByHash(tokenHash: string) {
      const [row] = await db
        .select({
          session: staffSessions,
          staff: {
            username: staffMembers.username,
            name: staffMembers.name,
            active: staffMembers.active,
            role: staffMembers.role,
          },
        })
        .from(staffSessions)
        .innerJoin(staffMembers, eq(staffMembers.id, staffSessions.staffId))
        .where(eq(staffSessions.tokenHash, tokenHash));
      return row ?? null;
    },

    async touchSession(tokenHash: string, at: Date) {
      await db.update(staffSessions).set({ lastSeenAt: at }).where(eq(staffSessions.tokenHash, tokenHash));
    },

    async revokeSession(tokenHash: string, at: Date) {
      await db
        .update(staffSessions)
        .set({ revokedAt: at })
        .where(and(eq(staffSessions.tokenHash, tokenHash), isNull(staffSessions.revokedAt)));
    },

    /** One audit row at the end of the chain, in a transaction of its own (audit-chain.ts). */
    async audit(entry: AuditEntry) {
      await db.transaction((tx) => appendAudit(tx, entry));
    },

    /**
     * Deletes challenges past their end or answered, and sessions past their end, idle since
     * `idleBefore` or revoked. The audit keeps every row. Answers how many rows went.
     */
    async purge(now: Date, idleBefore: Date): Promise<number> {
      const challenges = await db
        .delete(staffLoginChallenges)
        .where(or(lt(staffLoginChallenges.expiresAt, now), isNotNull(staffLoginChallenges.usedAt)))
        .returning({ tokenHash: staffLoginChallenges.tokenHash });
      const sessions = await db
        .delete(staffSessions)
        .where(
          or(
            lt(staffSessions.expiresAt, now),
            lt(staffSessions.lastSeenAt, idleBefore),
            isNotNull(staffSessions.revokedAt),
          ),
        )
        .returning({ tokenHash: staffSessions.tokenHash });
      return challenges.length + sessions.length;
    },
  };
}

export type StaffRepository = ReturnType<typeof createStaffRepository>;
