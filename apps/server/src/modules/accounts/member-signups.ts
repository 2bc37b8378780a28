import { sql } from 'drizzle-orm';
import type { Database } from '../../platform/db/database';
import { rowsOf } from '../../platform/db/rows';

/** Members who registered per market day (UTC+7) and currency, for the console's reports. */
export function createMemberSignups(db: Database) {
  return async (from: Date, to: Date): Promise<{ day: string; currency: string; count: number }[]> => {
    const rows = await rowsOf<{ day: string; currency: string; count: number }>(
      db,
      sql`select to_char((created_at at time zone 'UTC') + interval '7 hours', 'YYYY-MM-DD') as day,
                 currency, count(*)::int as count
          from members where created_at >= ${from.toISOString()} and created_at < ${to.toISOString()}
          group by 1, 2`,
    );
    return rows.map((row) => ({ ...row, count: Number(row.count) }));
  };
}
