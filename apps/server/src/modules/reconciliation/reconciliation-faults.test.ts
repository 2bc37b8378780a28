import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fundedWallet, holdToCashOut, openLedgerDatabase, QUIET_LOG } from '../../../test/money';
import type { DatabaseHandle } from '../../platform/db/database';
import { rowsOf } from '../../platform/db/rows';
import { createLedgerService, type LedgerService } from '../ledger/ledger.service';
import { createReconciler, type HoldKind } from './reconciler';

/**
 * After faults stop, holds settle in seconds (decision 037). Time is the database's: `elapse`
 * moves every hold of the test (its creation, its next check) into the past, and each timer tick
 * is one `runDue` after RECONCILE_INTERVAL_SECONDS of that clock. The figures are the defaults.
 */
const INTERVAL_MS = 5_000;
const TTL_MS = 120_000;
const TIMEOUT_MS = 10_000;
const SETTLES_AFTER_MS = TTL_MS + TIMEOUT_MS;
/** The production back-off (app.ts): one interval, two, four ..., at most 5 minutes. */
const retryDelayMs = (checks: number) => Math.min(INTERVAL_MS * 2 ** Math.min(checks, 10), 300_000);

let database: DatabaseHandle;
let ledger: LedgerService;
let nextMember = 970_000;

beforeAll(async () => ({ database, ledger } = await openLedgerDatabase()));
afterAll(async () => database.close());

/** One test's holds: a member of its own, so its clock and its kinds touch no other test's. */
async function scene(kinds: Record<string, number>) {
  const memberId = (nextMember += 1);
  const wallet = await fundedWallet(ledger, memberId, 1_000_000n);
  const keys: Record<string, string[]> = {};
  for (const [kind, count] of Object.entries(kinds)) {
    keys[kind] = [];
    for (let i = 0; i < count; i += 1) {
      const key = `f37:${memberId}:${kind}:${i}`;
      await holdToCashOut(ledger, key, memberId, wallet, kind);
      keys[kind].push(key);
    }
  }
  const all = Object.values(keys).flat();
  const mine = sql`idempotency_key like ${`f37:${memberId}:%`}`;
  return {
    keys,
    /** `ms` passes on the database's clock for this test's holds. */
    async elapse(ms: number) {
      await database.db.transaction(async (tx) => {
        // NOTE: the ledger's append-only trigger is set aside for this one statement of the test's own.
        await tx.execute(sql`set local session_replication_role = replica`);
        await tx.execute(
          sql`update ledger_transfers set created_at = created_at - ${ms} * interval '1 millisecond'
              where kind like 'hold:%' and ${mine}`,
        );
        await tx.execute(
          sql`update ledger_pending_holds set next_check_at = next_check_at - ${ms} * interval '1 millisecond',
                leased_until = leased_until - ${ms} * interval '1 millisecond'
              where ${mine}`,
        );
      });
    },
    /** The queue rows of this test's holds, with when each is next asked relative to its settle moment. */
    rows: () =>
      rowsOf<{ key: string; checks: number; age_ms: string; next_in_ms: string; system: string | null }>(
        database.db,
        sql`select p.idempotency_key as key, p.checks,
                   (extract(epoch from now() - h.created_at) * 1000)::bigint::text as age_ms,
                   (extract(epoch from p.next_check_at - now()) * 1000)::bigint::text as next_in_ms,
                   p.unanswered_system as system
            from ledger_pending_holds p join ledger_transfers h on h.id = p.transfer_id
            where p.${mine}`,
      ),
    pending: async () =>
      [...(await ledger.holdStates(all))].filter(([, state]) => state === 'pending').map(([key]) => key),
  };
}

/** A server process's reconciler, as app.ts makes it (a new one is a restart). */
const reconciler = (resolvers: Record<string, HoldKind>) =>
  createReconciler({
    ledger: createLedgerService(database.db),
    resolvers,
    leaseMs: 35_000,
    retryDelayMs,
    log: QUIET_LOG,
  });

const down = async (): Promise<never> => {
  throw new Error('connect ECONNREFUSED');
};

