import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../platform/db/database';
import { appendAudit, type AuditEntry } from './audit-chain';
import { staffAudit, staffMembers, staffSessions } from './console.tables';

type Executor = Pick<Database, 'select' | 'insert' | 'update' | 'execute'>;

/** A staff member as the staff screen shows them (no hash, no secret). */
export interface DeskRow {
  id: number;
  username: string;
  name: string;
  role: (typeof staffMembers.$inferSelect)['role'];
  active: boolean;
  totpEnrolled: boolean;
  lastSignInAt: Date | null;
  createdAt: Date;
}

const deskColumns = {
  id: staffMembers.id,
  username: staffMembers.username,
  name: staffMembers.name,
  role: staffMembers.role,
  active: staffMembers.active,
  totpEnrolled: sql<boolean>`${staffMembers.totpSecret} is not null`.as('totp_enrolled'),
  // The audit keeps every sign-in for good (sessions are deleted once ended); its index on
  // (staff_id, at) finds each one's latest.
  // NOTE: written out, aliased: drizzle renders a column in sql`` without its table, and both
  // tables have an "id".
  lastSignInAt: sql<Date | null>`(
    select max(a."at") from "staff_audit" a
    where a."staff_id" = "staff_members"."id" and a."action" = 'login.success'
  )`
    .mapWith(staffAudit.at)
    .as('last_sign_in_at'),
  createdAt: staffMembers.createdAt,
};

/** The staff screen's queries; changes run in one transaction with their audit row. */
export function createStaffDeskRepository(db: Database) {
  const change = (tx: Executor) => ({
    /**
     * Locks every active owner's row (in id order, as every change does: no deadlock), then the
     * target's: two owners demoting or switching off each other at once are taken one at a time,
     * and the second sees the first's change. Answers the active owners' ids and the target.
     */
    async lock(staffId: number) {
      const owners = await tx
        .select({ id: staffMembers.id })
        .from(staffMembers)
        .where(and(eq(staffMembers.role, 'owner'), eq(staffMembers.active, true)))
        .orderBy(asc(staffMembers.id))
        .for('update');
      const [target] = await tx.select().from(staffMembers).where(eq(staffMembers.id, staffId)).for('update');
      return { ownerIds: owners.map((row) => row.id), target: target ?? null };
    },
    async update(staffId: number, set: Partial<typeof staffMembers.$inferInsert>) {
      await tx.update(staffMembers).set(set).where(eq(staffMembers.id, staffId));
    },
    /** Ends every live session of a staff member; answers their token hashes. */
    async revokeSessionsOf(staffId: number, at: Date): Promise<string[]> {
      const rows = await tx
        .update(staffSessions)
        .set({ revokedAt: at })
        .where(and(eq(staffSessions.staffId, staffId), isNull(staffSessions.revokedAt)))
        .returning({ tokenHash: staffSessions.tokenHash });
      return rows.map((row) => row.tokenHash);
    },
    async insert(row: typeof staffMembers.$inferInsert): Promise<number> {
      const [created] = await tx.insert(staffMembers).values(row).returning({ id: staffMembers.id });
      return created!.id;
    },
    async row(staffId: number): Promise<DeskRow> {
      const [row] = await tx.select(deskColumns).from(staffMembers).where(eq(staffMembers.id, staffId));
      return row!;
    },
    /** The change's audit row, last in its transaction (the chain's lock is held until it ends). */
    async audit(entry: AuditEntry) {
      await appendAudit(tx, entry);
    },
  });

  return {
    async list(): Promise<DeskRow[]> {
      const rows = await db
        .select(deskColumns)
        .from(staffMembers)
        .orderBy(sql`${staffMembers.active} desc`, asc(staffMembers.username));
      return rows;
    },
    transaction<T>(work: (q: ReturnType<typeof change>) => Promise<T>): Promise<T> {
      return db.transaction((tx) => work(change(tx as unknown as Executor)));
    },
    /** A refusal's audit row, in a transaction of its own. */
    async audit(entry: AuditEntry) {
      await db.transaction((tx) => appendAudit(tx, entry));
    },
  };
}
