import { and, asc, count, desc, eq, sql } from 'drizzle-orm';
import type { AdjustmentStatus } from '@wallet/contract/http/adjustment';
import type { Database } from '../../platform/db/database';
import { balanceAdjustments } from './adjustments.tables';

export type Executor = Pick<Database, 'select' | 'insert' | 'update' | 'delete' | 'execute'>;
export type AdjustmentRow = typeof balanceAdjustments.$inferSelect;
export type NewAdjustment = Omit<typeof balanceAdjustments.$inferInsert, 'id' | 'createdAt'>;

/** The only code that reads or writes balance_adjustments. */
export function createAdjustmentsRepository(db: Database) {
  return {
    /** Runs work in one transaction (`tx` also for the ledger's transfer and the audit row in it). */
    transaction<T>(work: (tx: Executor) => Promise<T>): Promise<T> {
      return db.transaction((tx) => work(tx as unknown as Executor));
    },

    /**
     * The new request, or null when the maker's key was used before (a concurrent copy waits for
     * the first to commit, then finds it here: `byRequest`).
     */
    async insert(tx: Executor, row: NewAdjustment): Promise<AdjustmentRow | null> {
      const [created] = await tx.insert(balanceAdjustments).values(row).onConflictDoNothing().returning();
      return created ?? null;
    },

    /**
     * What one maker moved alone (applied at once, no checker) on one member in the last 24 hours,
     * both ways counted (decision 074). Serialised per maker and member first, so two requests sent
     * at once cannot both slip under the threshold.
     */
    async movedAloneToday(tx: Executor, makerId: number, memberId: number): Promise<bigint> {
      await tx.execute(
        sql`select pg_advisory_xact_lock(hashtext(${`adjustment-maker:${makerId}`}), ${memberId}::int)`,
      );
      const [row] = await tx
        .select({ moved: sql<string>`coalesce(sum(abs(${balanceAdjustments.amount})), 0)::text` })
        .from(balanceAdjustments)
        .where(
          and(
            eq(balanceAdjustments.makerId, makerId),
            eq(balanceAdjustments.memberId, memberId),
            eq(balanceAdjustments.status, 'applied'),
            sql`${balanceAdjustments.checkerId} is null`,
            sql`${balanceAdjustments.createdAt} > now() - interval '24 hours'`,
          ),
        );
      return BigInt(row?.moved ?? '0');
    },

    async byRequest(makerId: number, requestKey: string): Promise<AdjustmentRow | null> {
      const [row] = await db
        .select()
        .from(balanceAdjustments)
        .where(and(eq(balanceAdjustments.makerId, makerId), eq(balanceAdjustments.requestKey, requestKey)));
      return row ?? null;
    },

    async byId(id: number): Promise<AdjustmentRow | null> {
      const [row] = await db.select().from(balanceAdjustments).where(eq(balanceAdjustments.id, id));
      return row ?? null;
    },

    /**
     * Decides a waiting adjustment, or answers null when it no longer waits (or never did). One
     * conditional UPDATE: of two staff pressing at once, the second waits for the first's row lock
     * and then finds the status changed, so exactly one decision wins. A maker's own adjustment is
     * never approved here (the WHERE and the table's check both refuse it).
     */
    async decide(
      tx: Executor,
      id: number,
      decision: { status: 'applied' | 'rejected'; checkerId: number; rejectReason: string | null },
    ): Promise<AdjustmentRow | null> {
      const [row] = await tx
        .update(balanceAdjustments)
        .set({
          status: decision.status,
          checkerId: decision.checkerId,
          rejectReason: decision.rejectReason,
          decidedAt: sql`now()`,
        })
        .where(
          and(
            eq(balanceAdjustments.id, id),
            eq(balanceAdjustments.status, 'awaiting_approval'),
            decision.status === 'applied'
              ? sql`${balanceAdjustments.makerId} <> ${decision.checkerId}`
              : sql`true`,
          ),
        )
        .returning();
      return row ?? null;
    },

    /** A page of one status: waiting ones oldest first (the queue), decided ones newest first. */
    async list(status: AdjustmentStatus, offset: number, limit: number) {
      const [rows, [total]] = await Promise.all([
        db
          .select()
          .from(balanceAdjustments)
          .where(eq(balanceAdjustments.status, status))
          .orderBy(status === 'awaiting_approval' ? asc(balanceAdjustments.id) : desc(balanceAdjustments.id))
          .limit(limit)
          .offset(offset),
        db.select({ n: count() }).from(balanceAdjustments).where(eq(balanceAdjustments.status, status)),
      ]);
      return { rows, total: total?.n ?? 0 };
    },

    /** How many adjustments wait for a checker (an index-only count over the waiting rows). */
    async countAwaiting(): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(balanceAdjustments)
        .where(eq(balanceAdjustments.status, 'awaiting_approval'));
      return row?.n ?? 0;
    },
  };
}

export type AdjustmentsRepository = ReturnType<typeof createAdjustmentsRepository>;
