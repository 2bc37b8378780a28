import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../../platform/db/database';
import { rowsOf } from '../../platform/db/rows';
import { gameAccounts, gameToGameTransfers } from './games.tables';

export type GameAccountRow = typeof gameAccounts.$inferSelect;

/** The only code that reads or writes game_accounts and game_to_game_transfers. */
export function createGamesRepository(db: Database) {
  return {
    async accountsOf(memberId: number): Promise<GameAccountRow[]> {
      return db.select().from(gameAccounts).where(eq(gameAccounts.memberId, memberId));
    },

    /** The members who have at least one game account (whose play a period closing counts). */
    async membersWithAccounts(): Promise<number[]> {
      const rows = await db.selectDistinct({ memberId: gameAccounts.memberId }).from(gameAccounts);
      return rows.map((row) => row.memberId);
    },

    /** Every game account of every member (for the books check). */
    async allAccounts(): Promise<GameAccountRow[]> {
      return db.select().from(gameAccounts);
    },

    async accountOf(memberId: number, gameCode: string): Promise<GameAccountRow | null> {
      const [row] = await db
        .select()
        .from(gameAccounts)
        .where(and(eq(gameAccounts.memberId, memberId), eq(gameAccounts.gameCode, gameCode)));
      return row ?? null;
    },

    /** False when the member already has an account at this game. */
    async insertAccount(row: Omit<GameAccountRow, 'createdAt' | 'seenRound'>): Promise<boolean> {
      const inserted = await db
        .insert(gameAccounts)
        .values(row)
        .onConflictDoNothing()
        .returning({ gameCode: gameAccounts.gameCode });
      return inserted.length === 1;
    },

    /** Records that the provider's rounds up to `round` were read (never moves the mark back). */
    async markSeen(memberId: number, gameCode: string, round: number): Promise<void> {
      await db
        .update(gameAccounts)
        .set({ seenRound: sql`greatest(${gameAccounts.seenRound}, ${round})` })
        .where(and(eq(gameAccounts.memberId, memberId), eq(gameAccounts.gameCode, gameCode)));
    },

    async setPassword(memberId: number, gameCode: string, password: string): Promise<void> {
      await db
        .update(gameAccounts)
        .set({ password })
        .where(and(eq(gameAccounts.memberId, memberId), eq(gameAccounts.gameCode, gameCode)));
    },

    /**
     * Records a game-to-game transfer before its first leg, owned by the request for `leaseMs`.
     * Answers the ownership token, or null when the plan exists already (a retry).
     *
     * NOTE: one owner at a time runs a plan's second leg: the request that made it, the resolver
     * of its first leg, a retry or the sweep. Ownership is a lease: `next_check_at` in the future;
     * the token is its exact value as text, so an owner whose lease was taken over can neither
     * run the leg nor close the plan.
     */
    async planGameToGame(
      plan: { key: string; memberId: number; toGame: string; amount: bigint },
      leaseMs: number,
    ): Promise<string | null> {
      const [row] = await rowsOf<{ token: string }>(
        db,
        sql`insert into game_to_game_transfers (key, member_id, to_game, amount, next_check_at)
            values (${plan.key}, ${plan.memberId}, ${plan.toGame}, ${plan.amount.toString()}::bigint,
                    now() + ${leaseMs} * interval '1 millisecond')
            on conflict (key) do nothing
            returning next_check_at::text as token`,
      );
      return row?.token ?? null;
    },

    async gameToGame(key: string) {
      const [row] = await db.select().from(gameToGameTransfers).where(eq(gameToGameTransfers.key, key));
      return row ?? null;
    },

    /** Takes an unfinished plan whose owner's lease is over; answers the new token, or null. */
    async claimGameToGame(key: string, leaseMs: number): Promise<string | null> {
      const [row] = await rowsOf<{ token: string }>(
        db,
        sql`update game_to_game_transfers set next_check_at = now() + ${leaseMs} * interval '1 millisecond'
            where key = ${key} and done_at is null and next_check_at <= now()
            returning next_check_at::text as token`,
      );
      return row?.token ?? null;
    },

    /** Extends the owner's lease; null when the token is no longer the owner's. */
    async renewGameToGame(key: string, token: string, leaseMs: number): Promise<string | null> {
      const [row] = await rowsOf<{ token: string }>(
        db,
        sql`update game_to_game_transfers set next_check_at = now() + ${leaseMs} * interval '1 millisecond'
            where key = ${key} and done_at is null and next_check_at::text = ${token}
            returning next_check_at::text as token`,
      );
      return row?.token ?? null;
    },

    /** The owner gives the plan up at once (its first leg is waiting for the provider). */
    async releaseGameToGame(key: string, token: string): Promise<void> {
      await db.execute(
        sql`update game_to_game_transfers set next_check_at = now()
            where key = ${key} and done_at is null and next_check_at::text = ${token}`,
      );
    },

    async gameToGameDone(key: string, token: string): Promise<void> {
      await db.execute(
        sql`update game_to_game_transfers set done_at = now()
            where key = ${key} and done_at is null and next_check_at::text = ${token}`,
      );
    },

    /** Claims one unfinished plan that is due (on the database's clock); null when none is. */
    async claimDueGameToGame(leaseMs: number): Promise<{ key: string; token: string } | null> {
      const [row] = await rowsOf<{ key: string; token: string }>(
        db,
        sql`update game_to_game_transfers
            set next_check_at = now() + ${leaseMs} * interval '1 millisecond'
            where key = (select key from game_to_game_transfers
                         where done_at is null and next_check_at <= now()
                         order by next_check_at limit 1 for update skip locked)
            returning key, next_check_at::text as token`,
      );
      return row ?? null;
    },
  };
}
