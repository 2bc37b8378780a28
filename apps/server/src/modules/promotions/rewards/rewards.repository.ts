import { and, desc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../../platform/db/database';
import { rowsOf } from '../../../platform/db/rows';
import type { Executor } from '../engine/grants.service';
import {
  inviteCommissions,
  inviteFlags,
  periodClosingMembers,
  periodClosings,
  playTally,
  playTallyCursors,
  refunds,
  rewardPrograms,
} from './rewards.tables';

export type ProgramName = 'invite' | 'refund';
export type ProgramRow = typeof rewardPrograms.$inferSelect;
export type RefundRow = typeof refunds.$inferSelect;
export type CommissionRow = typeof inviteCommissions.$inferSelect;
export type NewCommission = typeof inviteCommissions.$inferInsert;

/** One hour's play of one game, apart for rounds under a grant. */
export interface TallyBucket {
  hour: Date;
  underGrant: boolean;
  stakes: bigint;
  payouts: bigint;
  rounds: number;
}

/** The storage of the invite bonus and the loss refund (decision 020). */
export function createRewardsRepository(db: Database) {
  return {
    transaction<T>(work: (tx: Executor) => Promise<T>): Promise<T> {
      return db.transaction((tx) => work(tx as unknown as Executor));
    },

    async program(name: ProgramName): Promise<ProgramRow | null> {
      const [row] = await db.select().from(rewardPrograms).where(eq(rewardPrograms.name, name));
      return row ?? null;
    },

    /** Adds a program's starting settings when it has none (the operator's edits are kept). */
    async seedProgram(row: typeof rewardPrograms.$inferInsert): Promise<void> {
      await db.insert(rewardPrograms).values(row).onConflictDoNothing();
    },

    async updateProgram(name: ProgramName, changes: Partial<Omit<ProgramRow, 'name'>>): Promise<void> {
      await db
        .update(rewardPrograms)
        .set({ ...changes, updatedAt: new Date() })
        .where(eq(rewardPrograms.name, name));
    },

    // --- Invite commission -------------------------------------------------------------------

    /** Which of these sources were recorded already. */
    async recordedSources(sources: string[]): Promise<Set<string>> {
      if (sources.length === 0) return new Set();
      const rows = await rowsOf<{ source: string }>(
        db,
        sql`select source from invite_commissions where source in (${sql.join(
          sources.map((source) => sql`${source}`),
          sql`, `,
        )})`,
      );
      return new Set(rows.map((row) => row.source));
    },

    /** Records a commission in the caller's transaction; false when its source was recorded before. */
    async insertCommission(tx: Executor, row: NewCommission): Promise<boolean> {
      const inserted = await tx
        .insert(inviteCommissions)
        .values(row)
        .onConflictDoNothing()
        .returning({ source: inviteCommissions.source });
      return inserted.length === 1;
    },

    /** A member's settled stakes minus wins in hours from `from` on, every game (a loss limit's measure). */
    async netLossSince(tx: Executor, memberId: number, from: Date): Promise<bigint> {
      const [row] = await rowsOf<{ loss: string }>(
        tx,
        sql`select coalesce(sum(stakes - payouts), 0)::text as loss from play_tally
            where member_id = ${memberId} and hour >= ${from.toISOString()}`,
      );
      return BigInt(row!.loss);
    },

    /** A member's settled stakes in hours from `from` on, every game, with a grant running or not. */
    async stakesSince(tx: Executor, memberId: number, from: Date): Promise<bigint> {
      const [row] = await rowsOf<{ stakes: string }>(
        tx,
        sql`select coalesce(sum(stakes), 0)::text as stakes from play_tally
            where member_id = ${memberId} and hour >= ${from.toISOString()}`,
      );
      return BigInt(row!.stakes);
    },

    /** The deposits of an invitee recorded for commission since `since` (their bases), any note. */
    async depositBaseRecordedSince(
      tx: Executor,
      inviterId: number,
      inviteeId: number,
      since: Date,
    ): Promise<bigint> {
      const [row] = await rowsOf<{ base: string }>(
        tx,
        sql`select coalesce(sum(base), 0)::text as base from invite_commissions
            where inviter_id = ${inviterId} and created_at >= ${since.toISOString()}
              and invitee_id = ${inviteeId} and kind = 'deposit'`,
      );
      return BigInt(row!.base);
    },

    /** The commission a member earned (amount above 0), newest first, a page of it. */
    async commissionsOf(inviterId: number, page: { offset: number; limit: number }) {
      const earned = and(eq(inviteCommissions.inviterId, inviterId), sql`${inviteCommissions.amount} > 0`);
      const [count] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(inviteCommissions)
        .where(earned);
      const rows = await db
        .select()
        .from(inviteCommissions)
        .where(earned)
        .orderBy(desc(inviteCommissions.createdAt), desc(inviteCommissions.source))
        .limit(page.limit)
        .offset(page.offset);
      return { total: count?.n ?? 0, rows };
    },

    async earnedBy(inviterId: number): Promise<bigint> {
      const [row] = await rowsOf<{ total: string }>(
        db,
        sql`select coalesce(sum(amount), 0)::text as total from invite_commissions where inviter_id = ${inviterId}`,
      );
      return BigInt(row!.total);
    },

    async flag(row: typeof inviteFlags.$inferInsert): Promise<void> {
      await db.insert(inviteFlags).values(row).onConflictDoNothing();
    },

    // --- Play counted for losses -------------------------------------------------------------

    async tallyCursor(memberId: number, gameCode: string): Promise<number> {
      await db.insert(playTallyCursors).values({ memberId, gameCode, lastRoundId: 0 }).onConflictDoNothing();
      const [row] = await db
        .select({ last: playTallyCursors.lastRoundId })
        .from(playTallyCursors)
        .where(and(eq(playTallyCursors.memberId, memberId), eq(playTallyCursors.gameCode, gameCode)));
      return row!.last;
    },

    /**
     * Adds rounds to the hour sums and moves the cursor from `from` to `to`, together, only if the
     * cursor is still at `from` (a compare-and-set): false when another reader counted them first.
     */
    async addTally(
      memberId: number,
      gameCode: string,
      from: number,
      to: number,
      buckets: TallyBucket[],
    ): Promise<boolean> {
      return db.transaction(async (tx) => {
        const moved = await tx
          .update(playTallyCursors)
          .set({ lastRoundId: to })
          .where(
            and(
              eq(playTallyCursors.memberId, memberId),
              eq(playTallyCursors.gameCode, gameCode),
              eq(playTallyCursors.lastRoundId, from),
            ),
          )
          .returning({ last: playTallyCursors.lastRoundId });
        if (moved.length === 0) return false;
        for (const bucket of buckets) {
          await tx
            .insert(playTally)
            .values({ memberId, gameCode, ...bucket })
            .onConflictDoUpdate({
              target: [playTally.memberId, playTally.hour, playTally.gameCode, playTally.underGrant],
              set: {
                stakes: sql`${playTally.stakes} + excluded.stakes`,
                payouts: sql`${playTally.payouts} + excluded.payouts`,
                rounds: sql`${playTally.rounds} + excluded.rounds`,
              },
            });
        }
        return true;
      });
    },

    /**
     * Net loss (stakes - payouts) on these games in the period, in the caller's transaction:
     * rounds under a grant left out, and hours that another period of the program already counted
     * for this member (one whose work is done) left out too.
     */
    async lossOf(
      tx: Executor,
      program: ProgramName,
      memberId: number,
      games: string[],
      period: { start: Date; end: Date },
    ): Promise<bigint> {
      if (games.length === 0) return 0n;
      const [row] = await rowsOf<{ loss: string }>(
        tx,
        sql`select coalesce(sum(t.stakes - t.payouts), 0)::text as loss from play_tally t
            where t.member_id = ${memberId} and not t.under_grant
              and t.hour >= ${period.start.toISOString()} and t.hour < ${period.end.toISOString()}
              and t.game_code in (${sql.join(
                games.map((game) => sql`${game}`),
                sql`, `,
              )})
              and not exists (
                select 1 from period_closing_members w
                join period_closings p on p.program = w.program and p.period_start = w.period_start
                where w.program = ${program} and w.member_id = ${memberId} and w.done
                  and w.period_start <> ${period.start.toISOString()}
                  and t.hour >= p.period_start and t.hour < p.period_end)`,
      );
      return BigInt(row!.loss);
    },

    // --- Closing periods ---------------------------------------------------------------------

    /** Opens a closed period (once) and lists members' work in it (again: already listed is kept). */
    async openPeriod(
      program: ProgramName,
      period: { start: Date; end: Date },
      memberIds: number[] | null,
    ): Promise<void> {
      await db.transaction(async (tx) => {
        await tx
          .insert(periodClosings)
          .values({ program, periodStart: period.start, periodEnd: period.end })
          .onConflictDoNothing();
        const ids = memberIds ?? [];
        for (let at = 0; at < ids.length; at += 500) {
          await tx
            .insert(periodClosingMembers)
            .values(
              ids.slice(at, at + 500).map((memberId) => ({ program, periodStart: period.start, memberId })),
            )
            .onConflictDoNothing();
        }
        if (memberIds !== null)
          await tx
            .update(periodClosings)
            .set({ listed: true })
            .where(and(eq(periodClosings.program, program), eq(periodClosings.periodStart, period.start)));
      });
    },

    /** Adds one member's work to a period (their own call, ahead of the schedule). */
    async openMemberWork(program: ProgramName, period: { start: Date; end: Date }, memberId: number) {
      await db.transaction(async (tx) => {
        await tx
          .insert(periodClosings)
          .values({ program, periodStart: period.start, periodEnd: period.end })
          .onConflictDoNothing();
        await tx
          .insert(periodClosingMembers)
          .values({ program, periodStart: period.start, memberId })
          .onConflictDoNothing();
      });
    },

    /** Whether a period of the program with another start shares hours with this one. */
    async overlapsAnother(program: ProgramName, period: { start: Date; end: Date }): Promise<boolean> {
      const [row] = await rowsOf<{ found: boolean }>(
        db,
        sql`select exists (select 1 from period_closings
              where program = ${program} and period_start <> ${period.start.toISOString()}
                and period_start < ${period.end.toISOString()} and period_end > ${period.start.toISOString()}) as found`,
      );
      return row!.found;
    },

    async periodListed(program: ProgramName, start: Date): Promise<boolean> {
      const [row] = await db
        .select({ listed: periodClosings.listed })
        .from(periodClosings)
        .where(and(eq(periodClosings.program, program), eq(periodClosings.periodStart, start)));
      return row?.listed ?? false;
    },

    /**
     * Claims pending work for a while: one process each (FOR UPDATE SKIP LOCKED), and a crashed
     * process's claims come back when their lease runs out (database clock).
     */
    async claimWork(
      limit: number,
      leaseMs: number,
      only?: { program: ProgramName; start: Date; memberId: number },
    ): Promise<{ program: ProgramName; periodStart: Date; periodEnd: Date; memberId: number }[]> {
      const which = only
        ? sql`and w.program = ${only.program} and w.period_start = ${only.start.toISOString()}
              and w.member_id = ${only.memberId}`
        : sql``;
      const rows = await rowsOf<{
        program: ProgramName;
        period_start: Date | string;
        period_end: Date | string;
        member_id: string | number;
      }>(
        db,
        sql`with claimed as (
              select w.program, w.period_start, w.member_id from period_closing_members w
              where not w.done and (w.lease_until is null or w.lease_until < now()) ${which}
              order by w.period_start, w.member_id limit ${limit}
              for update skip locked)
            update period_closing_members w
               set lease_until = now() + ${leaseMs} * interval '1 millisecond', attempts = w.attempts + 1
              from claimed c, period_closings p
             where w.program = c.program and w.period_start = c.period_start and w.member_id = c.member_id
               and p.program = w.program and p.period_start = w.period_start
            returning w.program, w.period_start, p.period_end, w.member_id`,
      );
      return rows.map((row) => ({
        program: row.program,
        periodStart: new Date(row.period_start),
        periodEnd: new Date(row.period_end),
        memberId: Number(row.member_id),
      }));
    },

    /**
     * Locks the member's work of the program (their periods are worked one at a time) in the
     * caller's transaction; false when this period's work was done meanwhile.
     */
    async lockWork(tx: Executor, program: ProgramName, start: Date, memberId: number): Promise<boolean> {
      const rows = await rowsOf<{ period_start: Date | string; done: boolean }>(
        tx,
        sql`select period_start, done from period_closing_members
            where program = ${program} and member_id = ${memberId} for update`,
      );
      const mine = rows.find((row) => new Date(row.period_start).getTime() === start.getTime());
      return mine !== undefined && !mine.done;
    },

    async finishWork(tx: Executor, program: ProgramName, start: Date, memberId: number): Promise<void> {
      await tx
        .update(periodClosingMembers)
        .set({ done: true, leaseUntil: null })
        .where(
          and(
            eq(periodClosingMembers.program, program),
            eq(periodClosingMembers.periodStart, start),
            eq(periodClosingMembers.memberId, memberId),
          ),
        );
    },

    /** Lets go of work that could not be done now (a provider down): tried again soon. */
    async releaseWork(program: ProgramName, start: Date, memberId: number, retryMs: number): Promise<void> {
      await db.execute(
        sql`update period_closing_members set lease_until = now() + ${retryMs} * interval '1 millisecond'
            where program = ${program} and period_start = ${start.toISOString()} and member_id = ${memberId}
              and not done`,
      );
    },

    async workOf(program: ProgramName, start: Date, memberId: number) {
      const [row] = await db
        .select()
        .from(periodClosingMembers)
        .where(
          and(
            eq(periodClosingMembers.program, program),
            eq(periodClosingMembers.periodStart, start),
            eq(periodClosingMembers.memberId, memberId),
          ),
        );
      return row ?? null;
    },

    // --- Refunds -----------------------------------------------------------------------------

    async insertRefund(tx: Executor, row: typeof refunds.$inferInsert): Promise<void> {
      await tx.insert(refunds).values(row).onConflictDoNothing();
    },

    async refundOf(memberId: number, start: Date): Promise<RefundRow | null> {
      const [row] = await db
        .select()
        .from(refunds)
        .where(and(eq(refunds.memberId, memberId), eq(refunds.periodStart, start)));
      return row ?? null;
    },

    /** The member's refunds offered and not received yet, oldest first. */
    async offeredRefunds(memberId: number): Promise<RefundRow[]> {
      return db
        .select()
        .from(refunds)
        .where(and(eq(refunds.memberId, memberId), eq(refunds.state, 'offered')))
        .orderBy(refunds.periodStart);
    },

    /** Marks the member's offered refunds received in the caller's transaction: those it changed. */
    async markReceived(tx: Executor, memberId: number, at: Date): Promise<RefundRow[]> {
      return tx
        .update(refunds)
        .set({ state: 'received', receivedAt: at })
        .where(and(eq(refunds.memberId, memberId), eq(refunds.state, 'offered')))
        .returning();
    },

    async receivedRefunds(memberId: number, page: { offset: number; limit: number }) {
      const mine = and(eq(refunds.memberId, memberId), eq(refunds.state, 'received'));
      const [count] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(refunds)
        .where(mine);
      const rows = await db
        .select()
        .from(refunds)
        .where(mine)
        .orderBy(desc(refunds.receivedAt), desc(refunds.id))
        .limit(page.limit)
        .offset(page.offset);
      return { total: count?.n ?? 0, rows };
    },
  };
}

export type RewardsRepository = ReturnType<typeof createRewardsRepository>;
