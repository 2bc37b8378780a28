import { randomUUID } from 'node:crypto';
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../../platform/db/database';
import type { Currency } from '@wallet/contract/money';
import { rowsOf } from '../../../platform/db/rows';
import {
  promotionGrants,
  promotionGrantTurnover,
  promotionOffers,
  type ClosingBasis,
  type GrantTerms,
} from './grants.tables';

export type Executor = Pick<Database, 'select' | 'insert' | 'update' | 'delete' | 'execute'>;

export type OfferRow = typeof promotionOffers.$inferSelect;
export type NewOffer = typeof promotionOffers.$inferInsert;
export type GrantRow = typeof promotionGrants.$inferSelect;
export type ClosingState = NonNullable<GrantRow['closingState']>;

/** Queries of a claim, run in its one transaction. */
function claimQueries(tx: Executor) {
  return {
    /** The offer, locked: claims of one offer take turns, so counts and budget hold. */
    async lockOffer(code: string): Promise<OfferRow | null> {
      const [row] = await tx
        .select()
        .from(promotionOffers)
        .where(eq(promotionOffers.code, code))
        .for('update');
      return row ?? null;
    },

    async activeGrant(memberId: number): Promise<GrantRow | null> {
      const [row] = await tx
        .select()
        .from(promotionGrants)
        .where(and(eq(promotionGrants.memberId, memberId), eq(promotionGrants.state, 'active')));
      return row ?? null;
    },

    /** How many grants of the offer the member received since `since` (null: ever). */
    async receivedSince(memberId: number, offerId: number, since: Date | null): Promise<number> {
      const [row] = await rowsOf<{ n: number }>(
        tx,
        sql`select count(*)::int as n from promotion_grants
            where member_id = ${memberId} and offer_id = ${offerId}
              ${since ? sql`and claimed_at >= ${since.toISOString()}` : sql``}`,
      );
      return row!.n;
    },

    /** Counts a grant's bonus against the offer's budget (take-backs do not refill it). */
    async addGranted(offerId: number, currency: Currency, bonus: bigint): Promise<void> {
      // Per currency (decision 067): a kip bonus counts against the kip budget only.
      await tx
        .update(promotionOffers)
        .set({
          granted: sql`jsonb_set(${promotionOffers.granted}, array[${currency}::text],
            to_jsonb(coalesce((${promotionOffers.granted} ->> ${currency})::bigint, 0) + ${bonus.toString()}::bigint))`,
        })
        .where(eq(promotionOffers.id, offerId));
    },

    async depositUsed(transferId: number): Promise<boolean> {
      const [row] = await tx
        .select({ id: promotionGrants.id })
        .from(promotionGrants)
        .where(eq(promotionGrants.depositTransferId, transferId));
      return row !== undefined;
    },

    async insertGrant(values: typeof promotionGrants.$inferInsert): Promise<GrantRow> {
      const [row] = await tx.insert(promotionGrants).values(values).returning();
      return row!;
    },

    async insertCursors(grantId: number, cursors: { gameCode: string; lastRoundId: number }[]) {
      if (cursors.length === 0) return;
      await tx
        .insert(promotionGrantTurnover)
        .values(cursors.map((cursor) => ({ grantId, ...cursor })))
        .onConflictDoNothing();
    },
  };
}

export type ClaimQueries = ReturnType<typeof claimQueries>;

