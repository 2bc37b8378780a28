import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { randomBytes } from 'node:crypto';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { sql, type SQL } from 'drizzle-orm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { readEnvironment } from '../../config';
import {
  MIGRATIONS_FOLDER,
  openEmbeddedDatabase,
  PGLITE_EXTENSIONS,
  type Database,
  type DatabaseHandle,
} from '../../platform/db/database';
import { rowsOf } from '../../platform/db/rows';
import { ledgerCheck, SERVER_DIR } from '../../../test/processes';
import { migratedTemplate } from '../../../test/template';
import { openTestDatabase } from '../../../test/test-app';
import { appendAudit } from './audit-chain';
import { verifyAuditChain } from './audit-chain.check';

/**
 * npm run audit:verify as a command, and migration 0028 on an audit that already holds rows
 * (decision 043). On the PostgreSQL server at DATABASE_URL when set, else on embedded databases
 * in folders (a command cannot share an in-memory one).
 */

const serverUrl = readEnvironment().DATABASE_URL;
const folders: string[] = [];
afterAll(() => folders.forEach((folder) => rmSync(folder, { recursive: true, force: true })));

/** A database another process can open, and the environment that names it. */
async function sharedDatabase(): Promise<{ open(): Promise<DatabaseHandle>; env: Record<string, string> }> {
  if (serverUrl) {
    const handle = await openTestDatabase(2);
    return { open: async () => handle, env: { DATABASE_URL: handle.url! } };
  }
  const dataDir = mkdtempSync(path.join(tmpdir(), 'wallet-audit-'));
  folders.push(dataDir);
  const template = migratedTemplate();
  const startFrom = template?.kind === 'embedded' ? new Blob([readFileSync(template.file)]) : undefined;
  await (await openEmbeddedDatabase(path.join(dataDir, 'pgdata'), startFrom)).close();
  // NOTE: one process at a time on an embedded database: the test closes it before each command.
  return { open: () => openEmbeddedDatabase(path.join(dataDir, 'pgdata')), env: { DATA_DIR: dataDir } };
}

