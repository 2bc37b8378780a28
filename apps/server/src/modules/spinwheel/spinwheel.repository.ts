import { and, asc, eq, ne, sql } from 'drizzle-orm';
import type { Database } from '../../platform/db/database';
import { rowsOf } from '../../platform/db/rows';
import { spinCoupons, spinSliceDays, spinSlices, spinWheels } from './spinwheel.tables';
import type { SliceSettings, StoredCoinRules } from './spinwheel-settings';

export type Executor = Pick<Database, 'select' | 'insert' | 'update' | 'delete' | 'execute'>;
export type WheelRow = typeof spinWheels.$inferSelect;
export type SliceRow = typeof spinSlices.$inferSelect;
export type CouponRow = typeof spinCoupons.$inferSelect;
export type NewCoupon = typeof spinCoupons.$inferInsert;

/** The only code that reads or writes the spinwheel tables. */
export function createSpinwheelRepository(db: Database) {
  return {
    /** Runs work in one transaction (`tx` also for the ledger's movements in it). */
    transaction<T>(work: (tx: Executor) => Promise<T>): Promise<T> {
      return db.transaction((tx) => work(tx as unknown as Executor));
    },

    async activeWheel(): Promise<{ wheel: WheelRow; slices: SliceRow[] } | null> {
      const [wheel] = await db.select().from(spinWheels).where(eq(spinWheels.active, true));
      if (!wheel) return null;
      const slices = await db
        .select()
        .from(spinSlices)
        .where(eq(spinSlices.wheelId, wheel.id))
        .orderBy(asc(spinSlices.position));
      return { wheel, slices };
    },

    /** The wheel the operator's settings change: the active one, else the latest. */
    async wheelToSet(): Promise<{ wheel: WheelRow; slices: SliceRow[] } | null> {
      const [wheel] = await db
        .select()
        .from(spinWheels)
        .orderBy(sql`${spinWheels.active} desc`, sql`${spinWheels.id} desc`)
        .limit(1);
      if (!wheel) return null;
      const slices = await db.select().from(spinSlices).where(eq(spinSlices.wheelId, wheel.id));
      return { wheel, slices };
    },

    async anyWheel(): Promise<boolean> {
      const [row] = await db.select({ id: spinWheels.id }).from(spinWheels).limit(1);
      return row !== undefined;
    },

    /** A wheel and its slices, written once (the seed). */
    async insertWheel(
      wheel: { name: string; coinRules: StoredCoinRules; couponHours: number; active: boolean },
      slices: SliceSettings[],
    ): Promise<number> {
      return db.transaction(async (tx) => {
        const [row] = await tx.insert(spinWheels).values(wheel).returning({ id: spinWheels.id });
        await tx
          .insert(spinSlices)
          .values(slices.map((slice, position) => ({ wheelId: row!.id, position, ...slice })));
        return row!.id;
      });
    },

    async updateWheel(
      wheelId: number,
      changes: Partial<Pick<WheelRow, 'active' | 'coinRules' | 'couponHours' | 'name'>>,
    ) {
      if (Object.keys(changes).length === 0) return;
      await db.update(spinWheels).set(changes).where(eq(spinWheels.id, wheelId));
    },

    async updateSlice(
      wheelId: number,
      code: string,
      changes: Partial<Pick<SliceRow, 'weight' | 'stock' | 'dailyBudget' | 'withdrawn'>>,
    ) {
      await db
        .update(spinSlices)
        .set(changes)
        .where(and(eq(spinSlices.wheelId, wheelId), eq(spinSlices.code, code)));
    },

    async slice(wheelId: number, code: string): Promise<SliceRow | null> {
      const [row] = await db
        .select()
        .from(spinSlices)
        .where(and(eq(spinSlices.wheelId, wheelId), eq(spinSlices.code, code)));
      return row ?? null;
    },

    /** What each slice of a wheel paid on a market day, by `code:unit`. */
    async paidOn(wheelId: number, day: string): Promise<Map<string, bigint>> {
      const rows = await db
        .select()
        .from(spinSliceDays)
        .where(and(eq(spinSliceDays.wheelId, wheelId), eq(spinSliceDays.day, day)));
      return new Map(rows.map((row) => [`${row.code}:${row.unit}`, row.paid]));
    },

    /** Takes one prize from a slice's stock, if it has one left (false: none left). */
    async takeStock(tx: Executor, wheelId: number, code: string): Promise<boolean> {
      const rows = await rowsOf<{ stock: number }>(
        tx,
        sql`update spin_slices set stock = stock - 1
            where wheel_id = ${wheelId} and code = ${code} and stock > 0 returning stock`,
      );
      return rows.length === 1;
    },

    /**
     * Adds `amount` to what a slice paid today in `unit` if it stays within `budget` (false: it
     * would not). One statement: concurrent draws queue on the day's row and each sees the last sum.
     */
    async spendBudget(
      tx: Executor,
      key: { wheelId: number; code: string; day: string; unit: string },
      amount: bigint,
      budget: bigint,
    ): Promise<boolean> {
      if (amount > budget) return false;
      const rows = await rowsOf<{ paid: string }>(
        tx,
        sql`insert into spin_slice_days (wheel_id, code, day, unit, paid)
            values (${key.wheelId}, ${key.code}, ${key.day}, ${key.unit}, ${amount.toString()}::bigint)
            on conflict (wheel_id, code, day, unit) do update set paid = spin_slice_days.paid + excluded.paid
            where spin_slice_days.paid + excluded.paid <= ${budget.toString()}::bigint
            returning paid::text`,
      );
      return rows.length === 1;
    },

    async insertCoupon(tx: Executor, coupon: NewCoupon): Promise<CouponRow> {
      const [row] = await tx.insert(spinCoupons).values(coupon).returning();
      return row!;
    },

    async couponByRequest(memberId: number, requestKey: string): Promise<CouponRow | null> {
      const [row] = await db
        .select()
        .from(spinCoupons)
        .where(and(eq(spinCoupons.memberId, memberId), eq(spinCoupons.requestKey, requestKey)));
      return row ?? null;
    },

    async coupon(memberId: number, id: number): Promise<CouponRow | null> {
      const [row] = await db
        .select()
        .from(spinCoupons)
        .where(and(eq(spinCoupons.memberId, memberId), eq(spinCoupons.id, id)));
      return row ?? null;
    },

    /** Locks a coupon's row in `tx`: whether it is claimable and not expired at `at`. */
    async lockClaimable(tx: Executor, id: number, at: Date): Promise<boolean> {
      const rows = await rowsOf<{ id: string }>(
        tx,
        sql`select id::text from spin_coupons
            where id = ${id} and status = 'claimable' and expires_at > ${at.toISOString()} for update`,
      );
      return rows.length === 1;
    },

    /**
     * Whether a slice may still be drawn, read in the draw's transaction (the operator may have
     * withdrawn it or set its weight to 0 since the draw read the wheel); shares its row's lock.
     */
    async stillDrawable(tx: Executor, wheelId: number, code: string): Promise<boolean> {
      const rows = await rowsOf<{ ok: boolean }>(
        tx,
        sql`select (not withdrawn and weight > 0) as ok from spin_slices
            where wheel_id = ${wheelId} and code = ${code} for share`,
      );
      return rows[0]?.ok === true;
    },

    /**
     * Marks a claimable coupon, not expired at `at`, claimed in `tx`; false when it is not (claimed
     * by a concurrent request, or expired): the row's lock orders two claims of one coupon.
     */
    async markClaimed(tx: Executor, id: number, at: Date, grantId: number | null = null): Promise<boolean> {
      const rows = await tx
        .update(spinCoupons)
        .set({ status: 'claimed', claimedAt: at, grantId })
        .where(
          and(
            eq(spinCoupons.id, id),
            eq(spinCoupons.status, 'claimable'),
            sql`${spinCoupons.expiresAt} > ${at.toISOString()}`,
          ),
        )
        .returning({ id: spinCoupons.id });
      return rows.length === 1;
    },

    /** A member's coupons, claimable first, then newest; with their total ("try again" draws left out). */
    async couponsOf(
      memberId: number,
      page: { offset: number; limit: number },
      at: Date,
    ): Promise<{ total: number; rows: CouponRow[] }> {
      // NOTE: a "try again" draw keeps its row (the draw's record, stock and budget counts) but is
      // no coupon: the member's list leaves it out (issue 31 item 9).
      const [count] = await rowsOf<{ total: string }>(
        db,
        sql`select count(*)::text as total from spin_coupons where member_id = ${memberId} and status <> 'none'`,
      );
      const rows = await db
        .select()
        .from(spinCoupons)
        .where(and(eq(spinCoupons.memberId, memberId), ne(spinCoupons.status, 'none')))
        .orderBy(
          sql`(${spinCoupons.status} = 'claimable' and ${spinCoupons.expiresAt} > ${at.toISOString()}) desc`,
          sql`${spinCoupons.id} desc`,
        )
        .offset(page.offset)
        .limit(page.limit);
      return { total: Number(count!.total), rows };
    },

    /**
     * Claims one claimable coupon past its expiry for the caller's transaction (FOR UPDATE SKIP
     * LOCKED: processes pass each other's), or null when none is due.
     */
    async claimDueCoupon(tx: Executor, at: Date, afterId: number): Promise<CouponRow | null> {
      const [row] = await rowsOf<{ id: string }>(
        tx,
        sql`select id::text from spin_coupons
            where status = 'claimable' and expires_at <= ${at.toISOString()} and id > ${afterId}
            order by id limit 1 for update skip locked`,
      );
      if (!row) return null;
      const [coupon] = await tx
        .select()
        .from(spinCoupons)
        .where(eq(spinCoupons.id, Number(row.id)));
      return coupon ?? null;
    },

    /** Marks a claimable coupon expired; false when it is not claimable (claimed, or expired already). */
    async markExpired(tx: Executor, id: number): Promise<boolean> {
      const rows = await tx
        .update(spinCoupons)
        .set({ status: 'expired' })
        .where(and(eq(spinCoupons.id, id), eq(spinCoupons.status, 'claimable')))
        .returning({ id: spinCoupons.id });
      return rows.length === 1;
    },
  };
}

export type SpinwheelRepository = ReturnType<typeof createSpinwheelRepository>;
