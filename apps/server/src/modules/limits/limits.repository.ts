import { desc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../platform/db/database';
import { rowsOf } from '../../platform/db/rows';
import { depositReservations, playLimitEvents, playLimits, playStates } from './limits.tables';

export type Executor = Pick<Database, 'select' | 'insert' | 'update' | 'delete' | 'execute'>;
export type LimitRow = typeof playLimits.$inferSelect;
export type StateRow = typeof playStates.$inferSelect;

/** A reservation older than this was left by a crash: it no longer counts (decision 061). */
const RESERVATION_MS = 10 * 60_000;

/** The tables of play limits (limits.tables.ts); only this module reads or writes them. */
export function createLimitsRepository(db: Database) {
  return {
    transaction: <T>(work: (tx: Executor) => Promise<T>) => db.transaction(work),

    /**
     * The member's lock for the length of `tx`: a change of limits, a deposit's check against them
     * and its reservation are one at a time per member, on every process.
     */
    async lock(tx: Executor, memberId: number): Promise<void> {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext('play-limits'), ${memberId}::int)`);
    },

    /**
     * The member's state and limits in one statement: the check on every move toward play reads
     * this alone when the member has no limit (the transfer path's budget, decision 030).
     */
    async playOf(memberId: number): Promise<{ state: StateRow | null; limits: LimitRow[] }> {
      const [row] = await rowsOf<{
        state: Record<string, string | null> | null;
        limits: Record<string, string | null>[];
      }>(
        db,
        sql`select (select json_build_object(
                      'realityCheckMinutes', reality_check_minutes::text, 'timeoutUntil', timeout_until,
                      'excludedSince', excluded_since, 'excludedUntil', excluded_until, 'liftAt', lift_at,
                      'sessionStartedAt', session_started_at, 'sessionLastAt', session_last_at,
                      'updatedAt', updated_at)
                    from play_states where member_id = ${memberId}) as state,
                   (select coalesce(json_agg(json_build_object(
                      'kind', kind, 'period', period, 'value', value::text, 'pending', pending::text,
                      'pendingValue', pending_value::text, 'pendingFrom', pending_from, 'updatedAt', updated_at)), '[]')
                    from play_limits where member_id = ${memberId}) as limits`,
      );
      const at = (text: string | null | undefined) => (text ? new Date(text) : null);
      const big = (text: string | null | undefined) => (text == null ? null : BigInt(text));
      const state = row!.state;
      return {
        state: state
          ? {
              memberId,
              realityCheckMinutes:
                state.realityCheckMinutes == null ? null : Number(state.realityCheckMinutes),
              timeoutUntil: at(state.timeoutUntil),
              excludedSince: at(state.excludedSince),
              excludedUntil: at(state.excludedUntil),
              liftAt: at(state.liftAt),
              sessionStartedAt: at(state.sessionStartedAt),
              sessionLastAt: at(state.sessionLastAt),
              updatedAt: at(state.updatedAt)!,
            }
          : null,
        limits: row!.limits.map((limit) => ({
          memberId,
          kind: limit.kind!,
          period: limit.period!,
          value: big(limit.value),
          pending: limit.pending === 'true',
          pendingValue: big(limit.pendingValue),
          pendingFrom: at(limit.pendingFrom),
          updatedAt: at(limit.updatedAt)!,
        })),
      };
    },

    async limitsOf(tx: Executor, memberId: number): Promise<LimitRow[]> {
      return tx.select().from(playLimits).where(eq(playLimits.memberId, memberId));
    },

    async saveLimit(tx: Executor, row: LimitRow): Promise<void> {
      await tx
        .insert(playLimits)
        .values(row)
        .onConflictDoUpdate({
          target: [playLimits.memberId, playLimits.kind, playLimits.period],
          set: {
            value: row.value,
            pending: row.pending,
            pendingValue: row.pendingValue,
            pendingFrom: row.pendingFrom,
            updatedAt: row.updatedAt,
          },
        });
    },

    async stateOf(tx: Executor, memberId: number): Promise<StateRow | null> {
      const [row] = await tx.select().from(playStates).where(eq(playStates.memberId, memberId));
      return row ?? null;
    },

    async saveState(tx: Executor, memberId: number, changes: Partial<StateRow>, at: Date): Promise<void> {
      await tx
        .insert(playStates)
        .values({ memberId, ...changes, updatedAt: at })
        .onConflictDoUpdate({ target: playStates.memberId, set: { ...changes, updatedAt: at } });
    },

    async record(
      tx: Executor,
      event: {
        memberId: number;
        staffId?: number | null;
        what: string;
        detail: Record<string, unknown>;
        at: Date;
      },
    ): Promise<void> {
      await tx.insert(playLimitEvents).values({ ...event, staffId: event.staffId ?? null });
    },

    async history(memberId: number, limit: number) {
      return db
        .select()
        .from(playLimitEvents)
        .where(eq(playLimitEvents.memberId, memberId))
        .orderBy(desc(playLimitEvents.id))
        .limit(limit);
    },

    /** The sum of the member's live reservations (a crash's leftovers past 10 minutes do not count). */
    async reserved(tx: Executor, memberId: number, now: Date): Promise<bigint> {
      const [row] = await rowsOf<{ total: string }>(
        tx,
        sql`select coalesce(sum(amount), 0)::text as total from deposit_reservations
            where member_id = ${memberId} and created_at > ${new Date(now.getTime() - RESERVATION_MS).toISOString()}`,
      );
      return BigInt(row!.total);
    },

    async reserve(tx: Executor, key: string, memberId: number, amount: bigint, at: Date): Promise<void> {
      await tx
        .insert(depositReservations)
        .values({ key, memberId, amount, createdAt: at })
        .onConflictDoUpdate({ target: depositReservations.key, set: { amount, createdAt: at } });
    },

    async release(key: string): Promise<void> {
      await db.delete(depositReservations).where(eq(depositReservations.key, key));
    },
  };
}

export type LimitsRepository = ReturnType<typeof createLimitsRepository>;
