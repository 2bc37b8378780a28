import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect } from 'vitest';
import type { StatementResponse } from '@wallet/contract/http/statement';
import type { MoneyResult, WalletResponse } from '@wallet/contract/http/wallet';
import { sql } from 'drizzle-orm';
import { checkLedger } from '../src/modules/ledger/ledger.check';
import { checkGrants } from '../src/modules/promotions/engine/grants.check';
import { checkRewards } from '../src/modules/promotions/rewards/rewards.check';
import { checkSpinwheel } from '../src/modules/spinwheel/spinwheel.check';
import { accountKey, createLedgerService, type LedgerService } from '../src/modules/ledger/ledger.service';
import type { Database, DatabaseHandle } from '../src/platform/db/database';
import { rowsOf } from '../src/platform/db/rows';
import { bearer, login, registerMember } from './members';
import { createTestApp, memberHeaders, openTestDatabase, type TestApp } from './test-app';

/** A registered, signed-in member. */
export async function signedInMember(app: FastifyInstance) {
  const member = await registerMember(app);
  return { id: Number(member.id), token: await login(app, member.username, member.password), member };
}

/** A money call as the app makes it: bearer token and an Idempotency-Key (fresh unless given). */
export const moneyCall = (
  app: FastifyInstance,
  token: string,
  url: string,
  payload: object,
  key: string = randomUUID(),
) =>
  app.inject({
    method: 'POST',
    url,
    payload,
    headers: memberHeaders({ ...bearer(token), 'idempotency-key': key }),
  });

export const getAs = (app: FastifyInstance, token: string, url: string) =>
  app.inject({ url, headers: memberHeaders(bearer(token)) });

export async function walletOf(app: FastifyInstance, token: string) {
  const response = await getAs(app, token, '/api/wallet');
  expect(response.statusCode, response.body).toBe(200);
  const wallet = response.json<WalletResponse>();
  const game = (code: string) => wallet.games.find((entry) => entry.code === code)!;
  return { wallet: wallet.wallet.amount, game: (code: string) => game(code).amount, raw: wallet };
}

export async function credit(app: FastifyInstance, token: string, amount: number): Promise<void> {
  const response = await moneyCall(app, token, '/api/sandbox/credit', { amount });
  expect(response.statusCode, response.body).toBe(200);
}