/** The only code that reads or writes the grant engine's tables (offers, grants, turnover). */
export function createGrantsRepository(db: Database) {
  return {
    /** Adds offers whose code is new; an offer the operator changed is left as it is. */
    async seedOffers(offers: NewOffer[]): Promise<void> {
      if (offers.length === 0) return;
      await db.insert(promotionOffers).values(offers).onConflictDoNothing();
    },

    async offers(channel: 'bonus' | 'promotion'): Promise<OfferRow[]> {
      return db
        .select()
        .from(promotionOffers)
        .where(and(eq(promotionOffers.channel, channel), eq(promotionOffers.active, true)))
        .orderBy(asc(promotionOffers.sort), asc(promotionOffers.id));
    },

    async offerByCode(code: string): Promise<OfferRow | null> {
      const [row] = await db.select().from(promotionOffers).where(eq(promotionOffers.code, code));
      return row ?? null;
    },

    async offerById(id: number): Promise<OfferRow | null> {
      const [row] = await db.select().from(promotionOffers).where(eq(promotionOffers.id, id));
      return row ?? null;
    },

    /** Changes an offer's terms (operators; tests). Running grants keep the terms they copied. */
    async updateOffer(code: string, changes: Partial<NewOffer>): Promise<void> {
      await db.update(promotionOffers).set(changes).where(eq(promotionOffers.code, code));
    },

    /** Runs a claim in one transaction (`tx` for the ledger's lock of the wallet in it). */
    claim<T>(work: (q: ClaimQueries, tx: Executor) => Promise<T>): Promise<T> {
      return db.transaction((tx) => work(claimQueries(tx as unknown as Executor), tx as unknown as Executor));
    },

    /** A claim's queries outside any transaction, for a look that locks and writes nothing. */
    reads<T>(work: (q: ClaimQueries) => Promise<T>): Promise<T> {
      return work(claimQueries(db));
    },

    async grantsOf(memberId: number): Promise<GrantRow[]> {
      return db
        .select()
        .from(promotionGrants)
        .where(eq(promotionGrants.memberId, memberId))
        .orderBy(desc(promotionGrants.claimedAt), desc(promotionGrants.id));
    },

    /** The member's latest `limit` grants, newest first, each with the turnover counted so far. */
    async historyOf(memberId: number, limit: number): Promise<(GrantRow & { turnoverDone: bigint })[]> {
      const done = sql<string>`coalesce((select sum(${promotionGrantTurnover.turnover}) from ${promotionGrantTurnover}
        where ${promotionGrantTurnover.grantId} = ${promotionGrants.id}), 0)::text`;
      const rows = await db
        .select({ grant: promotionGrants, done })
        .from(promotionGrants)
        .where(eq(promotionGrants.memberId, memberId))
        .orderBy(desc(promotionGrants.claimedAt), desc(promotionGrants.id))
        .limit(limit);
      return rows.map((row) => ({ ...row.grant, turnoverDone: BigInt(row.done) }));
    },

    async activeGrantOf(memberId: number): Promise<GrantRow | null> {
      return claimQueries(db).activeGrant(memberId);
    },

    async grant(id: number): Promise<GrantRow | null> {
      const [row] = await db.select().from(promotionGrants).where(eq(promotionGrants.id, id));
      return row ?? null;
    },

    async markCredited(id: number): Promise<void> {
      await db.update(promotionGrants).set({ credited: true }).where(eq(promotionGrants.id, id));
    },

    async turnoverOf(grantId: number) {
      return db.select().from(promotionGrantTurnover).where(eq(promotionGrantTurnover.grantId, grantId));
    },

    /** The cursor of a game, made at `start` if the grant has none for it yet. */
    async cursor(grantId: number, gameCode: string, start: number) {
      await db
        .insert(promotionGrantTurnover)
        .values({ grantId, gameCode, lastRoundId: start })
        .onConflictDoNothing();
      const [row] = await db
        .select()
        .from(promotionGrantTurnover)
        .where(
          and(eq(promotionGrantTurnover.grantId, grantId), eq(promotionGrantTurnover.gameCode, gameCode)),
        );
      return row!;
    },

    /**
     * Moves a game's cursor from `from` to `to` and adds `turnover`, only if the cursor is still at
     * `from`: of two readers of the same rounds, one counts them. False when another moved it.
     */
    async advanceCursor(grantId: number, gameCode: string, from: number, to: number, turnover: bigint) {
      const moved = await db
        .update(promotionGrantTurnover)
        .set({
          lastRoundId: to,
          turnover: sql`${promotionGrantTurnover.turnover} + ${turnover.toString()}::bigint`,
        })
        .where(
          and(
            eq(promotionGrantTurnover.grantId, grantId),
            eq(promotionGrantTurnover.gameCode, gameCode),
            eq(promotionGrantTurnover.lastRoundId, from),
          ),
        )
        .returning({ grantId: promotionGrantTurnover.grantId });
      return moved.length === 1;
    },

    /**
     * Takes the right to close a running grant for `leaseMs` (database clock). The first closer
     * fixes the final state; a later one (after a crash) finishes that same closing. Null while
     * another closer holds the lease, or once the grant is closed.
     */
    async claimClosing(
      id: number,
      state: ClosingState,
      leaseMs: number,
    ): Promise<{ closingState: ClosingState; lease: string } | null> {
      const lease = randomUUID();
      const [row] = await rowsOf<{ closing_state: ClosingState }>(
        db,
        sql`update promotion_grants
            set closing_state = coalesce(closing_state, ${state}), closing_lease = ${lease},
                closing_since = coalesce(closing_since, now()),
                closing_lease_until = now() + ${leaseMs} * interval '1 millisecond'
            where id = ${id} and state = 'active'
              and (closing_lease_until is null or closing_lease_until < now())
            returning closing_state`,
      );
      return row ? { closingState: row.closing_state, lease } : null;
    },

    /**
     * Fixes the amount a closing takes back, with what it was worked out from, unless an earlier
     * closer fixed it: answers the amount that holds, or null when this closer no longer holds the lease.
     */
    async fixClosingAmount(
      id: number,
      lease: string,
      amount: bigint,
      basis: ClosingBasis,
    ): Promise<bigint | null> {
      const [row] = await rowsOf<{ amount: string }>(
        db,
        // NOTE: both from the old row: the basis is written only with the amount it explains.
        sql`update promotion_grants set closing_amount = coalesce(closing_amount, ${amount.toString()}::bigint),
                   closing_basis = case when closing_amount is null then ${JSON.stringify(basis)}::jsonb
                                        else closing_basis end
            where id = ${id} and closing_lease = ${lease} and state = 'active'
            returning closing_amount::text as amount`,
      );
      return row ? BigInt(row.amount) : null;
    },

    /** Extends a closer's lease (each sweep may take a while); false when it was lost. */
    async renewClosing(id: number, lease: string, leaseMs: number): Promise<boolean> {
      const rows = await rowsOf<{ id: number }>(
        db,
        sql`update promotion_grants set closing_lease_until = now() + ${leaseMs} * interval '1 millisecond'
            where id = ${id} and closing_lease = ${lease} and state = 'active' returning id`,
      );
      return rows.length === 1;
    },

    /** Ends a closing its lease holder finished: the grant takes its final state. */
    async finishClosing(id: number, lease: string, closedAmount: bigint, closedAt: Date): Promise<boolean> {
      const rows = await rowsOf<{ id: number }>(
        db,
        sql`update promotion_grants
            set state = closing_state, closed_amount = ${closedAmount.toString()}::bigint,
                closed_at = ${closedAt.toISOString()}, closing_lease = null, closing_lease_until = null
            where id = ${id} and closing_lease = ${lease} and state = 'active'
            returning id`,
      );
      return rows.length === 1;
    },

    /** A closer that could not finish now lets the next one try at once. */
    async releaseClosing(id: number, lease: string): Promise<void> {
      await db.execute(
        sql`update promotion_grants set closing_lease = null, closing_lease_until = null
            where id = ${id} and closing_lease = ${lease}`,
      );
    },

    /**
     * Claims up to `limit` running grants due for a turnover pull, pushing each `intervalMs` ahead
     * (database clock) so no other process takes them meanwhile.
     */
    async claimDue(limit: number, intervalMs: number): Promise<number[]> {
      const rows = await rowsOf<{ id: number }>(
        db,
        sql`update promotion_grants set next_check_at = now() + ${intervalMs} * interval '1 millisecond'
            where id in (select id from promotion_grants
                         where state = 'active' and next_check_at <= now()
                         order by next_check_at limit ${limit} for update skip locked)
            returning id`,
      );
      return rows.map((row) => Number(row.id));
    },

    /** Grants whose credit never reached the ledger (a claim cut off), older than `ms`. */
    async uncredited(ms: number): Promise<number[]> {
      const rows = await rowsOf<{ id: number }>(
        db,
        sql`select id from promotion_grants where not credited
              and created_at < now() - ${ms} * interval '1 millisecond' order by created_at limit 100`,
      );
      return rows.map((row) => Number(row.id));
    },

    /** When each of the member's grants ran (closedAt null: still running). */
    async grantWindows(memberId: number): Promise<{ from: Date; to: Date | null }[]> {
      const rows = await db
        .select({
          from: promotionGrants.claimedAt,
          to: promotionGrants.closedAt,
          state: promotionGrants.state,
        })
        .from(promotionGrants)
        .where(eq(promotionGrants.memberId, memberId));
      // A grant closed without a recorded time (never, today) counts as still running.
      return rows.map((row) => ({ from: row.from, to: row.state === 'active' ? null : row.to }));
    },

    /** Grants whose closing began and whose closer's lease ran out (a crash). */
    async abandonedClosings(): Promise<number[]> {
      const rows = await rowsOf<{ id: number }>(
        db,
        sql`select id from promotion_grants where state = 'active' and closing_state is not null
              and (closing_lease_until is null or closing_lease_until < now()) order by id limit 100`,
      );
      return rows.map((row) => Number(row.id));
    },
  };
}

export type GrantsRepository = ReturnType<typeof createGrantsRepository>;
export type { GrantTerms };
