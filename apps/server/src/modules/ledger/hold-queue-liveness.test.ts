import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fundedWallet } from '../../../test/money';
import { openTestDatabase } from '../../../test/test-app';
import { readEnvironment } from '../../config';
import type { DatabaseHandle } from '../../platform/db/database';
import { startLiveness, type ProcessLiveness } from '../../platform/db/liveness';
import { accountKey, createLedgerService } from './ledger.service';

/**
 * A claim of a process that is gone is free at once (decision 041): the reconciler of a process
 * killed during a pass must not hold up the holds it had claimed until their lease runs out
 * (35 s with the defaults), as the chaos soak saw. PostgreSQL only: the embedded database serves
 * one process.
 */
const quiet = { warn: () => undefined };

async function until<T>(look: () => Promise<T | null> | T | null, what: string): Promise<T> {
  for (let i = 0; i < 200; i += 1) {
    const seen = await look();
    if (seen !== null) return seen;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`never: ${what}`);
}

describe.runIf(readEnvironment().DATABASE_URL)('claims of a process that is gone', () => {
  let database: DatabaseHandle;
  const livenesses: ProcessLiveness[] = [];
  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(async () => {
    await Promise.all(livenesses.map((liveness) => liveness.close()));
    await database.close();
  });

  const process = async () => {
    const liveness = startLiveness(database.url!, quiet);
    livenesses.push(liveness);
    await until(() => liveness.key(), 'the liveness lock is held');
    return { liveness, ledger: createLedgerService(database.db, { liveness }) };
  };

  it('stay with a live process for their lease, and are free as soon as it is gone', async () => {
    const [a, b] = [await process(), await process()];
    await a.ledger.openOperatorAccounts('BAHT');
    const wallet = await fundedWallet(a.ledger, 41_001, 5_000n);
    await a.ledger.openAccount(accountKey.game(41_001, 'JOKER'), 'BAHT');
    await a.ledger.hold({
      idempotencyKey: 'liveness-hold',
      debit: wallet,
      destination: accountKey.game(41_001, 'JOKER'),
      amount: 1_000n,
      kind: 'game-deposit',
      currency: 'BAHT',
    });
    const claim = { afterId: 0, all: true, leaseMs: 60_000 };
    expect((await a.ledger.claimHold(claim))?.key).toBe('liveness-hold');
    // A lives: its minute-long lease holds B off.
    expect(await b.ledger.claimHold(claim)).toBeNull();

    // A dies (its connection, and the lock with it, gone): B takes the hold long before the minute.
    await a.liveness.close();
    const taken = await until(() => b.ledger.claimHold(claim), 'B takes over the hold');
    expect(taken.key).toBe('liveness-hold');
    // B's own claim is B's: a third process waits for it.
    const c = await process();
    expect(await c.ledger.claimHold(claim)).toBeNull();
  });
});
