import { type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { once } from 'node:events';
import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { readEnvironment } from '../src/config';
import { openServerDatabase } from '../src/platform/db/database';
import { pendingHoldKeys } from './money';
import {
  client,
  freePort,
  ledgerCheck,
  processEnv,
  registerAndFund,
  schedulesEvery,
  scratchDatabase,
  startServer,
} from './processes';

/**
 * The server killed with SIGKILL in the middle of a load of transfers and withdrawals, then
 * started again: the reconciler finishes what was in flight and `ledger:check` finds the books
 * sound, our game balances equal to the provider's. Needs a PostgreSQL server (DATABASE_URL):
 * the embedded database lives inside the process that is killed.
 */
const serverUrl = readEnvironment().DATABASE_URL;
const MEMBERS = 4;

/** A money call: where, what, and its Idempotency-Key. */
interface Step {
  path: string;
  body: Record<string, unknown>;
  key: string;
}

/**
 * Transfers both ways and withdrawals, as fast as one member can, until the server dies. Answers
 * how many were answered and the call the kill cut off (at any step: before its hold, between the
 * hold and the provider, between the provider and the post, or after the post).
 */
async function load(
  call: ReturnType<typeof client>,
  token: string,
): Promise<{ answered: number; cut: Step }> {
  let answered = 0;
  const steps = [
    () => ({ path: '/api/wallet/transfer', body: { from: 'wallet', to: 'JOKER', amount: 5_000 } }),
    () => ({ path: '/api/wallet/transfer', body: { from: 'JOKER', to: 'wallet', amount: 2_000 } }),
    () => ({ path: '/api/wallet/withdraw', body: { amount: 10_000 } }),
  ];
  for (let round = 0; ; round += 1) {
    const step = { ...steps[round % steps.length]!(), key: randomUUID() };
    try {
      await call('POST', step.path, step.body, token, step.key);
      answered += 1;
    } catch {
      return { answered, cut: step };
    }
  }
}

describe.runIf(serverUrl)('a crash in the middle of a load', () => {
  it(
    'leaves nothing the restarted server does not finish; ledger:check passes',
    { timeout: 180_000 },
    async () => {
      const scratch = await scratchDatabase('wallet_crash');
      const url = new URL(scratch.url);
      const port = await freePort();
      const env = {
        ...processEnv(url.toString(), port),
        REFERENCE_TTL_SECONDS: '2',
        GAME_PROVIDER_TIMEOUT_MS: '1000',
        SANDBOX_PAYOUT_DELAY_SECONDS: '0',
      };
      const base = `http://127.0.0.1:${port}`;
      const call = client(base);
      // No schedules before the kill: money the provider took stays unsettled, as after a crash.
      let server: ChildProcess | null = await startServer({ ...env, ...schedulesEvery('0') });
      const database = await openServerDatabase(url.toString(), 4);
      try {
        const tokens = await Promise.all(Array.from({ length: MEMBERS }, () => registerAndFund(call)));
        // The provider applies each transfer and then answers too late: the kill finds money that
        // reached the provider but was never settled here, and money not yet sent.
        await call('POST', '/api/sandbox/provider/JOKER/faults', {
          mode: 'applied-then-timeout',
          latencyMs: 1_500,
        });

        const loads = tokens.map((token) => load(call, token));
        for (let waited = 0; (await pendingHoldKeys(database.db)).length < 2 * MEMBERS; waited += 100) {
          expect(waited, 'the load never put money in flight').toBeLessThan(30_000);
          await sleep(100);
        }
        server.kill('SIGKILL');
        await once(server, 'exit');
        const outcomes = await Promise.all(loads);
        const answered = outcomes.reduce((sum, outcome) => sum + outcome.answered, 0);
        const inFlightAtKill = (await pendingHoldKeys(database.db)).length;
        expect(answered).toBeGreaterThan(0);
        expect(inFlightAtKill, 'the kill should catch money in flight').toBeGreaterThan(0);

        server = await startServer(env);
        await call('POST', '/api/sandbox/provider/JOKER/faults', { mode: 'none', latencyMs: 0 });
        // References expire after 2 s (+1 s of call time); the reconciler passes every second.
        for (let waited = 0; (await pendingHoldKeys(database.db)).length > 0; waited += 500) {
          expect(waited, 'pending money was not finished').toBeLessThan(30_000);
          await sleep(500);
        }

        // The calls the kill cut off, retried under their keys: a final answer (whatever step they
        // died at, the money moved at most once), the same one again, and another body refused.
        for (const [member, { cut }] of outcomes.entries()) {
          const token = tokens[member]!;
          const retry = await call('POST', cut.path, cut.body, token, cut.key);
          expect(retry.status, JSON.stringify(retry.body)).toBeLessThan(500);
          // Every hold is settled by now: a transfer's answer is final (a payout may still be paying).
          if (cut.path.endsWith('/transfer')) expect(retry.status, JSON.stringify(retry.body)).not.toBe(202);
          if (retry.status >= 400) {
            expect(['TRANSFER_FAIL', 'MONEY_NOT_ENOUGH', 'BANK_TRANSFER_FAIL']).toContain(retry.body.message);
          }
          expect(await call('POST', cut.path, cut.body, token, cut.key)).toEqual(retry);
          const other = await call('POST', cut.path, { ...cut.body, amount: 100_001 }, token, cut.key);
          expect(other.body).toEqual({ message: 'IDEMPOTENCY_KEY_REUSED' });
        }

        const { exitCode, report } = await ledgerCheck(env);
        expect(report).toContain('every invariant holds');
        expect(exitCode, report).toBe(0);
      } finally {
        server?.kill('SIGKILL');
        await database.close();
        await scratch.drop();
      }
    },
  );
});