describe('after faults stop (decision 037)', () => {
  it('start-up passes do not grow the back-off: 60 restarts leave a hold as the timer left it', async () => {
    const { keys, rows } = await scene({ f37_storm: 1 });
    const resolvers = { f37_storm: { resolve: down } };
    for (let restart = 0; restart < 60; restart += 1) await reconciler(resolvers).runOnce();
    const [row] = await rows();
    expect(row!.key).toBe(keys.f37_storm![0]);
    expect(row!.checks).toBe(0);
    // Still asked at its first look, 10 s after it was made.
    expect(Number(row!.next_in_ms)).toBeLessThanOrEqual(10_000);
    // Yet every restart asked it, so a crash is still finished at once, and the hold waits on its system.
    expect(row!.system).toBe('f37_storm');
  });

  it('a hold checked many times is asked again by its settle moment: a reference never seen is voided within TTL + timeout + 30 s', async () => {
    const { keys, elapse, rows, pending } = await scene({ f37_expiry: 1 });
    const [key] = keys.f37_expiry!;
    // Its history: checked without a final answer many times (the longest back-off).
    await database.db.execute(
      sql`update ledger_pending_holds set checks = 20 where idempotency_key = ${key!}`,
    );
    const limits = { ttlMs: TTL_MS, callTimeoutMs: TIMEOUT_MS };
    let asked = 0;
    const resolvers: Record<string, HoldKind> = {
      f37_expiry: {
        // The outside system never saw the reference: it says so at every question.
        resolve: (hold) => ((asked += 1), ledger.settleByVerdict(hold, 'not_found', limits)),
        settlesAfterMs: SETTLES_AFTER_MS,
      },
    };
    let clock = 0;
    for (let tick = 0; (await pending()).length > 0; tick += 1) {
      expect(clock, 'the hold is still pending').toBeLessThanOrEqual(TTL_MS + TIMEOUT_MS + 30_000);
      await elapse(INTERVAL_MS);
      clock += INTERVAL_MS;
      // A restart now and then: each asks about the hold once more, without growing its back-off.
      await (tick % 7 === 3 ? reconciler(resolvers).runOnce() : reconciler(resolvers).runDue());
      const [row] = await rows();
      // Never scheduled past the moment it can be settled (plus the second that makes its age past it).
      if (row)
        expect(Number(row.age_ms) + Number(row.next_in_ms)).toBeLessThanOrEqual(SETTLES_AFTER_MS + 1_002);
    }
    expect(await ledger.holdState(key!)).toBe('voided');
    // Not before: the reference might still have arrived (the age also counts the test's own run time).
    expect(clock).toBeGreaterThanOrEqual(SETTLES_AFTER_MS);
    // A question at the first check, the restarts', and the last: not one per tick.
    expect(asked).toBeLessThan(clock / INTERVAL_MS / 2);
  });

  it('holds whose system answers again are settled within 10 s; a silent system gets one question a pass', async () => {
    const { keys, elapse, pending, rows } = await scene({ f37_payout: 6, f37_game_a: 3, f37_game_b: 2 });
    let payoutUp = false;
    const asked: Record<string, number> = {};
    const count = (system: string) => (asked[system] = (asked[system] ?? 0) + 1);
    const resolvers: Record<string, HoldKind> = {
      f37_payout: {
        resolve: async (hold) => {
          count('payout');
          if (!payoutUp) return down();
          await ledger.post(hold.key);
          return 'posted';
        },
        system: () => 'payout',
        settlesAfterMs: SETTLES_AFTER_MS,
      },
      // Two kinds of one system; it stays down all along.
      ...Object.fromEntries(
        ['f37_game_a', 'f37_game_b'].map((kind) => [
          kind,
          {
            resolve: () => (count('game'), down()),
            system: () => 'game provider X',
            settlesAfterMs: SETTLES_AFTER_MS,
          },
        ]),
      ),
    };
    // Ten minutes of faults: every system down, a restart every 20 s for the first five.
    let clock = 0;
    let askedBefore = 0;
    for (let tick = 0; clock < 600_000; tick += 1) {
      await elapse(INTERVAL_MS);
      clock += INTERVAL_MS;
      if (clock === 540_000) askedBefore = asked.payout ?? 0;
      const restart = clock <= 300_000 && tick % 4 === 0;
      await (restart ? reconciler(resolvers).runOnce() : reconciler(resolvers).runDue());
    }
    // In the last minute the down payout service got a trickle: about one question per pass, not

    // one per hold (12 passes, a due check of each hold at most).
    expect((asked.payout ?? 0) - askedBefore).toBeLessThanOrEqual(12 + 6);
    // Every hold waits on its silent system, deferred well past the next pass.
    const waiting = await rows();
    expect(waiting.every((row) => row.system !== null)).toBe(true);
    expect(waiting.filter((row) => Number(row.next_in_ms) > 60_000).length).toBeGreaterThan(0);

    // The payout service answers again: its holds are settled within 10 s of the database's clock,
    // whatever their back-off said.
    payoutUp = true;
    const recovered = clock;
    const payoutPending = async () => (await pending()).filter((key) => keys.f37_payout!.includes(key));
    while ((await payoutPending()).length > 0) {
      expect(clock - recovered, 'payout holds still pending').toBeLessThan(10_000);
      await elapse(INTERVAL_MS);
      clock += INTERVAL_MS;
      await reconciler(resolvers).runDue();
    }
    // One timer pass after the first answer.
    expect(clock - recovered).toBe(INTERVAL_MS);
    // The game provider, still down, was not woken by the payout service's answers.
    const left = await rows();
    expect(left.map((row) => row.key).sort()).toEqual([...keys.f37_game_a!, ...keys.f37_game_b!].sort());
    expect(left.filter((row) => Number(row.next_in_ms) <= 0)).toEqual([]);
  });

  it('a claim whose deferral the database refused is released at the next pass, not when its lease ends', async () => {
    const { rows, elapse } = await scene({ f37_outage: 1 });
    let refuse = true;
    const flaky: LedgerService = {
      ...ledger,
      deferHold: async (...args) => {
        if (refuse) throw new Error('Connection terminated unexpectedly');
        return ledger.deferHold(...args);
      },
    };
    const server = createReconciler({
      ledger: flaky,
      resolvers: { f37_outage: { resolve: down, settlesAfterMs: SETTLES_AFTER_MS } },
      leaseMs: 35_000,
      retryDelayMs,
      log: QUIET_LOG,
    });
    await elapse(10_000);
    await server.runDue();
    const leased = async () =>
      rowsOf<{ leased: boolean }>(
        database.db,
        sql`select coalesce(leased_until > now(), false) as leased from ledger_pending_holds
            where idempotency_key = ${(await rows())[0]!.key}`,
      );
    expect(await leased()).toEqual([{ leased: true }]);
    refuse = false;
    await server.runDue();
    expect(await leased()).toEqual([{ leased: false }]);
  });
});
