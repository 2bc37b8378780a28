import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { allowNamedStatements } from './rows';
import * as schema from './schema';

export type Schema = typeof schema;
/** One type for both engines: code above this file cannot tell them apart. */
export type Database = PgDatabase<PgQueryResultHKT, Schema>;

export interface DatabaseHandle {
  db: Database;
  /** `embedded` (PGlite, one connection) or `server` (node-postgres pool). */
  kind: 'embedded' | 'server';
  /** The server's address (`server` only): for a connection of a process's own (liveness.ts). */
  url?: string;
  close(): Promise<void>;
}

export const MIGRATIONS_FOLDER = fileURLToPath(new URL('../../../db/migrations', import.meta.url));
/** Any constant: serialises migrations when several processes start at once. */
const MIGRATION_LOCK_ID = 7_140_431;

/** Where the database layer reports what it lives through (a lost connection, a server not up yet). */
export interface DatabaseLog {
  warn(details: object, message: string): void;
}

export interface ServerDatabaseOptions {
  log?: DatabaseLog;
  /**
   * How long to keep trying to reach the server at start (DATABASE_START_WAIT_SECONDS): it may be
   * starting or restarting beside us. 0: one try.
   */
  waitMs?: number;
  /** Seams for tests: the clock and the pause between tries. */
  now?: () => number;
  pause?: (ms: number) => Promise<void>;
}

const consoleLog: DatabaseLog = { warn: (details, message) => console.warn(message, details) };

/**
 * A node-postgres pool on DATABASE_URL, with the schema migrated; while the server cannot be
 * reached (down, starting), tried again every few seconds for `waitMs` (docs/decisions/037).
 */
export async function openServerDatabase(
  url: string,
  poolSize = 10,
  options: ServerDatabaseOptions = {},
): Promise<DatabaseHandle> {
  const log = options.log ?? consoleLog;
  const now = options.now ?? Date.now;
  const pause = options.pause ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  const waitMs = options.waitMs ?? 0;
  const where = serverOf(url);
  const started = now();
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await openPool(url, poolSize, log);
    } catch (error) {
      const waited = now() - started;
      if (!unreachable(error)) throw error;
      if (waited >= waitMs) {
        throw new Error(
          `PostgreSQL at ${where} (DATABASE_URL) could not be reached` +
            (waitMs > 0 ? ` for ${Math.round(waited / 1000)} s` : '') +
            ` (${describeError(error)}); is it running? DATABASE_START_WAIT_SECONDS sets how long to wait.`,
          { cause: error },
        );
      }
      const delay = Math.min(1_000 * attempt, 5_000, waitMs - waited);
      log.warn(
        { attempt, error: describeError(error) },
        `PostgreSQL at ${where} cannot be reached yet; trying again in ${Math.ceil(delay / 1000)} s ` +
          `(giving up ${Math.ceil((waitMs - waited) / 1000)} s from now)`,
      );
      await pause(delay);
    }
  }
}

/** One try: the pool, and the schema migrated under the advisory lock. */
async function openPool(url: string, poolSize: number, log: DatabaseLog): Promise<DatabaseHandle> {
  const pool = new pg.Pool({ connectionString: url, max: poolSize });
  // NOTE: a connection the server drops (a restart, a failover) emits 'error' on its client; with
  // no listener Node ends the process. Idle clients' errors reach the pool; a client that is
  // checked out (a transaction, the migrations) has only its own listeners, so every client gets
  // one. Its query fails and the pool makes a new connection for the next one (decision 037).
  pool.on('connect', (client) => {
    client.on('error', (error) =>
      log.warn(
        { error: describeError(error) },
        'a PostgreSQL connection was lost; it is replaced when next needed',
      ),
    );
  });
  pool.on('error', () => undefined); // logged by the client's own listener above
  try {
    const lockClient = await pool.connect();
    try {
      await lockClient.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_ID]);
      await migratePg(drizzlePg({ client: lockClient, schema }), { migrationsFolder: MIGRATIONS_FOLDER });
    } finally {
      await lockClient.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_ID]).catch(() => undefined);
      lockClient.release();
    }
  } catch (error) {
    await pool.end().catch(() => undefined);
    throw error;
  }
  const db = drizzlePg({ client: pool, schema }) as unknown as Database;
  allowNamedStatements(db, (name, text, values) => pool.query({ name, text, values }));
  return {
    db,
    kind: 'server',
    url,
    close: () => pool.end(),
  };
}

/** Network failures and a server that is starting or shutting down: worth another try. */
function unreachable(error: unknown): boolean {
  for (let cause: unknown = error, depth = 0; cause && depth < 5; depth += 1) {
    const { code, message, errors } = cause as { code?: unknown; message?: unknown; errors?: unknown };
    if (typeof code === 'string' && (RETRYABLE_CODES.has(code) || code.startsWith('08'))) return true;
    if (typeof message === 'string' && /Connection terminated|timeout expired/i.test(message)) return true;
    // Node tries every address of a name (localhost: ::1, then 127.0.0.1) and reports them together.
    if (Array.isArray(errors) && errors.some((inner) => unreachable(inner))) return true;
    cause = (cause as { cause?: unknown }).cause;
  }
  return false;
}

const RETRYABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EAI_AGAIN',
  'EPIPE',
  // PostgreSQL: shutting down, crashed and restarting, starting up.
  '57P01',
  '57P02',
  '57P03',
]);

const describeError = (error: unknown): string =>
  error instanceof Error
    ? `${(error as { code?: string }).code ?? error.name}: ${error.message}`
    : String(error);

/** host:port of a connection URL, never its password. */
function serverOf(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.hostname}:${parsed.port || '5432'}`;
  } catch {
    return 'DATABASE_URL';
  }
}

/**
 * The extensions the schema uses, loaded by every PGlite that opens it (migration 0035 creates
 * pg_trgm for the staff search, decision 048). NOTE: a PGlite without them cannot read those indexes.
 */
export const PGLITE_EXTENSIONS = { pg_trgm };

/**
 * An embedded PostgreSQL kept under `dir` (or in memory when dir is undefined), migrated.
 * `startFrom` is a dumped data directory to begin with (tests clone one migrated database).
 */
export async function openEmbeddedDatabase(
  dir: string | undefined,
  startFrom?: Blob,
): Promise<DatabaseHandle> {
  if (dir) mkdirSync(dir, { recursive: true });
  const options = { extensions: PGLITE_EXTENSIONS, ...(startFrom ? { loadDataDir: startFrom } : {}) };
  const client = dir ? new PGlite(dir, options) : new PGlite(options);
  const db = drizzlePglite({ client, schema });
  await migratePglite(db, { migrationsFolder: MIGRATIONS_FOLDER });
  return { db: db as unknown as Database, kind: 'embedded', close: () => client.close() };
}

/** The database the configuration names: the server at DATABASE_URL, else PGlite under dataDir. */
export function openDatabase(
  config: { databaseUrl: string | undefined; dataDir: string },
  options: ServerDatabaseOptions = {},
): Promise<DatabaseHandle> {
  return config.databaseUrl
    ? openServerDatabase(config.databaseUrl, 10, options)
    : openEmbeddedDatabase(path.join(config.dataDir, 'pgdata'));
}
