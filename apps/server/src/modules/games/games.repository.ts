import { and, eq } from 'drizzle-orm';
import type { Database } from '../../platform/db/database';
import { gameAccounts } from './games.tables';

export type GameAccountRow = typeof gameAccounts.$inferSelect;

/** The only code that reads or writes game_accounts. */
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
  };
}
