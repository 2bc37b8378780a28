import { and, asc, eq, gt, lte, sql } from 'drizzle-orm';
import { rowsOf } from '../../platform/db/rows';
import type { Database } from '../../platform/db/database';
import {
  sandboxProviderFaults,
  sandboxProviderLaunches,
  sandboxProviderPlayers,
  sandboxProviderRounds,
  sandboxProviderTransfers,
} from './sandbox-provider.tables';

type Executor = Pick<Database, 'select' | 'insert' | 'update' | 'delete' | 'execute'>;

export type StoredTransfer = typeof sandboxProviderTransfers.$inferSelect;
export type FaultMode = (typeof sandboxProviderFaults.$inferSelect)['mode'];

/** The only code that reads or writes the sandbox provider's tables. */
export function createSandboxProviderRepository(db: Database) {
  const player = (gameCode: string, username: string) =>
    and(eq(sandboxProviderPlayers.gameCode, gameCode), eq(sandboxProviderPlayers.username, username));

  const queries = (tx: Executor) => ({
    async player(gameCode: string, username: string) {
      const [row] = await tx.select().from(sandboxProviderPlayers).where(player(gameCode, username));
      return row ?? null;
    },
    /** The player's row, locked until the transaction ends: every balance change goes through it. */
    async lockPlayer(gameCode: string, username: string) {
      const [row] = await tx
        .select()
        .from(sandboxProviderPlayers)
        .where(player(gameCode, username))
        .for('update');
      return row ?? null;
    },
    /** False when the player exists already. */
    async insertPlayer(gameCode: string, username: string, password: string): Promise<boolean> {
      const created = await tx
        .insert(sandboxProviderPlayers)
        .values({ gameCode, username, password })
        .onConflictDoNothing()
        .returning({ username: sandboxProviderPlayers.username });
      return created.length > 0;
    },
    /** False when there is no such player. */
    async setPassword(gameCode: string, username: string, password: string): Promise<boolean> {
      const updated = await tx
        .update(sandboxProviderPlayers)
        .set({ password })
        .where(player(gameCode, username))
        .returning({ username: sandboxProviderPlayers.username });
      return updated.length > 0;
    },
    async setBalance(gameCode: string, username: string, balance: bigint) {
      await tx.update(sandboxProviderPlayers).set({ balance }).where(player(gameCode, username));
    },
    async transfer(reference: string) {
      const [row] = await tx
        .select()
        .from(sandboxProviderTransfers)
        .where(eq(sandboxProviderTransfers.reference, reference));
      return row ?? null;
    },
    async insertRound(values: typeof sandboxProviderRounds.$inferInsert) {
      const [row] = await tx
        .insert(sandboxProviderRounds)
        .values(values)
        .returning({ id: sandboxProviderRounds.id });
      return row!.id;
    },
    /** Many rounds in one statement. */
    async insertRounds(values: (typeof sandboxProviderRounds.$inferInsert)[]) {
      if (values.length > 0) await tx.insert(sandboxProviderRounds).values(values);
    },
    async roundsAfter(gameCode: string, username: string, afterId: number, limit: number) {
      return tx
        .select()
        .from(sandboxProviderRounds)
        .where(
          and(
            eq(sandboxProviderRounds.gameCode, gameCode),
            eq(sandboxProviderRounds.username, username),
            gt(sandboxProviderRounds.id, afterId),
          ),
        )
        .orderBy(asc(sandboxProviderRounds.id))
        .limit(limit);
    },
    async fault(gameCode: string) {
      const [row] = await tx
        .select()
        .from(sandboxProviderFaults)
        .where(eq(sandboxProviderFaults.gameCode, gameCode));
      return row ?? null;
    },
    async setFault(gameCode: string, mode: FaultMode, latencyMs: number) {
      await tx
        .insert(sandboxProviderFaults)
        .values({ gameCode, mode, latencyMs })
        .onConflictDoUpdate({ target: sandboxProviderFaults.gameCode, set: { mode, latencyMs } });
    },
    async insertLaunch(values: typeof sandboxProviderLaunches.$inferInsert) {
      await tx.insert(sandboxProviderLaunches).values(values);
    },
    async launch(tokenHash: string, now: Date) {
      const [row] = await tx
        .select()
        .from(sandboxProviderLaunches)
        .where(
          and(eq(sandboxProviderLaunches.tokenHash, tokenHash), gt(sandboxProviderLaunches.expiresAt, now)),
        );
      return row ?? null;
    },
    async deleteLaunchesExpiredBy(now: Date) {
      await tx.delete(sandboxProviderLaunches).where(lte(sandboxProviderLaunches.expiresAt, now));
    },
  });

  return {
    ...queries(db),
    /**
     * Decides a transfer under its reference in one statement (sandbox_provider_transfer): an
     * earlier decision is returned as stored (`earlier`), otherwise it is made and applied.
     */
    async decideTransfer(
      order: {
        reference: string;
        gameCode: string;
        username: string;
        direction: string;
        amount: bigint;
        expiresAt: Date;
      },
      forcedReason: string | null,
      now: Date,
    ) {
      const [row] = await rowsOf<{
        earlier: boolean;
        status: 'applied' | 'failed';
        reason: string | null;
        balance: string | null;
        game_code: string;
        username: string;
        direction: string;
        amount: string;
      }>(
        db,
        sql`select * from sandbox_provider_transfer(${order.reference}, ${order.gameCode}, ${order.username},
              ${order.direction}, ${order.amount.toString()}::bigint, ${order.expiresAt.toISOString()}::timestamptz,
              ${forcedReason}, ${now.toISOString()}::timestamptz)`,
      );
      return {
        earlier: row!.earlier,
        status: row!.status,
        reason: row!.reason,
        balance: row!.balance === null ? null : BigInt(row!.balance),
        gameCode: row!.game_code,
        username: row!.username,
        direction: row!.direction,
        amount: BigInt(row!.amount),
      };
    },

    /** Runs `work` in one transaction with the same queries. */
    transaction<T>(work: (q: ReturnType<typeof queries>) => Promise<T>): Promise<T> {
      return db.transaction((tx) => work(queries(tx as unknown as Executor)));
    },
  };
}

export type SandboxProviderRepository = ReturnType<typeof createSandboxProviderRepository>;