export async function activate(app: FastifyInstance, token: string, code: string) {
  const response = await getAs(app, token, `/api/wallet/activate/${code}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ username: string; password: string }>();
}

export async function setFault(app: FastifyInstance, code: string, mode: string, latencyMs = 0) {
  const response = await app.inject({
    method: 'POST',
    url: `/api/sandbox/provider/${code}/faults`,
    payload: { mode, latencyMs },
    headers: memberHeaders(),
  });
  expect(response.statusCode, response.body).toBe(200);
}

export const resultOf = (response: { json: <T>() => T }) => response.json<MoneyResult>();

/** The app listening on a free port (the sandbox provider and payout service are reached over HTTP). */
export async function listen(app: FastifyInstance): Promise<void> {
  await app.listen({ port: 0, host: '127.0.0.1' });
}

/** The first page (50 lines) of a member's statement. */
export async function statementOf(app: FastifyInstance, token: string): Promise<StatementResponse> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/statement',
    payload: { page: 1, limit: 50 },
    headers: memberHeaders({ authorization: `Bearer ${token}` }),
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<StatementResponse>();
}

/** Every invariant of the books holds (money pending is fine for an hour). */
export async function booksAreSound(db: Database): Promise<void> {
  expect(await checkLedger(db, { pendingOlderThanMs: 3_600_000 })).toEqual([]);
  expect(await checkGrants(db, { olderThanMs: 3_600_000 })).toEqual([]);
  expect(await checkRewards(db, { olderThanMs: 3_600_000 })).toEqual([]);
  expect(await checkSpinwheel(db)).toEqual([]);
}

/**
 * The env of tests that silence a provider: a reference expires after 3 s, a call times out after 1 s.
 */
export const SILENT_PROVIDER_ENV = { REFERENCE_TTL_SECONDS: '3', GAME_PROVIDER_TIMEOUT_MS: '1000' };
/** A silent provider answers 504 after this long: the call's outcome is unknown, and fails fast. */
export const SILENT_MS = 20;
/** Past a reference's expiry (3 s) plus the call's timeout (1 s), under SILENT_PROVIDER_ENV. */
export const PAST_EXPIRY_MS = 4_200;
/** Longer than a provider call waits under SILENT_PROVIDER_ENV: its answer never arrives in time. */
export const HANG_MS = 1_500;

/**
 * The settings of the money tests: a silent provider's reference expires after 3 s and its call
 * times out after 1 s (short enough for tests, long enough for a loaded machine), and the sandbox
 * pays payouts at once. No schedule runs on its own: createTestApp turns them all off.
 */
export const MONEY_ENV = {
  ...SILENT_PROVIDER_ENV,
  SANDBOX_PAYOUT_DELAY_SECONDS: '0',
};

/**
 * The app of a test file, listening (money calls go through the network stack as a member's do),
 * built before the file's tests and closed after them. Read its fields inside tests and hooks.
 */
export function appForFile(
  env: Record<string, string> = MONEY_ENV,
  options: Parameters<typeof createTestApp>[1] = {},
): TestApp {
  const test = {} as TestApp;
  beforeAll(async () => {
    Object.assign(test, await createTestApp(env, options));
    await listen(test.app);
  });
  afterAll(async () => {
    await test.close();
    await options.redis?.close();
  });
  return test;
}

/**
 * Makes a member's holds `ms` older, as if that much time had passed on the database's clock,
 * which is the clock their references expire by: no test waits for an expiry.
 */
export async function ageHolds(db: Database, memberId: number, ms: number): Promise<void> {
  // NOTE: the ledger's append-only trigger is set aside for this one statement of the test's own.
  await db.transaction(async (tx) => {
    await tx.execute(sql`set local session_replication_role = replica`);
    await tx.execute(
      sql`update ledger_transfers set created_at = created_at - ${ms} * interval '1 millisecond'
          where kind like 'hold:%' and metadata ->> 'memberId' = ${String(memberId)}`,
    );
  });
}

/** A signed-in member with `amount` in the wallet and an open account at `game`. */
export async function fundedMember(app: FastifyInstance, amount = 100_000, game = 'JOKER') {
  const member = await signedInMember(app);
  await credit(app, member.token, amount);
  const login = await activate(app, member.token, game);
  return { ...member, login };
}

/** A wallet straight in the ledger (no member, no app), credited from the operator's cash-in. */
export async function fundedWallet(ledger: LedgerService, memberId: number, amount: bigint): Promise<string> {
  const wallet = accountKey.wallet(memberId);
  await ledger.openAccount(wallet, 'BAHT');
  await ledger.transfer({
    idempotencyKey: `fund:${memberId}`,
    debit: accountKey.operator('cash_in', 'BAHT'),
    credit: wallet,
    amount,
    kind: 'deposit',
  });
  return wallet;
}

/** The keys of the holds on the ledger's pending list (what the reconciler claims from). */
export async function pendingHoldKeys(db: Database): Promise<string[]> {
  const rows = await rowsOf<{ idempotency_key: string }>(
    db,
    sql`select idempotency_key from ledger_pending_holds order by transfer_id`,
  );
  return rows.map((row) => row.idempotency_key);
}

/** A database of a test's own with the operator's accounts open, and the ledger on it. */
export async function openLedgerDatabase(): Promise<{ database: DatabaseHandle; ledger: LedgerService }> {
  const database = await openTestDatabase();
  const ledger = createLedgerService(database.db);
  await ledger.openOperatorAccounts('BAHT');
  return { database, ledger };
}

/** A logger that says nothing, for services a test builds below the app. */
export const QUIET_LOG = { info: () => {}, warn: () => {}, error: () => {} } as unknown as FastifyBaseLogger;

/** A hold of 1.00 from a member's `wallet` toward the operator's cash-out, waiting for an outside answer. */
export const holdToCashOut = (
  ledger: LedgerService,
  key: string,
  memberId: number,
  wallet: string,
  kind: string,
) =>
  ledger.hold({
    idempotencyKey: key,
    debit: wallet,
    destination: accountKey.operator('cash_out', 'BAHT'),
    amount: 100n,
    kind,
    currency: 'BAHT',
    metadata: { memberId },
  });
