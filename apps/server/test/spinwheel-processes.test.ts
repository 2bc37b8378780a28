import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { readEnvironment } from '../src/config';
import { ledgerCheck, processEnv, registerFunded, withServers } from './processes';

/**
 * Two server processes on one PostgreSQL database, started at the same moment on an empty database
 * (both seed the wheel; one wins). Members with 10 coins each spin 24 times, half on each process,
 * all at once: each gets exactly 10 draws and 0 coins. Then every coupon is claimed on both
 * processes at once: each pays once, and `ledger:check` passes.
 */
const serverUrl = readEnvironment().DATABASE_URL;
const MEMBERS = 3;

describe.runIf(serverUrl)('the spin wheel in two server processes', () => {
  it('spends each coin once and pays each coupon once across processes', { timeout: 180_000 }, async () => {
    await withServers('wallet_spin_two', async ({ start, database, url }) => {
      const [{ call: a }, { call: b }] = await Promise.all([start(), start()]);
      const wheels = await database.query<{ n: number }>(`select count(*)::int as n from spin_wheels`);
      expect(wheels.rows[0]!.n).toBe(1);
      // 1 coin per 1,000 baht, no daily coin; cash prizes only, so claims move money.
      const settings = await a('POST', '/api/sandbox/settings/spinwheel', {
        coinRules: { deposit: { per: { BAHT: '100000' }, coins: 1 }, daily: 0 },
        weights: { CASH20: 5, CASH50: 5, COIN1: 0, COIN3: 0, NONE: 1, BONUS100: 0, CASH200: 0, CASH1000: 0 },
      });
      expect(settings.status).toBe(200);
      // Each member: a 10,000-baht deposit, 10 coins.
      const members = await Promise.all(Array.from({ length: MEMBERS }, () => registerFunded(a)));
      for (const member of members) {
        const setup = await b('GET', '/api/spinwheel/setup', undefined, member.token);
        expect(setup.body.userCoin).toBe(10);
      }
      // Each member's 24 spins, all members at once.
      const spinsOf = await Promise.all(
        members.map((member) =>
          Promise.all(
            Array.from({ length: 24 }, (_, i) =>
              (i % 2 ? a : b)('POST', '/api/spinwheel/spin', {}, member.token, randomUUID()),
            ),
          ),
        ),
      );
      const spins = spinsOf.flat();
      expect(spins.filter((spin) => spin.status === 200)).toHaveLength(MEMBERS * 10);
      expect(new Set(spins.filter((spin) => spin.status !== 200).map((spin) => spin.body.error))).toEqual(
        new Set(['NO_COIN']),
      );
      for (const [index, member] of members.entries()) {
        const [setup, list] = await Promise.all([
          a('GET', '/api/spinwheel/setup', undefined, member.token),
          b('GET', '/api/spinwheel/coupon?page=1&limit=50', undefined, member.token),
        ]);
        expect(setup.body.userCoin).toBe(0);
        const coupons = list.body.coupons as { _id: string; status: string }[];
        // Ten draws; a "try again" one is no coupon and is not listed (issue 31).
        const prizes = spinsOf[index]!.filter((spin) => spin.status === 200 && spin.body.coupon !== null);
        expect(coupons).toHaveLength(prizes.length);
        const claimable = coupons.filter((coupon) => coupon.status === 'claimable');
        const claims = await Promise.all(
          claimable.flatMap((coupon) =>
            [a, b].map((call) =>
              call('POST', '/api/spinwheel/coupon/claim', { coupon: coupon._id }, member.token),
            ),
          ),
        );
        expect(claims.filter((claim) => claim.status === 200)).toHaveLength(claimable.length);
      }
      const check = await ledgerCheck(processEnv(url, 0));
      expect(check.exitCode, check.report).toBe(0);
    });
  });
});
