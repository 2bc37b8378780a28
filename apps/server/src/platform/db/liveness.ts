import { randomInt } from 'node:crypto';
import pg from 'pg';
import type { DatabaseLog } from './database';

/**
 * This process's liveness as PostgreSQL sees it (decision 041): a session advisory lock on a key
 * of its own, held by a connection of its own for as long as the process lives. A claim that names
 * the key (a pending hold the reconciler asks about) belongs to a live process while the lock is
 * held; when the process dies (SIGKILL, a crash) the server drops its connection and the lock with
 * it, so others take over its claims at once rather than when their lease runs out.
 */
export interface ProcessLiveness {
  /** The key claims are made under, or null while the lock is not held (claims then rest on their lease). */
  key(): bigint | null;
  close(): Promise<void>;
}

/** No liveness (the embedded database: one process only): claims rest on their lease. */
export const noLiveness: ProcessLiveness = { key: () => null, close: async () => undefined };

/** How long the lock's connection waits before it is made again after it was lost. */
const RECONNECT_MS = 1_000;

export function startLiveness(url: string, log: DatabaseLog): ProcessLiveness {
  // NOTE: below 2^62 and above 0: a positive bigint whose halves are the lock's two oids.
  const key = (BigInt(randomInt(1, 2 ** 31)) << 31n) | BigInt(randomInt(0, 2 ** 31));
  let held = false;
  let closed = false;
  let client: pg.Client | null = null;
  let retry: NodeJS.Timeout | null = null;

  // NOTE: only the current connection's events count: a late 'end' of one already replaced must
  // not drop the lock the new one holds.
  const lost = (from: pg.Client, error?: unknown) => {
    if (from !== client) return;
    held = false;
    client = null;
    if (closed) return;
    if (error)
      log.warn(
        { error: error instanceof Error ? error.message : 'ended' },
        'the liveness lock connection was lost; it is made again',
      );
    retry ??= setTimeout(() => {
      retry = null;
      void connect();
    }, RECONNECT_MS);
  };

  async function connect(): Promise<void> {
    const next = new pg.Client({ connectionString: url, application_name: 'wallet-liveness' });
    next.on('error', (error) => lost(next, error));
    next.on('end', () => lost(next));
    try {
      client = next;
      await next.connect();
      await next.query('SELECT pg_advisory_lock($1)', [key.toString()]);
      if (closed) {
        await next.end();
        return;
      }
      held = true;
    } catch (error) {
      lost(next, error);
      await next.end().catch(() => undefined);
    }
  }
  void connect();

  return {
    key: () => (held ? key : null),
    async close() {
      closed = true;
      if (retry) clearTimeout(retry);
      held = false;
      await client?.end().catch(() => undefined);
      client = null;
    },
  };
}

/**
 * SQL: whether the process that made a claim under `leasedBy` is gone (no session holds its lock).
 * pg_locks shows a bigint advisory key as two oids, the high and low 32 bits, objsubid 1.
 */
export const ownerGone = (leasedBy: string) =>
  `(${leasedBy} is not null and not exists (
      select 1 from pg_locks l
      where l.locktype = 'advisory' and l.objsubid = 1 and l.granted
        and l.classid::bigint = (${leasedBy} >> 32) and l.objid::bigint = (${leasedBy} & 4294967295)))`;
