import { sql, type SQL } from 'drizzle-orm';
import type { AuditFilterOptions, AuditFilters, AuditRow } from '@wallet/contract/http/console-audit';
import type { Database } from '../../platform/db/database';
import { rowsOf } from '../../platform/db/rows';

/** Rows a CSV export reads per query while it streams. */
const EXPORT_BATCH = 1_000;

interface StoredRow {
  seq: string | number;
  at: Date | string;
  staff_id: number | null;
  staff_username: string | null;
  action: string;
  target: string | null;
  detail: unknown;
  ip: string;
  user_agent: string;
}

const rowOf = (row: StoredRow): AuditRow => ({
  seq: Number(row.seq),
  at: new Date(row.at).toISOString(),
  staffId: row.staff_id,
  staffUsername: row.staff_username,
  action: row.action,
  target: row.target,
  // node-postgres parses jsonb, PGlite too; a string would be rendered as the JSON string it is.
  detail: JSON.stringify(row.detail ?? {}),
  ip: row.ip,
  userAgent: row.user_agent,
});

/** The filters as one condition; each uses an index of staff_audit with seq (migration 0035). */
function whereOf(filters: AuditFilters, before: number | undefined): SQL {
  const conditions: SQL[] = [sql`true`];
  if (filters.staffId !== undefined) conditions.push(sql`a.staff_id = ${filters.staffId}`);
  if (filters.action !== undefined) conditions.push(sql`a.action = ${filters.action}`);
  if (filters.memberId !== undefined) conditions.push(sql`a.target = ${`member:${filters.memberId}`}`);
  if (filters.from !== undefined) conditions.push(sql`a.at >= ${new Date(filters.from).toISOString()}`);
  if (filters.to !== undefined) conditions.push(sql`a.at < ${new Date(filters.to).toISOString()}`);
  if (before !== undefined) conditions.push(sql`a.seq < ${before}`);
  return sql.join(conditions, sql` and `);
}

/**
 * The staff audit read back (docs/decisions/048): newest first, paged by the chain's `seq` (a
 * keyset: rows written while someone pages never shift a page), and streamed in batches for CSV.
 */
export function createAuditLog(db: Database) {
  async function page(filters: AuditFilters, before: number | undefined, limit: number) {
    const rows = await rowsOf<StoredRow>(
      db,
      sql`select a.seq, a.at, a.staff_id, s.username as staff_username, a.action, a.target, a.detail, a.ip,
          a.user_agent
        from staff_audit a left join staff_members s on s.id = a.staff_id
        where ${whereOf(filters, before)}
        order by a.seq desc limit ${limit}`,
    );
    return rows.map(rowOf);
  }

  return {
    /** A page of `limit` rows below `before` (seq), and the cursor of the next page (null: none). */
    async list(filters: AuditFilters, before: number | undefined, limit: number) {
      const rows = await page(filters, before, limit + 1);
      const more = rows.length > limit;
      const shown = rows.slice(0, limit);
      return { rows: shown, nextCursor: more ? shown.at(-1)!.seq : null };
    },

    /** Every row the filters match, newest first, a batch per query (for the CSV stream). */
    async *all(filters: AuditFilters): AsyncGenerator<AuditRow> {
      let before: number | undefined;
      for (;;) {
        const rows = await page(filters, before, EXPORT_BATCH);
        yield* rows;
        if (rows.length < EXPORT_BATCH) return;
        before = rows.at(-1)!.seq;
      }
    },

    /**
     * What the filters offer. The actions are the distinct ones the audit holds, read by a loose
     * index scan (one probe of staff_audit_action_seq per action), so the list never drifts from
     * the code that writes rows and stays quick on a big table.
     */
    async filterOptions(): Promise<AuditFilterOptions> {
      const [actions, staff] = await Promise.all([
        rowsOf<{ action: string }>(
          db,
          sql`with recursive actions as (
              (select action from staff_audit order by action limit 1)
              union all
              select (select s.action from staff_audit s where s.action > actions.action order by s.action limit 1)
              from actions where actions.action is not null
            )
            select action from actions where action is not null`,
        ),
        rowsOf<{ id: number; username: string; name: string }>(
          db,
          sql`select id, username, name from staff_members order by username`,
        ),
      ]);
      return { actions: actions.map((row) => row.action), staff };
    },
  };
}

export type AuditLog = ReturnType<typeof createAuditLog>;
