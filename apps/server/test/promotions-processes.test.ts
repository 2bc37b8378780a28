import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { readEnvironment } from '../src/config';
import { ledgerCheck, processEnv, registerAndFund, withServers } from './processes';

/**
 * Two server processes on one PostgreSQL database, both running the bonus schedule every second
 * (the reconciler's sweep). Members meet their turnover with a big win over the cap; neither
 * process is asked, so the schedules find the grants due and complete them. Each grant must be
 * completed once, its cap taken once, its turnover counted once, and `ledger:check` must pass.
 */
const serverUrl = readEnvironment().DATABASE_URL;
const MEMBERS = 6;

describe.runIf(serverUrl)('the bonus schedule in two server processes', () => {
  it('completes each grant once, taking its cap once', { timeout: 180_000 }, async () => {
    await withServers('wallet_bonus_two', async ({ start, database, url }) => {
      const { call } = await start();
      await start();
      // 100% up to 100 baht, turnover 1 x, withdraw cap 1 x (deposit + bonus).
      await database.query(
        `insert into promotion_offers (code, channel, names, notices, type, max_received, reward,
           minimum_deposit, turnover_multiple, contributions, withdraw_cap_multiple, floor,
           percent_fail, grant_days)
         values ('T_TWO', 'bonus', '{"th":"T","lo":"T","en":"T"}', '{"th":"","lo":"","en":""}',
           'limit', 1, '{"kind":"percent","percent":100,"max":{"BAHT":10000,"LAK":10000}}',
           '{"BAHT":100,"LAK":100}', 1, '[{"category":"slot","percent":100}]', 1, '{"BAHT":500,"LAK":500}',
           100, 7)`,
      );
      // Each: 10,000 baht deposited, 100 baht bonus; all of it to JOKER, then two rounds that
      // stake 12,000 and pay 24,000: turnover met, 22,100 held against a cap of 10,100.
      await Promise.all(
        Array.from({ length: MEMBERS }, async () => {
          const token = await registerAndFund(call);
          const claimed = await call('GET', '/api/bonus/activate/T_TWO', undefined, token);
          expect(claimed.status, JSON.stringify(claimed.body)).toBe(200);
          const moved = await call(
            'POST',
            '/api/wallet/transfer',
            { from: 'wallet', to: 'JOKER', amount: 1_010_000 },
            token,
            randomUUID(),
          );
          expect(moved.status).toBe(200);
          const played = await call(
            'POST',
            '/api/sandbox/provider/JOKER/rounds',
            { count: 2, bet: 600_000, win: 1_200_000 },
            token,
            randomUUID(),
          );
          expect(played.status).toBe(200);
        }),
      );
      // Their time comes now (a grant seen before the rounds waits its interval otherwise).
      await database.query(`update promotion_grants set next_check_at = now()`);
      const started = performance.now();
      for (;;) {
        const { rows } = await database.query<{ n: number }>(
          `select count(*)::int as n from promotion_grants where state = 'active'`,
        );
        if (rows[0]!.n === 0) break;
        expect(performance.now() - started, 'grants were not completed').toBeLessThan(60_000);
        await sleep(250);
      }

      // Each member keeps exactly the cap: 10,100 baht of the 22,100 held.
      const grants = await database.query<{ state: string; closed: string; turnover: string; held: string }>(
        `select g.state, g.closed_amount::text as closed,
                (select sum(turnover)::text from promotion_grant_turnover where grant_id = g.id) as turnover,
                (select sum(balance)::text from ledger_accounts
                  where key = 'wallet:' || g.member_id or key like 'game:' || g.member_id || ':%') as held
         from promotion_grants g`,
      );
      expect(grants.rows).toHaveLength(MEMBERS);
      expect(grants.rows.map((row) => ({ ...row }))).toEqual(
        Array.from({ length: MEMBERS }, () => ({
          state: 'completed',
          closed: '1200000',
          turnover: '1200000',
          held: '1010000',
        })),
      );
      const check = await ledgerCheck(processEnv(url, 0));
      expect(check.exitCode, check.report).toBe(0);
    });
  });
});
