import { describe, expect, it } from 'vitest';
import { readEnvironment } from '../src/config';
import { staffOn, withServers } from './processes';

/**
 * Site settings changed in the console (decision 059) reach a second server process without a
 * restart: every process reads them from the database at each request (the service's on/off flag
 * after SERVICE_STATE_CACHE_SECONDS, 0 here).
 */
const { DATABASE_URL: serverUrl, REDIS_URL: redisFromEnv } = readEnvironment();
const redisUrl = redisFromEnv ?? 'redis://127.0.0.1:6379';

describe.runIf(serverUrl)('site settings on two server processes', () => {
  it('a change made on one is what members of the other read at once', { timeout: 120_000 }, async () => {
    const env = { REDIS_URL: redisUrl, SERVICE_STATE_CACHE_SECONDS: '0' };
    await withServers('wallet_settings_two', async ({ start, url }) => {
      const [{ call: a }, { call: b }] = await Promise.all([start(env), start(env)]);
      const owner = await staffOn(a, url, 'owner');
      expect((await b('GET', '/api/lookup/registerOTP')).body).toEqual({ registerOTP: true });

      expect(
        (await a('PUT', '/api/console/settings/site/registerOTP', { value: { enabled: false } }, owner))
          .status,
      ).toBe(200);
      expect((await b('GET', '/api/lookup/registerOTP')).body).toEqual({ registerOTP: false });

      // Each currency's limits (decision 067).
      const withdraw = {
        BAHT: { withdrawMin: 20_000, withdrawMax: 9_000_000 },
        LAK: { withdrawMin: 6_000_000, withdrawMax: 2_000_000_000 },
      };
      expect((await a('PUT', '/api/console/settings/site/withdraw', { value: withdraw }, owner)).status).toBe(
        200,
      );
      expect((await b('GET', '/api/lookup/withdraw')).body).toMatchObject(withdraw);

      expect(
        (await a('PUT', '/api/console/settings/site/active', { value: { terminated: true } }, owner)).status,
      ).toBe(200);
      expect((await b('GET', '/api/lookup/active')).body).toEqual({ terminated: true });
      expect((await b('GET', '/api/lookup/conditions')).status).toBe(410);
      expect(
        (await b('PUT', '/api/console/settings/site/active', { value: { terminated: false } }, owner)).status,
      ).toBe(200);
      expect((await a('GET', '/api/lookup/active')).body).toEqual({ terminated: false });
    });
  });
});
