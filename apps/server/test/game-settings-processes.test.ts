import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { WalletResponse } from '@wallet/contract/http/wallet';
import { readEnvironment } from '../src/config';
import { registerAndFund, staffOn, withServers } from './processes';

/**
 * Staff's game settings (decision 064) reach a second server process at once and without a restart:
 * each process keeps a copy and compares a version in Redis, which a change bumps before it answers.
 */
const { DATABASE_URL: serverUrl, REDIS_URL: redisFromEnv } = readEnvironment();
const redisUrl = redisFromEnv ?? 'redis://127.0.0.1:6379';

describe.runIf(serverUrl)('game settings on two server processes', () => {
  it(
    'a game switched off or moved on one is what members of the other get at once',
    { timeout: 120_000 },
    async () => {
      await withServers('wallet_games_two', async ({ start, url }) => {
        const [{ call: a }, { call: b }] = await Promise.all([
          start({ REDIS_URL: redisUrl }),
          start({ REDIS_URL: redisUrl }),
        ]);
        const owner = await staffOn(a, url, 'owner');
        const member = await registerAndFund(b);
        const codesOn = async (call: typeof a) =>
          ((await call('GET', '/api/wallet', undefined, member)).body as unknown as WalletResponse).games.map(
            (game) => game.code,
          );
        // b has read (and keeps) the settings before the change.
        const seeded = await codesOn(b);
        expect(seeded).toContain('PG');

        const change = {
          enabled: false,
          walletFactor: null,
          launch: { web: true, android: true, ios: true },
        };
        expect((await a('PUT', '/api/console/settings/games/PG', change, owner)).status).toBe(200);
        expect(await codesOn(b)).not.toContain('PG');
        const refused = await b(
          'POST',
          '/api/wallet/transfer',
          { from: 'wallet', to: 'PG', amount: 1_000 },
          member,
          randomUUID(),
        );
        expect([refused.status, refused.body]).toEqual([404, { message: 'NO_GAME' }]);

        const reversed = [...seeded].reverse();
        expect((await a('PUT', '/api/console/settings/games/order', { codes: reversed }, owner)).status).toBe(
          200,
        );
        expect(await codesOn(b)).toEqual(reversed.filter((code) => code !== 'PG'));

        // And back the other way: switched on at b, read at a.
        expect(
          (await b('PUT', '/api/console/settings/games/PG', { ...change, enabled: true }, owner)).status,
        ).toBe(200);
        expect(await codesOn(a)).toEqual(reversed);
      });
    },
  );
});
