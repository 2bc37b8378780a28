import { sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../platform/db/database';
import { rowsOf } from '../../platform/db/rows';
import { createStaffAndSignIn, staffHeaders } from '../../../test/staff';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { AUDIT_GENESIS_HASH, appendAudit, auditHash } from './audit-chain';
import { checkAuditChain, verifyAuditChain } from './audit-chain.check';

/**
 * The staff audit's hash chain (decision 043): concurrent writers make one chain, the database
 * refuses changes, and the verification names the first row changed, removed or reordered.
 */

let t: TestApp;
let db: Database;
let staff: { token: string; staffId: number };
beforeAll(async () => {
  t = await createTestApp({ RECONCILE_INTERVAL_SECONDS: '0' });
  db = t.database.db;
  staff = await createStaffAndSignIn(t);
});
afterAll(() => t.close());

interface AuditRow {
  seq: string;
  id: string;
  action: string;
  prev_hash: string;
  hash: string;
}

const chain = () =>
  rowsOf<AuditRow>(
    db,
    sql`select seq::text, id::text, action, prev_hash, hash from staff_audit order by staff_audit.seq`,
  );

/** A statement of the test's own, made with the append-only trigger set aside for its transaction. */
const behindTheCodesBack = (...statements: SQL[]) =>
  db.transaction(async (tx) => {
    await tx.execute(sql`set local session_replication_role = replica`);
    for (const statement of statements) await tx.execute(statement);
  });

/** Appends `n` rows as the code does, one after another. */
async function append(n: number, action = 'test.row') {
  for (let i = 0; i < n; i += 1) {
    await db.transaction((tx) =>
      appendAudit(tx, {
        staffId: staff.staffId,
        action,
        target: `member:${i}`,
        detail: { i, nested: { b: [1, 'two'], a: null }, text: 'ข้อความ "quoted"\n' },
        ip: '203.0.113.9',
        userAgent: 'test',
        at: new Date(),
      }),
    );
  }
}

/**
 * Runs `tamper` on a copy of the audit's current state and answers what the verification says;
 * then puts the rows back as they were (the tests share one chain).
 */
async function afterTampering(tamper: (rows: AuditRow[]) => SQL[]) {
  // NOTE: a table, not a temporary one: the pool may run each transaction on another connection.
  await db.execute(sql`create table audit_copy as select * from staff_audit`);
  try {
    await behindTheCodesBack(...tamper(await chain()));
    return await verifyAuditChain(db, { pageSize: 7 });
  } finally {
    await behindTheCodesBack(
      sql`delete from staff_audit`,
      sql`insert into staff_audit select * from audit_copy`,
    );
    await db.execute(sql`drop table audit_copy`);
    expect((await verifyAuditChain(db)).broken).toBeNull();
  }
}

describe('the staff audit chain', () => {
  it('makes one valid chain of the rows of 20 concurrent requests', { tags: ['embedded'] }, async () => {
    const before = (await chain()).length;
    const responses = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        t.app.inject({
          method: 'GET',
          url: '/api/console/chat/conversations?status=open',
          headers: staffHeaders(staff.token, { 'user-agent': `concurrent-${i}` }),
        }),
      ),
    );
    expect(responses.map((response) => response.statusCode)).toEqual(Array(20).fill(200));

    const rows = await chain();
    expect(rows).toHaveLength(before + 20);
    expect(rows.filter((row) => row.action === 'chat.inbox.list')).toHaveLength(20);
    // One chain: numbered 1..n, each row linked to the one before, ids rising with seq.
    expect(rows.map((row) => Number(row.seq))).toEqual(rows.map((_, i) => i + 1));
    expect(rows[0]!.prev_hash).toBe(AUDIT_GENESIS_HASH);
    rows.slice(1).forEach((row, i) => {
      expect(row.prev_hash).toBe(rows[i]!.hash);
      expect(Number(row.id)).toBeGreaterThan(Number(rows[i]!.id));
    });
    const report = await verifyAuditChain(db, { pageSize: 7 });
    expect(report).toEqual({ rows: rows.length, headHash: rows.at(-1)!.hash, broken: null });
    expect(await checkAuditChain(db)).toEqual([]);
  });

  it('hashes the content as stored: SHA-256 of the rendered row', async () => {
    await append(1, 'test.hash');
    const [row] = await rowsOf<{ hash: string; content: string }>(
      db,
      sql`select hash, jsonb_build_array("seq", "id", "staff_id", "action", "target", "detail", "ip",
            "user_agent", to_char("at" AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"'), "prev_hash")::text as content
          from staff_audit where action = 'test.hash'`,
    );
    expect(row!.hash).toBe(auditHash(row!.content));
    expect(row!.content).toContain('"nested": {"a": null, "b": [1, "two"]}');
  });

  it("refuses UPDATE, DELETE and TRUNCATE on the code's own connection", async () => {
    await append(2);
    const before = await chain();
    const [last] = before.slice(-1);
    for (const statement of [
      sql`update staff_audit set action = 'changed' where id = ${last!.id}`,
      sql`update staff_audit set detail = '{}' where false`,
      sql`delete from staff_audit where id = ${last!.id}`,
      sql`truncate staff_audit`,
    ]) {
      // Drizzle wraps the database's error: its cause carries PostgreSQL's message.
      const refused = await db.execute(statement).then(
        () => 'done',
        (error: Error) => String((error.cause as Error | undefined)?.message ?? error.message),
      );
      expect(refused).toMatch(/staff_audit rows are append-only/);
    }
    expect(await chain()).toEqual(before);
  });

  it('names a row changed behind the code’s back', async () => {
    await append(3);
    const report = await afterTampering((rows) => {
      const victim = rows.at(-2)!;
      return [sql`update staff_audit set detail = '{"reason":"nothing to see"}' where id = ${victim.id}`];
    });
    const rows = await chain();
    const victim = rows.at(-2)!;
    expect(report.broken).toMatchObject({ kind: 'changed', seq: Number(victim.seq), id: Number(victim.id) });
    expect(report.broken!.message).toContain(`seq ${victim.seq} (id ${victim.id}) was changed`);
    expect(report.rows).toBe(Number(victim.seq) - 1);
  });

  it('names the row after one changed and hashed again', async () => {
    const report = await afterTampering((rows) => {
      const victim = rows.at(-3)!;
      return [
        sql`update staff_audit set action = 'innocent',
              hash = encode(sha256(convert_to(jsonb_build_array("seq", "id", "staff_id", 'innocent'::text, "target",
                "detail", "ip", "user_agent", to_char("at" AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"'),
                "prev_hash")::text, 'UTF8')), 'hex')
            where id = ${victim.id}`,
      ];
    });
    const rows = await chain();
    expect(report.broken).toMatchObject({ kind: 'reordered', seq: Number(rows.at(-2)!.seq) });
  });

  it('names a removed row', async () => {
    const rows = await chain();
    const victim = rows.at(-3)!;
    const report = await afterTampering(() => [sql`delete from staff_audit where id = ${victim.id}`]);
    expect(report.broken).toMatchObject({
      kind: 'removed',
      seq: Number(victim.seq),
      id: Number(rows.at(-2)!.id),
    });
    expect(report.broken!.message).toContain(`staff_audit seq ${victim.seq} removed`);
  });

  it('names the first of two rows swapped', async () => {
    const rows = await chain();
    const [a, b] = [rows.at(-4)!, rows.at(-2)!];
    // NOTE: seq is unique, checked row by row: the swap goes through a free number.
    const report = await afterTampering(() => [
      sql`update staff_audit set seq = -1 where id = ${a.id}`,
      sql`update staff_audit set seq = ${a.seq}::bigint where id = ${b.id}`,
      sql`update staff_audit set seq = ${b.seq}::bigint where id = ${a.id}`,
    ]);
    expect(report.broken).toMatchObject({ kind: 'reordered', seq: Number(a.seq), id: Number(b.id) });
    expect(report.broken!.message).toContain(`seq ${a.seq} (id ${b.id}) does not follow the row before it`);
  });

  it('names a row that chains to nothing: the first one altered', async () => {
    const report = await afterTampering((rows) => [
      sql`update staff_audit set prev_hash = ${'f'.repeat(64)} where id = ${rows[0]!.id}`,
    ]);
    expect(report.broken).toMatchObject({ kind: 'reordered', seq: 1 });
    expect(report.rows).toBe(0);
  });
});
