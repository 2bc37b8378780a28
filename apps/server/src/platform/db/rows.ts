import { createHash } from 'node:crypto';
import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Database } from './database';

/**
 * The rows of a raw SQL query. NOTE: both drivers answer `{ rows }`, but Drizzle's shared type
 * for them cannot say so; this is the one place that bridges it.
 */
export async function rowsOf<T>(db: Pick<Database, 'execute'>, query: SQL): Promise<T[]> {
  const result: unknown = await db.execute<Record<string, unknown>>(query);
  return (result as { rows: T[] }).rows;
}

type NamedRunner = (name: string, text: string, values: unknown[]) => Promise<{ rows: unknown[] }>;
const namedRunners = new WeakMap<object, NamedRunner>();
const dialect = new PgDialect();

/** Set by openServerDatabase: how its pool runs a named (prepared) statement. */
export function allowNamedStatements(db: Database, run: NamedRunner): void {
  namedRunners.set(db, run);
}

/**
 * `rowsOf` for a hot statement, sent as a named prepared statement where the driver can (a
 * PostgreSQL server): it is parsed and planned once per connection instead of on every call
 * (bench/README.md measured a ledger call's database CPU at a third less so). The name is the
 * hash of the text, so one text always has one name. Elsewhere (PGlite) it is `rowsOf`.
 */
export async function preparedRowsOf<T>(db: Database, query: SQL): Promise<T[]> {
  const run = namedRunners.get(db);
  if (!run) return rowsOf<T>(db, query);
  const { sql: text, params } = dialect.sqlToQuery(query);
  const name = `h${createHash('sha1').update(text).digest('base64url')}`;
  return (await run(name, text, params)).rows as T[];
}
