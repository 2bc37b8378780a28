import { once } from 'node:events';
import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { inviteCodeOf } from '@wallet/contract/rules';
import { readEnvironment } from '../src/config';
import { graced, lastClosedPeriod } from '../src/modules/promotions/rewards/reward-periods';
import { ledgerCheck, processEnv, registerFunded, schedulesEvery, withServers } from './processes';
import { letters } from './rewards';

/**
 * Two server processes on one PostgreSQL database, both running the rewards schedule every second.
 * Members lost at a slot yesterday; each has an inviter, and the invite bonus pays on the loss of
 * a day. Neither process is asked: both schedules open yesterday's periods and work through the
 * members at once. Each member gets one refund of 5% of the loss, each inviter one commission of
 * 10%, and `ledger:check` passes.
 */
const serverUrl = readEnvironment().DATABASE_URL;
const MEMBERS = 6;

describe.runIf(serverUrl)('the rewards schedule in two server processes', () => {
  it(
    'closes a period once: one refund per member, one commission per invitee',
    { timeout: 180_000 },
    async () => {
      await withServers('wallet_rewards_two', async ({ start, database, url }) => {
        // The first process seeds the programs; the members play before any schedule runs.
        const first = await start(schedulesEvery('0'));
        await database.query(
          `update reward_programs set settings = settings || '{"rule":"loss","percent":10,"dailyCap":{"BAHT":0,"LAK":0},"categories":["slot"]}'
         where name = 'invite'`,
        );
        await database.query(
          `update reward_programs set settings = settings || '{"period":"day","closeHour":0,"percent":5,"cap":{"BAHT":0,"LAK":0},"minimum":{"BAHT":0,"LAK":0},"categories":["slot"]}'
         where name = 'refund'`,
        );
        const { call } = first;
        const yesterday = lastClosedPeriod('day', 0, graced(new Date()));
        const playedAt = new Date(yesterday.start.getTime() + 3_600_000).toISOString();
        // Each: 10,000 baht at JOKER, 20 rounds of 100 baht lost yesterday: a loss of 2,000 baht.
        await Promise.all(
          Array.from({ length: MEMBERS }, async () => {
            const inviter = await registerFunded(call, { bankAccountName: `INVITER ${letters()}` });
            const member = await registerFunded(call, {
              inviteCode: inviteCodeOf(inviter.id),
              bankAccountName: `PLAYER ${letters()}`,
            });
            const moved = await call(
              'POST',
              '/api/wallet/transfer',
              { from: 'wallet', to: 'JOKER', amount: 1_000_000 },
              member.token,
              randomUUID(),
            );
            expect(moved.status).toBe(200);
            const played = await call(
              'POST',
              '/api/sandbox/provider/JOKER/rounds',
              { count: 20, bet: 10_000, win: 0, playedAt },
              member.token,
              randomUUID(),
            );
            expect(played.status, JSON.stringify(played.body)).toBe(200);
          }),
        );
        // Now both schedules, every second.
        await start(schedulesEvery('1'));
        first.process.kill('SIGTERM');
        await once(first.process, 'exit');
        await start(schedulesEvery('1'), first.port);

        const started = performance.now();
        for (;;) {
          const { rows } = await database.query<{ pending: number; listed: number }>(
            `select (select count(*)::int from period_closing_members where not done) as pending,
                  (select count(*)::int from period_closings where listed) as listed`,
          );
          // Yesterday's periods of both programs, and the week before (a new site catches up).
          if (rows[0]!.listed >= 2 && rows[0]!.pending === 0) break;
          expect(performance.now() - started, 'periods were not closed').toBeLessThan(60_000);
          await sleep(250);
        }
        const refunds = await database.query<{ amount: string; loss: string }>(
          `select amount::text, loss::text from refunds order by member_id`,
        );
        expect(refunds.rows).toEqual(
          Array.from({ length: MEMBERS }, () => ({ amount: '10000', loss: '200000' })),
        );
        const commissions = await database.query<{ amount: string; kind: string }>(
          `select amount::text, kind from invite_commissions`,
        );
        expect(commissions.rows).toEqual(
          Array.from({ length: MEMBERS }, () => ({ amount: '20000', kind: 'loss' })),
        );
        const work = await database.query<{ n: number }>(
          `select count(*)::int as n from period_closing_members where done`,
        );
        // Every member with a game account, in each program: inviters have none but JOKER's too.
        expect(work.rows[0]!.n).toBeGreaterThanOrEqual(MEMBERS * 2);
        const check = await ledgerCheck(processEnv(url, 0, '0'));
        expect(check.exitCode, check.report).toBe(0);
      });
    },
  );
});
