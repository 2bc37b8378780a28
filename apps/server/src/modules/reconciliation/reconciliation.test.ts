import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ageHolds, fundedWallet, holdToCashOut, openLedgerDatabase, QUIET_LOG } from '../../../test/money';
import { readEnvironment } from '../../config';
import type { DatabaseHandle } from '../../platform/db/database';
import {
  createLedgerService,
  type ClaimedHold,
  type HoldState,
  type LedgerService,
} from '../ledger/ledger.service';
import { createReconciler, type HoldResolver } from './reconciler';

let database: DatabaseHandle;
let ledger: LedgerService;
let nextMember = 900_000;

beforeAll(async () => ({ database, ledger } = await openLedgerDatabase()));
afterAll(async () => database.close());

/** `count` holds of kind `kind` from a funded wallet of its own, each waiting for an outside answer. */
async function holds(count: number, kind = 'test_payout'): Promise<string[]> {
  const memberId = (nextMember += 1);
  const wallet = await fundedWallet(ledger, memberId, 1_000_000n);
  const keys: string[] = [];
  for (let i = 0; i < count; i += 1) {
    const key = `test:${memberId}:${i}`;
    await holdToCashOut(ledger, key, memberId, wallet, kind);
    keys.push(key);
  }
  return keys;
}

function reconcilerWith(resolve: HoldResolver, options: { parallel?: number; leaseMs?: number } = {}) {
  return createReconciler({
    ledger: createLedgerService(database.db),
    resolvers: { test_payout: resolve, test_hung: resolve },
    leaseMs: options.leaseMs ?? 60_000,
    parallel: options.parallel,
    retryDelayMs: (checks) => 60_000 * (checks + 1),
    log: QUIET_LOG,
  });
}

const stillPending = async (keys: string[]) =>
  [...(await ledger.holdStates(keys))].filter(([, state]) => state === 'pending').map(([key]) => key);

describe('the reconciler', () => {
  it(
    'two reconcilers on one database ask about each hold once between them, and settle each once',
    { tags: ['embedded'] },
    async () => {
      const keys = await holds(40);
      const asked: string[] = [];
      const postEach: HoldResolver = async (hold) => {
        asked.push(hold.key);
        await ledger.post(hold.key);
        return 'posted';
      };
      const [first, second] = await Promise.all([
        reconcilerWith(postEach).runOnce(),
        reconcilerWith(postEach).runOnce(),
      ]);
      const mine = asked.filter((key) => keys.includes(key));
      expect(mine.sort()).toEqual([...keys].sort());
      expect(first.posted + second.posted).toBeGreaterThanOrEqual(keys.length);
      expect(await stillPending(keys)).toEqual([]);
    },
  );

  it('asks again only when a hold is due: a pending answer waits out its back-off', async () => {
    const [key] = await holds(1);
    let asked = 0;
    const unknown: HoldResolver = async (hold) => {
      if (hold.key === key) asked += 1;
      return 'pending';
    };
    const reconciler = reconcilerWith(unknown);
    await reconciler.runOnce();
    expect(asked).toBe(1);
    // Deferred a minute on the database's clock: the timer's passes leave it alone.
    await reconciler.runDue();
    await reconciler.runDue();
    expect(asked).toBe(1);
    // A start-up pass asks about everything; only the timer's checks grow the back-off (decision 037).
    let checks = -1;
    await reconcilerWith(async (hold) => {
      if (hold.key === key) checks = hold.checks;
      return 'pending';
    }).runOnce();
    expect(checks).toBe(0);
  });

  it('never takes a hold another process has claimed, until that claim has run out', async () => {
    const [key] = await holds(1);
    const claimer = createLedgerService(database.db);
    let claimed: ClaimedHold | null = null;
    for (let after = 0; claimed?.key !== key; after = claimed!.id) {
      claimed = await claimer.claimHold({ afterId: after, all: true, leaseMs: 60_000 });
      expect(claimed, 'the hold should be claimable').not.toBeNull();
    }
    // That process dies here, its claim still running.
    const asked: string[] = [];
    const record: HoldResolver = async (hold) => {
      asked.push(hold.key);
      return 'pending';
    };
    await reconcilerWith(record).runOnce();
    expect(asked).not.toContain(key);

    // Time passes on the database's clock until the claim has run out ...
    await database.db.execute(
      sql`update ledger_pending_holds set leased_until = now() - interval '1 second', next_check_at = now()
          where idempotency_key = ${key!}`,
    );
    // ... and the next pass takes the hold; the dead claim, coming back late, changes nothing.
    await ledger.deferHold(claimed!, { delayMs: 3_600_000, checks: 1, unansweredSystem: null });
    await reconcilerWith(record).runDue();
    expect(asked).toContain(key);
  });

  it('a hung outside system holds up only its own calls, at most `parallel` at a time', async () => {
    const hung = await holds(3, 'test_hung');
    const quick = await holds(12);
    let release: () => void = () => {};
    const hanging = new Promise<void>((resolve) => (release = resolve));
    let running = 0;
    let most = 0;
    const resolver: HoldResolver = async (hold): Promise<HoldState> => {
      running += 1;
      most = Math.max(most, running);
      try {
        if (hold.kind === 'test_hung') {
          await hanging;
          return 'pending';
        }
        await ledger.post(hold.key);
        return 'posted';
      } finally {
        running -= 1;
      }
    };
    const pass = reconcilerWith(resolver, { parallel: 4 }).runOnce();
    // Every quick hold is settled while the three hung calls are still waiting.
    for (let turn = 0; (await stillPending(quick)).length > 0; turn += 1) {
      expect(turn, 'quick holds waited behind the hung ones').toBeLessThan(500);
      await new Promise((resolve) => setImmediate(resolve));
    }
    expect(await stillPending(hung)).toEqual(hung);
    release();
    await pass;
    expect(most).toBeLessThanOrEqual(4);
    expect(most).toBeGreaterThan(1);
  });

  // NOTE: only with a PostgreSQL server: the embedded database runs in this process, on its clock.
  it.runIf(readEnvironment().DATABASE_URL)(
    'decides expiry by the hold’s age on the database’s clock, whatever the process’s clock says',
    async () => {
      const [young, old] = await holds(2);
      const limits = { ttlMs: 2_000, callTimeoutMs: 1_000 };
      const neverSeen: HoldResolver = (hold) => ledger.settleByVerdict(hold, 'not_found', limits);
      // This process's clock is a day fast: by it, every reference has long expired.
      vi.useFakeTimers({ toFake: ['Date'] });
      vi.setSystemTime(Date.now() + 86_400_000);
      try {
        await reconcilerWith(neverSeen).runOnce();
        expect(await ledger.holdState(young!)).toBe('pending');
        await ageHolds(database.db, Number(young!.split(':')[1]), 3_100);
        await reconcilerWith(neverSeen).runOnce();
        expect(await ledger.holdStates([young!, old!])).toEqual(
          new Map([
            [young!, 'voided'],
            [old!, 'voided'],
          ]),
        );
      } finally {
        vi.useRealTimers();
      }
    },
  );
});
