import { and, eq, isNull, sql } from 'drizzle-orm';
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
    async insertAccount(row: Omit<GameAccountRow, 'createdAt'>): Promise<boolean> {
      const inserted = await db
        .insert(gameAccounts)
        .values(row)
        .onConflictDoNothing()
        .returning({ gameCode: gameAccounts.gameCode });
      return inserted.length === 1;
    },

    async setPassword(memberId: number, gameCode: string, password: string): Promise<void> {
      await db
        .update(gameAccounts)
        .set({ password })
        .where(and(eq(gameAccounts.memberId, memberId), eq(gameAccounts.gameCode, gameCode)));
    },

    /** Records a game-to-game transfer before its first leg; a retry of the same key changes nothing. */
    async planGameToGame(plan: { key: string; memberId: number; toGame: string; amount: bigint }) {
      await db.insert(gameToGameTransfers).values(plan).onConflictDoNothing();
    },

    async gameToGame(key: string) {
      const [row] = await db.select().from(gameToGameTransfers).where(eq(gameToGameTransfers.key, key));
      return row ?? null;
    },

    async gameToGameDone(key: string): Promise<void> {
      await db
        .update(gameToGameTransfers)
        .set({ doneAt: sql`now()` })
        .where(and(eq(gameToGameTransfers.key, key), isNull(gameToGameTransfers.doneAt)));
    },

    /**
     * Claims one unfinished game-to-game transfer that is due (on the database's clock), pushing
     * its next look `leaseMs` ahead so no other process takes it meanwhile; null when none is due.
     */
    async claimDueGameToGame(leaseMs: number): Promise<string | null> {
      const [row] = await rowsOf<{ key: string }>(
        db,
        sql`update game_to_game_transfers
            set next_check_at = now() + ${leaseMs} * interval '1 millisecond'
            where key = (select key from game_to_game_transfers
                         where done_at is null and next_check_at <= now()
                         order by next_check_at limit 1 for update skip locked)
            returning key`,
      );
      return row?.key ?? null;
    },
  };
}
