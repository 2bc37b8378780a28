import { inArray } from 'drizzle-orm';
import type { Database } from '../../platform/db/database';
import { members } from './accounts.tables';

/** Members' usernames and names by id, for the console's lists (one query per page). */
export function createMemberNames(db: Database) {
  return async (ids: number[]): Promise<Map<number, { username: string; name: string }>> => {
    if (ids.length === 0) return new Map();
    const rows = await db
      .select({ id: members.id, username: members.username, name: members.name })
      .from(members)
      .where(inArray(members.id, ids));
    return new Map(rows.map((row) => [row.id, { username: row.username, name: row.name }]));
  };
}
