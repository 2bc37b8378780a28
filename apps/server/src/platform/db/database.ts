import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
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
  close(): Promise<void>;
}

const MIGRATIONS_FOLDER = fileURLToPath(new URL('../../../db/migrations', import.meta.url));
/** Any constant: serialises migrations when several processes start at once. */
const MIGRATION_LOCK_ID = 7_140_431;

/** A node-postgres pool on DATABASE_URL, with the schema migrated. */
export async function openServerDatabase(url: string, poolSize = 10): Promise<DatabaseHandle> {
  const pool = new pg.Pool({ connectionString: url, max: poolSize });
  // NOTE: an idle client that errors (server restart) must not crash the process.
  pool.on('error', () => undefined);
  const lockClient = await pool.connect();
  try {
    await lockClient.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_ID]);
    await migratePg(drizzlePg({ client: lockClient, schema }), { migrationsFolder: MIGRATIONS_FOLDER });
  } finally {
    await lockClient.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_ID]).catch(() => undefined);
    lockClient.release();
  }
  const db = drizzlePg({ client: pool, schema }) as unknown as Database;
  allowNamedStatements(db, (name, text, values) => pool.query({ name, text, values }));
  return {
    db,
    kind: 'server',
    close: () => pool.end(),
  };
}

/** An embedded PostgreSQL kept under `dir` (or in memory when dir is undefined), migrated. */
export async function openEmbeddedDatabase(dir: string | undefined): Promise<DatabaseHandle> {
  if (dir) mkdirSync(dir, { recursive: true });
  const client = dir ? new PGlite(dir) : new PGlite();
  const db = drizzlePglite({ client, schema });
  await migratePglite(db, { migrationsFolder: MIGRATIONS_FOLDER });
  return { db: db as unknown as Database, kind: 'embedded', close: () => client.close() };
}

/** The database the configuration names: the server at DATABASE_URL, else PGlite under dataDir. */
export function openDatabase(config: {
  databaseUrl: string | undefined;
  dataDir: string;
}): Promise<DatabaseHandle> {
  return config.databaseUrl
    ? openServerDatabase(config.databaseUrl)
    : openEmbeddedDatabase(path.join(config.dataDir, 'pgdata'));
}