/** Runs the command as `npm run audit:verify` does (tsx); answers its exit code and output. */
async function auditVerify(env: Record<string, string>): Promise<{ exitCode: number; report: string }> {
  const { DATABASE_URL: _ignored, ...inherited } = readEnvironment();
  const command = spawn(process.execPath, ['--import', 'tsx', 'src/modules/console/audit-verify.ts'], {
    cwd: SERVER_DIR,
    env: { ...inherited, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let report = '';
  command.stdout.on('data', (chunk: Buffer) => (report += chunk.toString()));
  command.stderr.on('data', (chunk: Buffer) => (report += chunk.toString()));
  const [exitCode] = (await once(command, 'exit')) as [number];
  return { exitCode, report };
}

const entry = (i: number) => ({
  staffId: null,
  action: 'test.command',
  target: `member:${i}`,
  detail: { i },
  ip: '198.51.100.7',
  userAgent: 'audit-verify.test',
  at: new Date(),
});

/** A statement of the test's own, with the append-only trigger set aside for its transaction. */
const behindTheCodesBack = (db: Database, statement: SQL) =>
  db.transaction(async (tx) => {
    await tx.execute(sql`set local session_replication_role = replica`);
    await tx.execute(statement);
  });

/** Works on the shared database: opened, then closed again when it is an embedded one. */
async function using<T>(
  database: Awaited<ReturnType<typeof sharedDatabase>>,
  work: (db: Database) => Promise<T>,
) {
  const handle = await database.open();
  try {
    return await work(handle.db);
  } finally {
    if (!serverUrl) await handle.close();
  }
}

describe('npm run audit:verify', () => {
  // Five commands in a row; each starts tsx, and on the embedded database opens it from its folder.
  it(
    'exits 0 on an unbroken chain, 1 naming a row changed or removed; ledger:check fails too',
    { timeout: 90_000 },
    async () => {
      const database = await sharedDatabase();
      const ids = await using(database, async (db) => {
        for (let i = 1; i <= 5; i += 1) await db.transaction((tx) => appendAudit(tx, entry(i)));
        return (await rowsOf<{ id: string }>(db, sql`select id::text from staff_audit order by id`)).map(
          (row) => Number(row.id),
        );
      });
      const sandbox = { APP_MODE: 'sandbox', SANDBOX_WITH_DATABASE_URL: 'yes', ...database.env };

      const good = await auditVerify(database.env);
      expect(good.exitCode, good.report).toBe(0);
      expect(good.report).toMatch(
        /audit:verify: 5 row\(s\), seq 1 to 5, one unbroken chain; last hash [0-9a-f]{64}/,
      );
      const passing = await ledgerCheck(sandbox);
      expect(passing.exitCode, passing.report).toBe(0);

      await using(database, (db) =>
        behindTheCodesBack(db, sql`update staff_audit set detail = '{"i": 33}' where seq = 3`),
      );
      const changed = await auditVerify(database.env);
      expect(changed.exitCode, changed.report).toBe(1);
      expect(changed.report).toContain('the chain breaks after 2 good row(s)');
      expect(changed.report).toContain(`staff_audit row seq 3 (id ${ids[2]}) was changed`);
      const check = await ledgerCheck(sandbox);
      expect(check.exitCode, check.report).toBe(1);
      expect(check.report).toContain(`staff_audit row seq 3 (id ${ids[2]}) was changed`);

      await using(database, async (db) => {
        await behindTheCodesBack(db, sql`update staff_audit set detail = '{"i": 3}' where seq = 3`);
        expect((await verifyAuditChain(db)).broken).toBeNull();
        await behindTheCodesBack(db, sql`delete from staff_audit where seq = 2`);
      });
      const removed = await auditVerify(database.env);
      expect(removed.exitCode, removed.report).toBe(1);
      expect(removed.report).toContain(
        `staff_audit seq 2 removed: the chain goes on at staff_audit row seq 3 (id ${ids[2]})`,
      );
      if (serverUrl) await (await database.open()).close();
    },
  );
});

/** A database of its own, migrated from nothing by the migrations of `folder`. */
async function freshDatabase() {
  if (!serverUrl) {
    const client = new PGlite({ extensions: PGLITE_EXTENSIONS });
    const db = drizzlePglite({ client });
    return {
      db: db as unknown as Database,
      migrate: (folder: string) => migratePglite(db, { migrationsFolder: folder }),
      close: () => client.close(),
    };
  }
  const name = `wallet_audit_${randomBytes(6).toString('hex')}`;
  const admin = async (query: string) => {
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    await client.query(query).finally(() => client.end());
  };
  await admin(`CREATE DATABASE ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const pool = new pg.Pool({ connectionString: url.toString(), max: 2 });
  const db = drizzlePg({ client: pool });
  return {
    db: db as unknown as Database,
    migrate: (folder: string) => migratePg(db, { migrationsFolder: folder }),
    close: async () => {
      await pool.end();
      await admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    },
  };
}

/** The migrations folder as it was before 0028. */
function migrationsBeforeTheChain(): string {
  const folder = mkdtempSync(path.join(tmpdir(), 'wallet-migrations-'));
  folders.push(folder);
  cpSync(MIGRATIONS_FOLDER, folder, { recursive: true });
  const journalFile = path.join(folder, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalFile, 'utf8')) as {
    entries: { idx: number; tag: string }[];
  };
  const chain = journal.entries.findIndex((migration) => migration.tag === '0028_audit_chain');
  expect(chain).toBeGreaterThan(0);
  journal.entries = journal.entries.slice(0, chain);
  writeFileSync(journalFile, JSON.stringify(journal));
  return folder;
}

describe('migration 0028', () => {
  it('chains the rows it finds in id order, and later rows onto them', async () => {
    const database = await freshDatabase();
    try {
      await database.migrate(migrationsBeforeTheChain());
      // Rows of every shape, written out of id order, as the code before the chain wrote them.
      for (const [id, detail, target] of [
        [9, { status: 'open', note: 'ภาษาไทย "quoted"\n', nested: { b: 2, a: [1.5, null] } }, null],
        [2, {}, 'member:1'],
        [5, { reason: 'code' }, 'conversation:4'],
      ] as const) {
        await database.db.execute(
          sql`insert into staff_audit (id, staff_id, action, target, detail, ip, user_agent, at)
              values (${id}, null, 'old.row', ${target}, ${JSON.stringify(detail)}::jsonb, '192.0.2.1', 'old agent',
                      '2026-01-02T03:04:05.678912Z')`,
        );
      }
      await database.db.execute(sql`select setval(pg_get_serial_sequence('staff_audit', 'id'), 9)`);

      await database.migrate(MIGRATIONS_FOLDER);
      const rows = await rowsOf<{ id: string; seq: string }>(
        database.db,
        sql`select id::text, seq::text from staff_audit order by staff_audit.seq`,
      );
      expect(rows).toEqual([
        { id: '2', seq: '1' },
        { id: '5', seq: '2' },
        { id: '9', seq: '3' },
      ]);
      // The Node walk agrees with the hashes the migration computed, and new rows chain on.
      expect(await verifyAuditChain(database.db)).toMatchObject({ rows: 3, broken: null });
      await database.db.transaction((tx) => appendAudit(tx, entry(1)));
      expect(await verifyAuditChain(database.db)).toMatchObject({ rows: 4, broken: null });
      await expect(database.db.execute(sql`delete from staff_audit`)).rejects.toThrow();
    } finally {
      await database.close();
    }
  });
});
