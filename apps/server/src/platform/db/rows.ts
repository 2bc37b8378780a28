import type { SQL } from 'drizzle-orm';
import type { Database } from './database';

/**
 * The rows of a raw SQL query. NOTE: both drivers answer `{ rows }`, but Drizzle's shared type
 * for them cannot say so; this is the one place that bridges it.
 */
export async function rowsOf<T>(db: Pick<Database, 'execute'>, query: SQL): Promise<T[]> {
  const result: unknown = await db.execute<Record<string, unknown>>(query);
  return (result as { rows: T[] }).rows;
}
