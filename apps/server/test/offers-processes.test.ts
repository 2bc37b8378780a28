import { describe, expect, it } from 'vitest';
import { readEnvironment } from '../src/config';
import { registerFunded, staffOn, withServers } from './processes';

/**
 * Offers edited by staff on one server process reach members on another at once (issue 28 section
 * 1, decision 057): offers are read from PostgreSQL on every call, never kept per process, so there
 * is nothing to tell the other processes.
 */
const { DATABASE_URL: serverUrl, REDIS_URL: redisFromEnv } = readEnvironment();
const redisUrl = redisFromEnv ?? 'redis://127.0.0.1:6379';

describe.runIf(serverUrl)('an offer changed on one process, on two server processes', () => {
  it('is offered, paused and resumed on the other at once', { timeout: 120_000 }, async () => {
    await withServers('wallet_offers_two', async ({ start, url }) => {
      const [{ call: a }, { call: b }] = await Promise.all([
        start({ REDIS_URL: redisUrl }),
        start({ REDIS_URL: redisUrl }),
      ]);
      const marketing = await staffOn(a, url, 'marketing');
      const { token } = await registerFunded(b);
      const codes = async () =>
        ((await b('GET', '/api/bonus', undefined, token)).body.bonuses as { code: string }[]).map(
          (one) => one.code,
        );

      const created = await a(
        'POST',
        '/api/console/offers',
        {
          code: 'TWOPROC',
          type: 'day',
          maxReceived: 1,
          bonusPercent: 10,
          maxBonus: { BAHT: 50_000, LAK: 30_000_000 },
          turnoverMultiple: 1,
          percentFail: 100,
          active: true,
        },
        marketing,
      );
      expect(created.status, JSON.stringify(created.body)).toBe(200);
      expect(await codes()).toContain('TWOPROC');

      expect((await a('PUT', '/api/console/offers/TWOPROC', { active: false }, marketing)).status).toBe(200);
      expect(await codes()).not.toContain('TWOPROC');
      expect((await b('GET', '/api/bonus/activate/TWOPROC', undefined, token)).body).toEqual({
        message: 'BONUS_UNAVAILABLE',
      });

      expect((await a('PUT', '/api/console/offers/TWOPROC', { active: true }, marketing)).status).toBe(200);
      const claimed = await b('GET', '/api/bonus/activate/TWOPROC', undefined, token);
      expect(claimed.status, JSON.stringify(claimed.body)).toBe(200);
      // registerFunded credits 10,000.00: 10% up to 500.00.
      expect(claimed.body.credited).toBe(50_000);
    });
  });
});
