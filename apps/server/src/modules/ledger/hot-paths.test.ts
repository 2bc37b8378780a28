import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fundedWallet } from '../../../test/money';
import { openTestDatabase } from '../../../test/test-app';
import { readEnvironment } from '../../config';
import { rowsOf } from '../../platform/db/rows';
import type { DatabaseHandle } from '../../platform/db/database';
import { accountKey, createLedgerService, type LedgerService } from './ledger.service';

/**
 * The look-ups of every wallet refresh and transfer read a few rows, however long the history:
 * measured by the rows PostgreSQL itself reports reading (pg_stat_user_tables) around each call,
 * with a history of HISTORY movements on the member's accounts. Needs a PostgreSQL server.
 */
const HISTORY = 1_500;
const MEMBER = 4242;
/** Holds of other members pending meanwhile, each on an account of its own. */
const PENDING = 400;

let database: DatabaseHandle;
let ledger: LedgerService;

/** Rows of the ledger's tables read by the one connection of this test, so far. */
async function rowsRead(): Promise<number> {
  // NOTE: a backend reports its counts when it is idle or asked to: ask, on the same connection.
  await database.db.execute(sql`select pg_stat_force_next_flush()`);
  const [row] = await rowsOf<{ read: string }>(
    database.db,
    sql`select sum(coalesce(seq_tup_read, 0) + coalesce(idx_tup_fetch, 0))::text as read
        from pg_stat_user_tables
        where relname in ('ledger_transfers', 'ledger_entries', 'ledger_pending_holds', 'ledger_accounts')`,
  );
  return Number(row!.read);
}

/** Runs `call`, checks it read fewer than 20 rows of the ledger, and answers what it answered. */
async function fewReads<T>(what: string, call: () => Promise<T>): Promise<T> {
  const before = await rowsRead();
  const answer = await call();
  expect((await rowsRead()) - before, `rows ${what} read`).toBeLessThan(20);
  return answer;
}

describe.runIf(readEnvironment().DATABASE_URL)('hot paths on a long history', () => {
  beforeAll(async () => {
    // One connection, so the statistics read are those of the calls under test.
    database = await openTestDatabase(1);
    ledger = createLedgerService(database.db);
    await ledger.openOperatorAccounts('BAHT');
    const wallet = accountKey.wallet(MEMBER);
    const game = accountKey.game(MEMBER, 'JOKER');
    await ledger.openAccount(wallet, 'BAHT');
    await ledger.openAccount(game, 'BAHT');
    const clearing = accountKey.operator('provider_clearing', 'BAHT');
    for (let round = 0; round < HISTORY; round += 1) {
      await ledger.transfer({
        idempotencyKey: `play:${MEMBER}:JOKER:${round}`,
        debit: clearing,
        credit: game,
        amount: 1n,
        kind: 'play',
        metadata: { memberId: MEMBER, game: 'JOKER', fromRound: round, toRound: round + 1 },
      });
    }
    // Holds of other members pending at the same time.
    for (let other = 1; other <= PENDING; other += 1) {
      const otherWallet = await fundedWallet(ledger, other, 100n);
      await ledger.hold({
        idempotencyKey: `hold:${other}`,
        debit: otherWallet,
        destination: accountKey.game(other, 'JOKER'),
        amount: 100n,
        kind: 'game_deposit',
        currency: 'BAHT',
        metadata: { memberId: other, game: 'JOKER' },
      });
    }
    await database.db.execute(sql`analyze`);
  }, 120_000);
  afterAll(async () => database?.close());

  it('the last booked round, the last movement and money in flight read a handful of rows', async () => {
    const game = accountKey.game(MEMBER, 'JOKER');
    expect(await fewReads('lastBookedRound', () => ledger.lastBookedRound(MEMBER, 'JOKER'))).toBe(HISTORY);
    const [state] = await fewReads('accountStates', () => ledger.accountStates([game]));
    expect(state!.balance).toBe(BigInt(HISTORY));
    expect(await fewReads('hasPendingHold', () => ledger.hasPendingHold(game))).toBe(false);
    expect(await ledger.hasPendingHold(accountKey.game(7, 'JOKER'))).toBe(true);
    expect(await ledger.hasPendingHold(accountKey.wallet(7))).toBe(true);
    const keys = await fewReads('memberAccountKeys', () => ledger.memberAccountKeys(MEMBER));
    expect(keys.sort()).toEqual([game, accountKey.wallet(MEMBER)].sort());
  });
});
