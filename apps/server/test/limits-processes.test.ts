import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { readEnvironment } from '../src/config';
import { registerFunded, schedulesEvery, withServers } from './processes';

/**
 * Play limits (issue 29, decisions 061 and 062) on two server processes sharing PostgreSQL: a limit
 * or a time-out set through one holds on the other at once, and deposits racing through both at
 * the edge of a limit never pass it together.
 */
const { DATABASE_URL: serverUrl, REDIS_URL: redisFromEnv } = readEnvironment();
const redisUrl = redisFromEnv ?? 'redis://127.0.0.1:6379';
const NONE = { day: null, week: null, month: null };

describe.runIf(serverUrl)('play limits on two server processes', () => {
  it(
    'hold on B as soon as A sets them, and QR codes racing through both never pass one',
    { timeout: 120_000 },
    async () => {
      const env = { REDIS_URL: redisUrl, ...schedulesEvery('0') };
      await withServers('wallet_limits_two', async ({ start }) => {
        const [{ call: a }, { call: b }] = await Promise.all([start(env), start(env)]);
        // Funded with 1 000 000 today (a deposit), with a JOKER account.
        const { token } = await registerFunded(a);
        const limits = (day: number) => ({
          deposit: { ...NONE, day },
          loss: NONE,
          realityCheckMinutes: null,
        });

        // 40 000 of room, set through A; two QR codes of 30 000 at once, one through each process.
        expect((await a('PUT', '/api/account/limits', limits(1_040_000), token)).status).toBe(200);
        expect((await b('GET', '/api/account/limits', undefined, token)).body.depositRemaining).toBe(40_000);
        const answers = await Promise.all([
          a('POST', '/api/qrcode/WW', { amount: 30_000 }, token, randomUUID()),
          b('POST', '/api/qrcode/FP', { amount: 30_000 }, token, randomUUID()),
        ]);
        expect(answers.map((answer) => answer.status).sort()).toEqual([200, 422]);
        expect(answers.find((answer) => answer.status === 422)!.body).toEqual({
          message: 'DEPOSIT_LIMIT',
          remaining: 10_000,
        });

        // Lowered through B: A refuses what is left at once.
        expect((await b('PUT', '/api/account/limits', limits(1_000_000), token)).status).toBe(200);
        expect(
          (await a('POST', '/api/qrcode/PAYONEX', { amount: 10_000 }, token, randomUUID())).body,
        ).toEqual({
          message: 'DEPOSIT_LIMIT',
          remaining: 0,
        });
        // A raise asked through A waits on B too: B's confirm finds nothing to confirm.
        expect((await a('PUT', '/api/account/limits', limits(9_000_000), token)).status).toBe(200);
        expect((await b('POST', '/api/account/limits/confirm', {}, token)).body).toEqual({
          message: 'LIMIT_NOT_CONFIRMABLE',
        });

        // A time-out through A: B refuses money toward play at once, and still pays out.
        expect((await a('POST', '/api/account/timeout', { days: 1 }, token)).status).toBe(200);
        const toGame = await b(
          'POST',
          '/api/wallet/transfer',
          { from: 'wallet', to: 'JOKER', amount: 1_000 },
          token,
          randomUUID(),
        );
        expect(toGame.body).toEqual({ message: 'TIMED_OUT' });
        expect((await b('GET', '/api/account/limits', undefined, token)).body.timeout).not.toBeNull();
        const out = await b('POST', '/api/wallet/withdraw', { amount: 10_000 }, token, randomUUID());
        expect([200, 202]).toContain(out.status);
      });
    },
  );
});
