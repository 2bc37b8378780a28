import { and, count, desc, eq, getTableColumns, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../platform/db/database';
import { rowsOf } from '../../platform/db/rows';
import { withdrawalOrders } from './withdrawals.tables';

/** A row, with whether a staff member's lease on it is live (on the database's clock). */
export type WithdrawalOrder = typeof withdrawalOrders.$inferSelect & { claimLive: boolean };
export type NewWithdrawalOrder = Omit<typeof withdrawalOrders.$inferInsert, 'createdAt'>;

/** Writes a decision's audit row in the decision's own transaction: it commits with the decision. */
export type AuditDecision = (tx: Pick<Database, 'execute'>, row: WithdrawalOrder) => Promise<void>;

/**
 * The routing and review records of withdrawals (docs/decisions/045). Every decision is one
 * conditional UPDATE … RETURNING: of two staff members pressing at once, on any two processes,
 * exactly one changes the row; the other reads what became of it.
 */
export function createWithdrawalOrdersRepository(db: Database) {
  const columns = {
    ...getTableColumns(withdrawalOrders),
    claimLive: sql<boolean>`coalesce(${withdrawalOrders.claimedUntil} > now(), false)`,
  };
  /** A staff member may act on a row no colleague holds a live lease on. */
  const free = (staffId: number) =>
    sql`(${withdrawalOrders.claimedBy} is null or ${withdrawalOrders.claimedBy} = ${staffId}
         or ${withdrawalOrders.claimedUntil} < now())`;

  return {
    /**
     * Routes a new withdrawal under the member's lock (an advisory lock for the transaction), so
     * that two withdrawals asked at once cannot both be counted as the day's last automatic one.
     * `decide` sees the member's automatic withdrawals of the day and whether one was ever paid.
     * A retry of a key already routed answers its first routing.
     */
    async route(
      order: Omit<NewWithdrawalOrder, 'status' | 'heldFor'>,
      decide: (history: { autoToday: number; everPaid: boolean }) => string[],
    ): Promise<WithdrawalOrder> {
      return db.transaction(async (tx) => {
        await tx.execute(
          sql`select pg_advisory_xact_lock(hashtext('withdrawal-route'), ${order.memberId}::int)`,
        );
        const [earlier] = await tx
          .select(columns)
          .from(withdrawalOrders)
          .where(eq(withdrawalOrders.holdKey, order.holdKey));
        if (earlier) return earlier;
        const [history] = await rowsOf<{ auto_today: number; ever_paid: boolean }>(
          tx,
          sql`select count(*) filter (where status = 'auto' and market_day = ${order.marketDay})::int as auto_today,
                     coalesce(bool_or(status in ('auto', 'approved')), false) as ever_paid
              from withdrawal_orders where member_id = ${order.memberId}`,
        );
        const heldFor = decide({ autoToday: history!.auto_today, everPaid: history!.ever_paid });
        const [row] = await tx
          .insert(withdrawalOrders)
          .values({ ...order, heldFor, status: heldFor.length > 0 ? 'review' : 'auto' })
          .returning(columns);
        return row!;
      });
    },

    /** The member's withdrawals waiting for staff, however old (Home lists every one). */
    async waitingOf(memberId: number): Promise<WithdrawalOrder[]> {
      return db
        .select(columns)
        .from(withdrawalOrders)
        .where(and(eq(withdrawalOrders.memberId, memberId), eq(withdrawalOrders.status, 'review')))
        .orderBy(desc(withdrawalOrders.createdAt));
    },

    /** Rows in review older than `ms` (database clock): the candidates of a routing whose hold never came. */
    async staleInReview(ms: number): Promise<string[]> {
      const rows = await db
        .select({ key: withdrawalOrders.holdKey })
        .from(withdrawalOrders)
        .where(
          and(
            eq(withdrawalOrders.status, 'review'),
            sql`${withdrawalOrders.createdAt} < now() - ${ms} * interval '1 millisecond'`,
          ),
        )
        .limit(500);
      return rows.map((row) => row.key);
    },

    /** A routing whose hold was never made (refused or voided at once): it counts for nothing. */
    /**
     * Deletes a routing no staff member has decided on; answers whether it went. A decided one
     * stays: an approval in the instant since its hold was made is the approver's to pay.
     */
    async forget(holdKey: string): Promise<boolean> {
      const gone = await db
        .delete(withdrawalOrders)
        .where(
          and(eq(withdrawalOrders.holdKey, holdKey), inArray(withdrawalOrders.status, ['auto', 'review'])),
        )
        .returning({ holdKey: withdrawalOrders.holdKey });
      return gone.length > 0;
    },

    async find(holdKey: string): Promise<WithdrawalOrder | null> {
      const [row] = await db
        .select(columns)
        .from(withdrawalOrders)
        .where(eq(withdrawalOrders.holdKey, holdKey));
      return row ?? null;
    },

    async findMany(holdKeys: string[]): Promise<WithdrawalOrder[]> {
      if (holdKeys.length === 0) return [];
      return db.select(columns).from(withdrawalOrders).where(inArray(withdrawalOrders.holdKey, holdKeys));
    },

    /** One page of one status, oldest first for the queue (the longest waiting on top). */
    async page(status: WithdrawalOrder['status'], offset: number, limit: number) {
      const where = eq(withdrawalOrders.status, status);
      const order = status === 'review' ? withdrawalOrders.createdAt : desc(withdrawalOrders.decidedAt);
      const [rows, [total]] = await Promise.all([
        db.select(columns).from(withdrawalOrders).where(where).orderBy(order).limit(limit).offset(offset),
        db.select({ n: count() }).from(withdrawalOrders).where(where),
      ]);
      return { rows, total: total?.n ?? 0 };
    },

    async countWaiting(): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(withdrawalOrders)
        .where(eq(withdrawalOrders.status, 'review'));
      return row?.n ?? 0;
    },

    /** Takes or renews `staffId`'s lease on a row in review that no colleague holds; null if one does. */
    async claim(holdKey: string, staffId: number, leaseMs: number): Promise<WithdrawalOrder | null> {
      const [row] = await db
        .update(withdrawalOrders)
        .set({ claimedBy: staffId, claimedUntil: sql`now() + ${leaseMs} * interval '1 millisecond'` })
        .where(
          and(eq(withdrawalOrders.holdKey, holdKey), eq(withdrawalOrders.status, 'review'), free(staffId)),
        )
        .returning(columns);
      return row ?? null;
    },

    /** Gives a lease back (only its holder's); answers the member of the row it released, if any. */
    async release(holdKey: string, staffId: number): Promise<number | null> {
      const [row] = await db
        .update(withdrawalOrders)
        .set({ claimedBy: null, claimedUntil: null })
        .where(and(eq(withdrawalOrders.holdKey, holdKey), eq(withdrawalOrders.claimedBy, staffId)))
        .returning({ memberId: withdrawalOrders.memberId });
      return row?.memberId ?? null;
    },

    /**
     * The first of two approvals: only on a row in review with none yet, free of colleagues'
     * leases. Releases the lease, so the second approver can take it.
     */
    async approveFirst(
      holdKey: string,
      staffId: number,
      audit: AuditDecision,
    ): Promise<WithdrawalOrder | null> {
      return db.transaction(async (tx) => {
        const [row] = await tx
          .update(withdrawalOrders)
          .set({
            firstApprovedBy: staffId,
            firstApprovedAt: sql`now()`,
            claimedBy: null,
            claimedUntil: null,
          })
          .where(
            and(
              eq(withdrawalOrders.holdKey, holdKey),
              eq(withdrawalOrders.status, 'review'),
              eq(withdrawalOrders.needsTwo, true),
              eq(withdrawalOrders.memberLocked, false),
              sql`${withdrawalOrders.firstApprovedBy} is null`,
              free(staffId),
            ),
          )
          .returning(columns);
        if (row) await audit(tx, row);
        return row ?? null;
      });
    },

    /**
     * The final decision: approved (by the one approver, or the second of two, never the first
     * again) or rejected. Exactly one decision is ever written.
     */
    async decide(
      holdKey: string,
      staffId: number,
      decision: { status: 'approved' } | { status: 'rejected'; refusal: string; note: string | null },
      audit: AuditDecision,
    ): Promise<WithdrawalOrder | null> {
      const approving = decision.status === 'approved';
      return db.transaction(async (tx) => {
        const [row] = await tx
          .update(withdrawalOrders)
          .set({
            status: decision.status,
            decidedBy: staffId,
            decidedAt: sql`now()`,
            claimedBy: null,
            claimedUntil: null,
            refusal: approving ? null : decision.refusal,
            note: approving ? null : decision.note,
          })
          .where(
            and(
              eq(withdrawalOrders.holdKey, holdKey),
              eq(withdrawalOrders.status, 'review'),
              free(staffId),
              approving ? eq(withdrawalOrders.memberLocked, false) : sql`true`,
              approving
                ? sql`(not ${withdrawalOrders.needsTwo} or (${withdrawalOrders.firstApprovedBy} is not null
                      and ${withdrawalOrders.firstApprovedBy} <> ${staffId}))`
                : sql`true`,
            ),
          )
          .returning(columns);
        if (row) await audit(tx, row);
        return row ?? null;
      });
    },

    /**
     * Marks (or clears) the member's withdrawals waiting for review as locked: a lock waits for an
     * approval already writing one of them, and an approval after it is refused (decision 045).
     */
    async markMemberLocked(memberId: number, locked: boolean): Promise<void> {
      await db
        .update(withdrawalOrders)
        .set({ memberLocked: locked })
        .where(and(eq(withdrawalOrders.memberId, memberId), eq(withdrawalOrders.status, 'review')));
    },

    /** An approved order's age since its approval, on the database's clock (its payout's TTL runs from there). */
    async decidedAgeMs(holdKey: string): Promise<number | null> {
      const [row] = await rowsOf<{ age_ms: string | null }>(
        db,
        sql`select (extract(epoch from now() - decided_at) * 1000)::bigint::text as age_ms
            from withdrawal_orders where hold_key = ${holdKey}`,
      );
      return row?.age_ms == null ? null : Number(row.age_ms);
    },
  };
}

export type WithdrawalOrdersRepository = ReturnType<typeof createWithdrawalOrdersRepository>;
