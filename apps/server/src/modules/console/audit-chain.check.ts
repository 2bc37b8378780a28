import { asc, gt, sql } from 'drizzle-orm';
import type { Database } from '../../platform/db/database';
import { AUDIT_GENESIS_HASH, auditContentSql, auditHash } from './audit-chain';
import { staffAudit } from './console.tables';

/** Where the chain breaks: the first bad row, and what is wrong with it. */
export interface AuditChainBreak {
  /** The seq the walk expected here (the first missing one, for a removal). */
  seq: number;
  /** The row found at this place, if any. */
  id: number | null;
  kind: 'removed' | 'reordered' | 'changed';
  message: string;
}

export interface AuditChainReport {
  /** Rows read up to the break, or all of them. */
  rows: number;
  /** The hash of the last good row (the genesis value for an empty audit). */
  headHash: string;
  /** The first bad row, or null when the chain holds. */
  broken: AuditChainBreak | null;
}

/** Rows read per query: the audit may be large, and the walk keeps only the row before. */
const PAGE = 2_000;

/**
 * Walks staff_audit in seq order and stops at the first row that breaks the chain:
 * - a seq that skips numbers: rows were removed (or renumbered);
 * - a prev_hash that is not the hash of the row before: rows were reordered or removed, or the
 *   row before was changed and hashed again;
 * - a hash that is not the SHA-256 of the row's content: the row was changed.
 * NOTE: rows removed from the end leave an unbroken, shorter chain; the report's row count and
 * head hash are what an operator compares with an earlier run to see that (docs/operations.md).
 */
export async function verifyAuditChain(
  db: Pick<Database, 'select'>,
  options: { pageSize?: number } = {},
): Promise<AuditChainReport> {
  const pageSize = options.pageSize ?? PAGE;
  let rows = 0;
  let expected = 1;
  let prevHash = AUDIT_GENESIS_HASH;
  for (;;) {
    const page = await db
      .select({
        seq: staffAudit.seq,
        id: staffAudit.id,
        prevHash: staffAudit.prevHash,
        hash: staffAudit.hash,
        content: sql<string>`${auditContentSql}`,
      })
      .from(staffAudit)
      .where(gt(staffAudit.seq, expected - 1))
      .orderBy(asc(staffAudit.seq))
      .limit(pageSize);
    for (const row of page) {
      const broken = breakAt(row, expected, prevHash);
      if (broken) return { rows, headHash: prevHash, broken };
      rows += 1;
      expected += 1;
      prevHash = row.hash;
    }
    if (page.length < pageSize) return { rows, headHash: prevHash, broken: null };
  }
}

function breakAt(
  row: { seq: number; id: number; prevHash: string; hash: string; content: string },
  expected: number,
  prevHash: string,
): AuditChainBreak | null {
  const at = `staff_audit row seq ${row.seq} (id ${row.id})`;
  if (row.seq !== expected) {
    const missing = row.seq - 1 === expected ? `seq ${expected}` : `seq ${expected} to ${row.seq - 1}`;
    return {
      seq: expected,
      id: row.id,
      kind: 'removed',
      message: `staff_audit ${missing} removed: the chain goes on at ${at}`,
    };
  }
  // The link first: after a swap or a removal the row itself may be intact.
  if (row.prevHash !== prevHash) {
    return {
      seq: row.seq,
      id: row.id,
      kind: 'reordered',
      message:
        `${at} does not follow the row before it (its prev_hash is not that row's hash): ` +
        `rows reordered or removed, or the row before changed and hashed again`,
    };
  }
  if (auditHash(row.content) !== row.hash) {
    return {
      seq: row.seq,
      id: row.id,
      kind: 'changed',
      message: `${at} was changed: its content does not match its hash`,
    };
  }
  return null;
}

/** For npm run ledger:check: the chain's break as a violation, else none. */
export async function checkAuditChain(db: Pick<Database, 'select'>): Promise<string[]> {
  const report = await verifyAuditChain(db);
  return report.broken ? [report.broken.message] : [];
}
