import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readEnvironment } from '../../config';
import { openEmbeddedDatabase, openServerDatabase } from '../../platform/db/database';
import { rowsOf } from '../../platform/db/rows';
import { scratchDatabase } from '../../../test/processes';
import { randomStaffUsername, staffCodeStep, staffPasswordStep, totpCode } from '../../../test/staff';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { runStaffCreate } from './staff-create';

const REPO_DIR = fileURLToPath(new URL('../../../../..', import.meta.url));

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** Runs the command's function on the test's database; answers its exit code and what it printed. */
async function staffCreate(args: string[], password?: string) {
  const lines: string[] = [];
  const code = await runStaffCreate(args, { db: t.database.db, password, print: (line) => lines.push(line) });
  return { code, output: lines.join('\n') };
}

const staffNamed = (username: string) =>
  rowsOf<{ name: string; totp_secret: string | null; active: boolean }>(
    t.database.db,
    sql`select name, totp_secret, active from staff_members where username = ${username}`,
  );

/** Signs in through the API with the password given, enrolling the authenticator. */
async function signsIn(username: string, password: string) {
  const first = await staffPasswordStep(t.app, username, password);
  if (first.step !== 'enrol') throw new Error('a new staff member enrols first');
  const done = await staffCodeStep(t.app, first.challenge, await totpCode(first.secret));
  expect(done.statusCode, done.body).toBe(200);
}

describe('staff:create', () => {
  it('makes a staff member with a strong password it prints once, which signs in', async () => {
    const username = randomStaffUsername();
    const { code, output } = await staffCreate(['--username', username, '--name', 'Alice Ops']);
    expect(code).toBe(0);
    const password = /password \(shown once, keep it now\): (\S+)/.exec(output)?.[1];
    expect(password).toMatch(/^[A-Za-z0-9_-]{24}$/);
    expect(output).toContain('enrolled at the first sign-in');
    expect(await staffNamed(username)).toEqual([{ name: 'Alice Ops', totp_secret: null, active: true }]);
    await signsIn(username, password!);
  });

  it('takes the password from STAFF_PASSWORD and never prints it', async () => {
    const username = randomStaffUsername();
    const password = 'Chosen-by-the-operator-2030';
    const { code, output } = await staffCreate(['--username', username, '--name', 'Bo'], password);
    expect(code).toBe(0);
    expect(output).not.toContain(password);
    expect(output).not.toContain('shown once');
    await signsIn(username, password);
  });

  it('refuses a short password, a taken username and a bad one, and changes nothing', async () => {
    const username = randomStaffUsername();
    const short = await staffCreate(['--username', username, '--name', 'Cy'], 'only-11-chr');
    expect(short.code).toBe(1);
    expect(short.output).toContain('password: at least 12 characters');
    expect(short.output).not.toContain('only-11-chr');
    expect(await staffNamed(username)).toEqual([]);

    expect((await staffCreate(['--username', username, '--name', 'Cy'])).code).toBe(0);
    const taken = await staffCreate(['--username', username.toUpperCase(), '--name', 'Other']);
    expect(taken.code).toBe(1);
    expect(taken.output).toContain('exists already');
    expect(await staffNamed(username)).toEqual([{ name: 'Cy', totp_secret: null, active: true }]);

    const bad = await staffCreate(['--username', 'no spaces', '--name', 'Dee']);
    expect(bad.code).toBe(1);
    expect(bad.output).toContain('username:');
  });

  it('answers its usage when misused', async () => {
    for (const args of [
      [],
      ['--username', 'x'],
      ['--name', 'X'],
      ['--user', 'x', '--name', 'X'],
      ['extra'],
    ]) {
      const { code, output } = await staffCreate(args);
      expect(code, args.join(' ')).toBe(2);
      expect(output).toContain('usage: npm run staff:create');
    }
  });
});

/** The real command, as `npm run staff:create` starts it, in a process of its own. */
async function runCommand(env: Record<string, string>, args: string[]) {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', 'apps/server/src/modules/console/staff-create.ts', ...args],
    { cwd: REPO_DIR, env: { ...readEnvironment(), ...env }, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const [code] = (await once(child, 'exit')) as [number | null];
  return { code, output };
}

describe('npm run staff:create as a process', () => {
  it('works on the embedded database under DATA_DIR', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'staff-create-'));
    try {
      const username = randomStaffUsername();
      const run = await runCommand(
        { DATA_DIR: dataDir, DATABASE_URL: '', STAFF_PASSWORD: 'Embedded-database-pass' },
        ['--username', username, '--name', 'Embedded'],
      );
      expect(run.code, run.output).toBe(0);
      expect(run.output).toContain(`the embedded database in ${dataDir}`);
      const database = await openEmbeddedDatabase(path.join(dataDir, 'pgdata'));
      try {
        const rows = await rowsOf<{ name: string }>(
          database.db,
          sql`select name from staff_members where username = ${username}`,
        );
        expect(rows).toEqual([{ name: 'Embedded' }]);
      } finally {
        await database.close();
      }
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 120_000);

  it.runIf(readEnvironment().DATABASE_URL)(
    'works on the PostgreSQL server at DATABASE_URL',
    async () => {
      const scratch = await scratchDatabase('staff_create');
      try {
        const username = randomStaffUsername();
        const run = await runCommand({ DATABASE_URL: scratch.url, STAFF_PASSWORD: 'Server-database-pass' }, [
          '--username',
          username,
          '--name',
          'Server',
        ]);
        expect(run.code, run.output).toBe(0);
        expect(run.output).toContain('the PostgreSQL server at DATABASE_URL');
        const database = await openServerDatabase(scratch.url, 1);
        try {
          const rows = await rowsOf<{ name: string }>(
            database.db,
            sql`select name from staff_members where username = ${username}`,
          );
          expect(rows).toEqual([{ name: 'Server' }]);
        } finally {
          await database.close();
        }
      } finally {
        await scratch.drop();
      }
    },
    120_000,
  );
});
