import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { readEnvironment } from '../src/config';
import { ledgerCheck, processEnv, registerFunded, staffOn, withServers } from './processes';

/**
 * The withdrawal desk on two server processes (issue 27): two staff members, each on a process of
 * their own, press approve (or one approves and the other rejects) on the same held withdrawals at
 * the same moment. Each withdrawal is decided once and paid at most once; the books stay sound.
 */
const { DATABASE_URL: serverUrl } = readEnvironment();

/** Races of this many held withdrawals; the figures are in the closing note of issue 27. */
const RACES = 12;

describe.runIf(serverUrl)('the withdrawal desk in two server processes', () => {
  it(
    'two staff pressing at once on two processes decide each withdrawal once',
    { timeout: 120_000 },
    async () => {
      await withServers('wallet_desk_two', async ({ start, url, database }) => {
        const env = { SANDBOX_PAYOUT_DELAY_SECONDS: '0' };
        const [{ call: a }, { call: b }] = await Promise.all([start(env), start(env)]);
        const [owner, financeA, financeB] = [
          await staffOn(a, url, 'owner'),
          await staffOn(a, url, 'finance'),
          await staffOn(b, url, 'finance'),
        ];
        const rules = {
          autoApproveMax: { BAHT: 0, LAK: 0 },
          dailyAutoCount: 3,
          reviewFirst: false,
          secondApprovalOver: { BAHT: 5_000_000, LAK: 5_000_000 },
        };
        expect((await a('PUT', '/api/console/settings/withdrawals', rules, owner)).status).toBe(200);

        const member = await registerFunded(a);
        const references: string[] = [];
        for (let i = 0; i < RACES; i += 1) {
          const held = await a(
            'POST',
            '/api/wallet/withdraw',
            { amount: 50_000 },
            member.token,
            randomUUID(),
          );
          expect(held.status, JSON.stringify(held.body)).toBe(202);
          references.push(held.body.reference as string);
        }

        const started = performance.now();
        const outcomes = await Promise.all(
          references.map(async (reference, i) => {
            const path = (action: string) =>
              `/api/console/withdrawals/${encodeURIComponent(reference)}/${action}`;
            // Every third race is an approval against a rejection; the others two approvals.
            const [one, two] = await Promise.all([
              a('POST', path('approve'), {}, financeA),
              i % 3 === 0
                ? b('POST', path('reject'), { reason: 'other' }, financeB)
                : b('POST', path('approve'), {}, financeB),
            ]);
            return [one, two];
          }),
        );
        const raceMs = performance.now() - started;

        let approved = 0;
        for (const [one, two] of outcomes) {
          const winners = [one!, two!].filter((answer) => answer.status === 200);
          expect(winners, JSON.stringify([one, two])).toHaveLength(1);
          const loser = [one!, two!].find((answer) => answer.status !== 200)!;
          expect(loser.body).toEqual({ message: 'WITHDRAWAL_DECIDED' });
          if (winners[0]!.body.status === 'approved') approved += 1;
        }

        // Paid once each, and only the approved ones: the sandbox payout service's own records.
        const paid = await database.query<{ reference: string }>(
          'select reference from sandbox_payouts where reference = any($1)',
          [references],
        );
        expect(paid.rows).toHaveLength(approved);
        // The reconcilers of both processes settle the approved ones; the rejected are back.
        const deadline = Date.now() + 30_000;
        let wallet = 0;
        while (Date.now() < deadline) {
          const pending = await database.query('select 1 from ledger_pending_holds');
          wallet = (await a('GET', '/api/wallet', undefined, member.token)).body.wallet as never;
          if (pending.rowCount === 0) break;
          await new Promise((resolve) => setTimeout(resolve, 200));
        }
        expect((wallet as unknown as { amount: number }).amount).toBe(1_000_000 - approved * 50_000);
        const check = await ledgerCheck(processEnv(url, 0));
        expect(check.exitCode, check.report).toBe(0);
        console.info(
          `withdrawal desk race: ${RACES} withdrawals, ${RACES * 2} presses on 2 processes in ${Math.round(raceMs)} ms; ` +
            `${approved} approved and paid once, ${RACES - approved} rejected; 0 paid twice`,
        );
      });
    },
  );
});
