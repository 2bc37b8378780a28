// @module-tag embedded
// (also run on the embedded PostgreSQL by npm run test:embedded: docs/decisions/040)
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import {
  ageHolds,
  appForFile,
  booksAreSound,
  credit,
  fundedMember,
  HANG_MS,
  moneyCall,
  PAST_EXPIRY_MS,
  resultOf,
  setFault,
  walletOf,
} from '../../../test/money';
import { readEnvironment } from '../../config';
import { rowsOf } from '../../platform/db/rows';
import { openRedis } from '../../platform/redis';

/**
 * The transfer path at its database floor (decision 030): the Idempotency-Key's claim travels in
 * the hold's statement and its answer in the post's, so a transfer between the wallet and a game
 * commits twice; and every boundary a crash can fall on is answered as before.
 */

/** Every statement node-postgres sends in this test process (the PostgreSQL run only). */
const sent: string[] = [];
/** Those of them sent as named (prepared) statements. */
const named = new Set<string>();
const query = pg.Client.prototype.query as (...args: unknown[]) => unknown;
pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
  const first = args[0] as string | { text?: string; name?: string } | undefined;
  sent.push(typeof first === 'string' ? first : (first?.text ?? ''));
  if (typeof first === 'object' && first?.name) named.add(first.text ?? '');
  return query.apply(this, args);
} as typeof pg.Client.prototype.query;

const onServer = Boolean(readEnvironment().DATABASE_URL);
// On PostgreSQL, with Redis as a server has it, so sessions are kept in memory (decision 031).
const test = appForFile(undefined, {
  redis: onServer ? openRedis(readEnvironment().REDIS_URL ?? 'redis://127.0.0.1:6379') : null,
});

/** The transaction id that wrote a row's current version. */
async function writer(table: 'idempotent_requests' | 'ledger_transfers', where: ReturnType<typeof sql>) {
  const [row] = await rowsOf<{ xmin: string }>(
    test.database.db,
    sql`select xmin::text as xmin from ${sql.raw(table)} where ${where}`,
  );
  return row?.xmin ?? null;
}

const claimWriter = (memberId: number, key: string) =>
  writer('idempotent_requests', sql`member_id = ${memberId} and key = ${key}`);
const transferWriter = (ledgerKey: string) => writer('ledger_transfers', sql`idempotency_key = ${ledgerKey}`);

