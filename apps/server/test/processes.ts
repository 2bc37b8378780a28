import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { createServer } from 'node:net';
import { randomBytes, randomUUID } from 'node:crypto';
import pg from 'pg';
import { fileURLToPath } from 'node:url';
import { expect } from 'vitest';
import { CLIENT_HEADER, CLIENT_HEADER_VALUE } from '@wallet/contract/constants';
import type { StaffRole } from '@wallet/contract/staff-roles';
import { readEnvironment } from '../src/config';
import { runStaffCreate } from '../src/modules/console/staff-create';
import { openServerDatabase } from '../src/platform/db/database';
import { randomPhone, registration } from './members';
import { STAFF_PASSWORD, sessionCookieOf, staffHeaders, totpCode } from './staff';
import { migratedTemplate } from './template';

/** Real server processes for the tests that kill or run several of them. */
export const SERVER_DIR = fileURLToPath(new URL('..', import.meta.url));

export async function freePort(): Promise<number> {
  const probe = createServer();
  probe.listen(0, '127.0.0.1');
  await once(probe, 'listening');
  const { port } = probe.address() as { port: number };
  probe.close();
  return port;
}

export function startServer(env: Record<string, string>): Promise<ChildProcess> {
  // NOTE: node itself, not npx: SIGKILL must reach the server, not a wrapper around it.
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: SERVER_DIR,
    env: { ...readEnvironment(), ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  return new Promise((resolve, reject) => {
    let output = '';
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${output}`)), 60_000);
    const read = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('Member wallet site:')) {
        clearTimeout(timer);
        resolve(child);
      }
    };
    child.stdout.on('data', read);
    child.stderr.on('data', read);
    child.on('exit', (code) => reject(new Error(`server exited with ${code}:\n${output}`)));
  });
}

export function client(base: string) {
  /** `token`: a member's bearer token, or the headers of a staff session (test/staff.ts staffHeaders). */
  return async function call(
    method: string,
    path: string,
    body?: object,
    token?: string | Record<string, string>,
    key?: string,
  ) {
    const response = await fetch(`${base}${path}`, {
      method,
      headers: {
        [CLIENT_HEADER]: CLIENT_HEADER_VALUE,
        ...(body ? { 'content-type': 'application/json' } : {}),
        ...(typeof token === 'string' ? { authorization: `Bearer ${token}` } : (token ?? {})),
        ...(key ? { 'idempotency-key': key } : {}),
      },
      body: body ? JSON.stringify(body) : undefined,
    });
    return {
      status: response.status,
      body: (await response.json()) as Record<string, unknown>,
      setCookie: response.headers.getSetCookie(),
    };
  };
}

/** A member registered through the API, funded with 10,000.00 and given a JOKER account. */
export async function registerAndFund(call: ReturnType<typeof client>): Promise<string> {
  return (await registerFunded(call)).token;
}

/** As registerAndFund, with registration fields of the test's (an invite code, a name); answers the id too. */
export async function registerFunded(
  call: ReturnType<typeof client>,
  overrides: Partial<Parameters<typeof registration>[0]> = {},
): Promise<{ id: number; token: string }> {
  const phone = randomPhone();
  const sent = await call('POST', '/api/otp/send', { phoneNumber: phone });
  const outbox = await call('GET', `/api/sandbox/sms?phone=${phone}`);
  const [message] = outbox.body.messages as { code: string }[];
  await call('POST', '/api/otp/verify', { otpToken: sent.body.otpToken, otpCode: message!.code });
  const registered = await call('POST', '/api/account', {
    ...registration({ ...overrides, username: phone }),
    otpToken: sent.body.otpToken,
  });
  expect(registered.status).toBe(200);
  const { token } = (await call('POST', '/api/login', { username: phone, password: registration().password }))
    .body as {
    token: string;
  };
  expect((await call('POST', '/api/sandbox/credit', { amount: 1_000_000 }, token, randomUUID())).status).toBe(
    200,
  );
  expect((await call('GET', '/api/wallet/activate/JOKER', undefined, token)).status).toBe(200);
  return { id: Number((registered.body as { id: string }).id), token };
}

/** Every schedule of a server process (the reconciler's, bonus, rewards, spin wheel) every `seconds` s; 0: none. */
export const schedulesEvery = (seconds: string) => ({
  RECONCILE_INTERVAL_SECONDS: seconds,
  BONUS_INTERVAL_SECONDS: seconds,
  REWARDS_INTERVAL_SECONDS: seconds,
  SPIN_WHEEL_INTERVAL_SECONDS: seconds,
});

/** The environment of a sandbox server process on a shared scratch database, its schedules every `interval` s. */
export const processEnv = (databaseUrl: string, port: number, interval = '1') => ({
  APP_MODE: 'sandbox',
  SANDBOX_WITH_DATABASE_URL: 'yes',
  DATABASE_URL: databaseUrl,
  PORT: String(port),
  HOST: '127.0.0.1',
  LOG_LEVEL: 'silent',
  ...schedulesEvery(interval),
});

/** npm run ledger:check on the database of `env`; answers its exit code and report. */
export async function ledgerCheck(
  env: Record<string, string>,
): Promise<{ exitCode: number; report: string }> {
  const check = spawn(process.execPath, ['--import', 'tsx', 'src/ledger-check.ts'], {
    cwd: SERVER_DIR,
    env: { ...readEnvironment(), ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let report = '';
  check.stdout.on('data', (chunk: Buffer) => (report += chunk.toString()));
  check.stderr.on('data', (chunk: Buffer) => (report += chunk.toString()));
  const [exitCode] = (await once(check, 'exit')) as [number];
  return { exitCode, report };
}

/** A fresh database on the PostgreSQL server at DATABASE_URL, for server processes to share. */
export async function scratchDatabase(prefix: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const serverUrl = readEnvironment().DATABASE_URL!;
  const name = `${prefix}_${randomBytes(5).toString('hex')}`;
  const template = migratedTemplate();
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(
    `CREATE DATABASE ${name}${template?.kind === 'server' ? ` TEMPLATE ${template.name}` : ''}`,
  );
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    },
  };
}

/** A server process a test started, on its port, with a caller of its API. */
export interface RunningServer {
  process: ChildProcess;
  port: number;
  base: string;
  call: ReturnType<typeof client>;
}

export interface ServerScope {
  /** The scratch database the processes share. */
  url: string;
  /** A connection of the test's own to it. */
  database: pg.Client;
  /** Starts a server process on it: processEnv's settings with `env` over them; a free port unless given. */
  start(env?: Record<string, string>, port?: number): Promise<RunningServer>;
}

/**
 * Runs `test` with server processes on a scratch database of their own; whatever it started is
 * killed and the database dropped afterwards, however it ends.
 */
export async function withServers(
  prefix: string,
  test: (scope: ServerScope) => Promise<void>,
): Promise<void> {
  const scratch = await scratchDatabase(prefix);
  const database = new pg.Client({ connectionString: scratch.url });
  const started: ChildProcess[] = [];
  try {
    await database.connect();
    await test({
      url: scratch.url,
      database,
      async start(env = {}, port?: number) {
        const chosen = port ?? (await freePort());
        const child = await startServer({ ...processEnv(scratch.url, chosen), ...env });
        started.push(child);
        const base = `http://127.0.0.1:${chosen}`;
        return { process: child, port: chosen, base, call: client(base) };
      },
    });
  } finally {
    for (const child of started.filter((one) => one.exitCode === null && one.signalCode === null)) {
      child.kill('SIGKILL');
      await once(child, 'exit');
    }
    await database.end().catch(() => undefined);
    await scratch.drop();
  }
}

/** A staff member of `role` made in the database at `url` and signed in through `call`; answers the token. */
export async function staffOn(
  call: ReturnType<typeof client>,
  url: string,
  role: StaffRole,
): Promise<Record<string, string>> {
  const username = `staff-${randomBytes(4).toString('hex')}`;
  const database = await openServerDatabase(url, 1);
  try {
    const made = await runStaffCreate(['--username', username, '--name', 'Desk', '--role', role], {
      db: database.db,
      password: STAFF_PASSWORD,
      print: () => undefined,
    });
    expect(made).toBe(0);
  } finally {
    await database.close();
  }
  const first = await call('POST', '/api/console/login', { username, password: STAFF_PASSWORD });
  const signedIn = await call('POST', '/api/console/login/totp', {
    challenge: first.body.challenge,
    code: await totpCode(first.body.secret as string),
  });
  expect(signedIn.status, JSON.stringify(signedIn.body)).toBe(200);
  // The console's session: its cookie and CSRF token, sent as `call`'s headers (decision 047).
  return staffHeaders(sessionCookieOf(signedIn.setCookie));
}
