import { inArray } from 'drizzle-orm';
import type { Database } from '../../platform/db/database';
import { staffMembers } from './console.tables';

/** Staff usernames by id, for lists that show who claimed or decided something. */
export function createStaffNames(db: Database) {
  return async (ids: number[]): Promise<Map<number, string>> => {
    if (ids.length === 0) return new Map();
    const rows = await db
      .select({ id: staffMembers.id, username: staffMembers.username })
      .from(staffMembers)
      .where(inArray(staffMembers.id, ids));
    return new Map(rows.map((row) => [row.id, row.username]));
  };
}
