import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Database } from '../../platform/db/database';

/**
 * The staff audit's hash chain (docs/decisions/043-audit-hash-chain.md). Each row of staff_audit
 * carries `seq` (1, 2, 3, … without gaps), `prev_hash` (the hash of row seq - 1, or the genesis
 * value for seq 1) and `hash`: SHA-256, in hex, of the row's content as `auditContentSql` renders
 * it. Appends are numbered and hashed under one transaction-scoped advisory lock, so any number of
 * processes write one chain; `audit-chain.check.ts` walks it.
 */

/** What the first row chains to. */
export const AUDIT_GENESIS_HASH = '0'.repeat(64);

/**
 * The advisory lock class of appends (two-key form, second key 0). Chat's guest claims use 7_301;
 * a single-key lock (migrations, liveness, hashtext keys) never meets a two-key one.
 */
const AUDIT_CHAIN_LOCK = 7_302;

/**
 * A row's content as hashed: one JSON array of seq, id, staff id, action, target, detail, ip,
 * user agent, time (UTC, ISO 8601 with microseconds, as stored) and prev_hash, as jsonb renders
 * it. NOTE: jsonb's text is canonical (object keys sorted, one spacing, numbers as stored), and the
 * database renders it in the append, in the verification and in migration 0028, which chained the
 * rows it found: one serialisation, so the three cannot drift. Changing this expression breaks
 * every existing hash; migration 0028 carries a copy of it.
 */
export const auditContentSql = sql.raw(
  `jsonb_build_array("seq", "id", "staff_id", "action", "target", "detail", "ip", "user_agent", ` +
    `to_char("at" AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"'), "prev_hash")::text`,
);

/** The hash of a row's rendered content, computed here, apart from the database that wrote it. */
export const auditHash = (content: string): string =>
  createHash('sha256').update(content, 'utf8').digest('hex');

export interface AuditEntry {
  staffId: number | null;
  action: string;
  target: string | null;
  detail: Record<string, unknown>;
  ip: string;
  userAgent: string;
  at: Date;
}

/**
 * Appends one row at the end of the chain. NOTE: call it inside a transaction, and late in it: the
 * lock is held until that transaction ends, and every other staff action's audit waits for it.
 */
export async function appendAudit(tx: Pick<Database, 'execute'>, entry: AuditEntry): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${AUDIT_CHAIN_LOCK}, 0)`);
  // A statement after the lock reads the last row committed before it (READ COMMITTED). The id is
  // taken under the lock too, so ids rise with seq; the hash is computed from the row as stored.
  await tx.execute(sql`
    with last as (select "seq", "hash" from staff_audit order by "seq" desc limit 1),
    next as (
      select nextval(pg_get_serial_sequence('staff_audit', 'id')) as "id",
        coalesce((select "seq" from last), 0) + 1 as "seq",
        coalesce((select "hash" from last), ${AUDIT_GENESIS_HASH}::text) as "prev_hash",
        ${entry.staffId}::integer as "staff_id",
        ${entry.action}::text as "action",
        ${entry.target}::text as "target",
        ${JSON.stringify(entry.detail)}::jsonb as "detail",
        ${entry.ip}::text as "ip",
        ${entry.userAgent}::text as "user_agent",
        ${entry.at.toISOString()}::timestamptz as "at"
    )
    insert into staff_audit ("id", "seq", "staff_id", "action", "target", "detail", "ip", "user_agent", "at", "prev_hash", "hash")
    select "id", "seq", "staff_id", "action", "target", "detail", "ip", "user_agent", "at", "prev_hash",
      encode(sha256(convert_to(${auditContentSql}, 'UTF8')), 'hex')
    from next`);
}