describe('a transfer commits twice', () => {
  it('the claim is written by the hold’s transaction and the answer by the post’s', async () => {
    const member = await fundedMember(test.app);
    // Held and left pending (the provider never answers): the claim and the hold are one commit.
    const pendingKey = randomUUID();
    await setFault(test.app, 'JOKER', 'timeout', HANG_MS);
    const pending = await moneyCall(
      test.app,
      member.token,
      '/api/wallet/transfer',
      { from: 'wallet', to: 'JOKER', amount: 1_000 },
      pendingKey,
    );
    await setFault(test.app, 'JOKER', 'none');
    expect(pending.statusCode, pending.body).toBe(202);
    const held = await transferWriter(`m${member.id}:${pendingKey}`);
    expect(held).not.toBeNull();
    expect(await claimWriter(member.id, pendingKey)).toBe(held);

    // Posted: the answer is written by the post's transaction.
    const key = randomUUID();
    const done = await moneyCall(
      test.app,
      member.token,
      '/api/wallet/transfer',
      { from: 'wallet', to: 'JOKER', amount: 2_000 },
      key,
    );
    expect(done.statusCode, done.body).toBe(200);
    const posted = await transferWriter(`m${member.id}:${key}:settle`);
    expect(posted).not.toBeNull();
    expect(await claimWriter(member.id, key)).toBe(posted);
    expect(await transferWriter(`m${member.id}:${key}`)).not.toBe(posted);
    await booksAreSound(test.database.db);
  });

  it.runIf(onServer)(
    'sends two statements of ours per transfer, each its own commit (PostgreSQL)',
    async () => {
      const member = await fundedMember(test.app);
      const bodies = [
        { from: 'wallet', to: 'JOKER', amount: 1_000 },
        { from: 'JOKER', to: 'wallet', amount: 500 },
      ];
      // Warm: the member's currency, game login and in-flight accounts are known to this process.
      for (const body of bodies) await moneyCall(test.app, member.token, '/api/wallet/transfer', body);
      for (const body of [
        { from: 'wallet', to: 'JOKER', amount: 1_000 },
        { from: 'JOKER', to: 'wallet', amount: 500 },
      ]) {
        sent.length = 0;
        const answer = await moneyCall(test.app, member.token, '/api/wallet/transfer', body);
        expect(answer.statusCode, answer.body).toBe(200);
        // The sandbox provider shares this process and database; a real one is remote.
        const ours = sent.filter((text) => !/sandbox_/i.test(text));
        const writes = ours.filter((text) =>
          /^\s*(insert|update|delete|with)\b|ledger_(move|settle)\(/i.test(text),
        );
        const transactions = ours.filter((text) => /^\s*(begin|commit)\b/i.test(text));
        expect(transactions, ours.join('\n---\n')).toEqual([]);
        expect(writes, ours.join('\n---\n')).toHaveLength(2);
        // Prepared: parsed and planned once per connection, not on every transfer.
        for (const write of writes) expect(named.has(write), write).toBe(true);
        // Nothing else into a game (the session is in memory) but the play limits' one read of the
        // member's limits and states (decision 061); out of one, a read of the last round booked
        // (plays are booked before money leaves a game).
        expect(ours, ours.join('\n---\n')).toHaveLength(3);
      }
    },
  );
});

describe('a crash between any two steps is answered', () => {
  const body = { from: 'wallet', to: 'JOKER', amount: 25_000 };

  it('after the hold, before the provider saw it: PENDING meanwhile, TRANSFER_FAIL once voided', async () => {
    const member = await fundedMember(test.app);
    const key = randomUUID();
    // The provider never applies it: the state a crash right after the hold's commit leaves.
    await setFault(test.app, 'JOKER', 'timeout', HANG_MS);
    const first = await moneyCall(test.app, member.token, '/api/wallet/transfer', body, key);
    await setFault(test.app, 'JOKER', 'none');
    expect(first.statusCode).toBe(202);
    // A retry meanwhile answers from the hold, never asks the provider again.
    const meanwhile = await moneyCall(test.app, member.token, '/api/wallet/transfer', body, key);
    expect([meanwhile.statusCode, resultOf(meanwhile).status]).toEqual([202, 'PENDING']);
    const other = await moneyCall(
      test.app,
      member.token,
      '/api/wallet/transfer',
      { ...body, amount: 100 },
      key,
    );
    expect(other.json()).toEqual({ message: 'IDEMPOTENCY_KEY_REUSED' });

    await ageHolds(test.database.db, member.id, PAST_EXPIRY_MS);
    await test.services.reconciler.runOnce();
    const after = await moneyCall(test.app, member.token, '/api/wallet/transfer', body, key);
    expect(after.json()).toEqual({ message: 'TRANSFER_FAIL' });
    // The answer is final now: stored, and refused for another body.
    expect((await moneyCall(test.app, member.token, '/api/wallet/transfer', body, key)).json()).toEqual({
      message: 'TRANSFER_FAIL',
    });
    expect((await walletOf(test.app, member.token)).wallet).toBe(100_000);
    await booksAreSound(test.database.db);
  });

  it('after the provider applied it, before the post: PENDING meanwhile, SUCCESS once the reconciler posts', async () => {
    const member = await fundedMember(test.app);
    const key = randomUUID();
    await setFault(test.app, 'JOKER', 'applied-then-timeout', HANG_MS);
    const first = await moneyCall(test.app, member.token, '/api/wallet/transfer', body, key);
    await setFault(test.app, 'JOKER', 'none');
    expect(first.statusCode).toBe(202);
    expect(await claimWriter(member.id, key)).toBe(await transferWriter(`m${member.id}:${key}`));
    const meanwhile = await moneyCall(test.app, member.token, '/api/wallet/transfer', body, key);
    expect(resultOf(meanwhile).status).toBe('PENDING');

    await test.services.reconciler.runOnce();
    const after = await moneyCall(test.app, member.token, '/api/wallet/transfer', body, key);
    expect([after.statusCode, resultOf(after)]).toEqual([
      200,
      { status: 'SUCCESS', reference: `m${member.id}:${key}`, amount: 25_000 },
    ]);
    const again = await moneyCall(test.app, member.token, '/api/wallet/transfer', body, key);
    expect(again.json()).toEqual(after.json());
    const books = await walletOf(test.app, member.token);
    expect([books.wallet, books.game('JOKER')]).toEqual([75_000, 25_000]);
    await booksAreSound(test.database.db);
  });

  it('after the post: the retry gets the stored answer, and nothing moves again', async () => {
    const member = await fundedMember(test.app);
    const key = randomUUID();
    const first = await moneyCall(test.app, member.token, '/api/wallet/transfer', body, key);
    expect(first.statusCode).toBe(200);
    // The same answer even when the game is gone from the member's reach since.
    await setFault(test.app, 'JOKER', 'fail');
    try {
      const retry = await moneyCall(test.app, member.token, '/api/wallet/transfer', body, key);
      expect([retry.statusCode, retry.json()]).toEqual([200, first.json()]);
    } finally {
      await setFault(test.app, 'JOKER', 'none');
    }
    expect((await walletOf(test.app, member.token)).wallet).toBe(75_000);
  });

  it('a refusal before the hold is stored for a new key, and a key of another body stays refused', async () => {
    const member = await fundedMember(test.app);
    const key = randomUUID();
    const noAccount = { from: 'wallet', to: 'PG', amount: 1_000 };
    expect((await moneyCall(test.app, member.token, '/api/wallet/transfer', noAccount, key)).json()).toEqual({
      message: 'SLOT_NO_ACCOUNT',
    });
    expect((await moneyCall(test.app, member.token, '/api/wallet/transfer', body, key)).json()).toEqual({
      message: 'IDEMPOTENCY_KEY_REUSED',
    });
    // A key first used for a transfer: a refused body under it is refused as reused, not judged.
    const used = randomUUID();
    expect((await moneyCall(test.app, member.token, '/api/wallet/transfer', body, used)).statusCode).toBe(
      200,
    );
    expect((await moneyCall(test.app, member.token, '/api/wallet/transfer', noAccount, used)).json()).toEqual(
      {
        message: 'IDEMPOTENCY_KEY_REUSED',
      },
    );
    // Not enough money: the claim and the refusal, stored; the same request stays refused.
    const poor = randomUUID();
    const tooMuch = { from: 'wallet', to: 'JOKER', amount: 500_000 };
    expect((await moneyCall(test.app, member.token, '/api/wallet/transfer', tooMuch, poor)).json()).toEqual({
      message: 'MONEY_NOT_ENOUGH',
    });
    await credit(test.app, member.token, 500_000);
    expect((await moneyCall(test.app, member.token, '/api/wallet/transfer', tooMuch, poor)).json()).toEqual({
      message: 'MONEY_NOT_ENOUGH',
    });
    await booksAreSound(test.database.db);
  });
});
