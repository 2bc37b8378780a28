import { asc, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../platform/db/database';
import { gameSettings } from './games.tables';

export type GameSettingRow = typeof gameSettings.$inferSelect;
type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];

/** The only code that reads or writes game_settings (decision 064). */
export function createGameSettingsRepository(db: Database) {
  /** Rows for games of the catalogue that have none yet: on, after the others, in the order given. */
  async function ensureRows(tx: Transaction, codes: string[]): Promise<void> {
    for (const code of codes) {
      await tx
        .insert(gameSettings)
        .values({
          gameCode: code,
          position: sql`(select coalesce(max(${gameSettings.position}), 0) + 1 from ${gameSettings})`,
        })
        .onConflictDoNothing();
    }
  }

  return {
    all: (): Promise<GameSettingRow[]> =>
      db.select().from(gameSettings).orderBy(asc(gameSettings.position), asc(gameSettings.gameCode)),

    /**
     * Changes one game's row under its lock; `alongside` runs in the same transaction with the row
     * before and after (the audit row).
     */
    async change(
      code: string,
      change: (row: GameSettingRow) => Partial<GameSettingRow>,
      alongside: (tx: Transaction, before: GameSettingRow, after: GameSettingRow) => Promise<void>,
    ): Promise<GameSettingRow> {
      return db.transaction(async (tx) => {
        await ensureRows(tx, [code]);
        const [before] = await tx
          .select()
          .from(gameSettings)
          .where(eq(gameSettings.gameCode, code))
          .for('update');
        const [after] = await tx
          .update(gameSettings)
          .set({ ...change(before!), updatedAt: new Date() })
          .where(eq(gameSettings.gameCode, code))
          .returning();
        await alongside(tx, before!, after!);
        return after!;
      });
    },

    /**
     * Places the games in the order of `codes` (1 first), every row locked (in code order, as any
     * other writer of several rows would); `alongside` gets the order before and after.
     */
    async reorder(
      codes: string[],
      alongside: (tx: Transaction, before: string[], after: string[]) => Promise<void>,
    ): Promise<void> {
      await db.transaction(async (tx) => {
        await ensureRows(tx, codes);
        const rows = await tx
          .select()
          .from(gameSettings)
          .where(inArray(gameSettings.gameCode, codes))
          .orderBy(asc(gameSettings.gameCode))
          .for('update');
        const before = [...rows]
          .sort((a, b) => a.position - b.position || a.gameCode.localeCompare(b.gameCode))
          .map((row) => row.gameCode);
        for (const [index, code] of codes.entries()) {
          await tx
            .update(gameSettings)
            .set({ position: index + 1, updatedAt: new Date() })
            .where(eq(gameSettings.gameCode, code));
        }
        await alongside(tx, before, codes);
      });
    },
  };
}
