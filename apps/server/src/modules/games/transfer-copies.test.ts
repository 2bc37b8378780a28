import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  appForFile,
  booksAreSound,
  fundedMember,
  MONEY_ENV,
  moneyCall,
  setFault,
  walletOf,
} from '../../../test/money';
import { readEnvironment } from '../../config';
import { rowsOf } from '../../platform/db/rows';
import { openRedis } from '../../platform/redis';

/**
 * The travelling Idempotency-Key (decision 030) under copies of one request sent at once, keys of
 * two members, and a provider's refusal: the money moves once and every answer is the key's.
 */
// A provider slow under load answers within this; a PENDING here would only mean a slow machine.
const ENV = { ...MONEY_ENV, REFERENCE_TTL_SECONDS: '60', GAME_PROVIDER_TIMEOUT_MS: '15000' };
const onServer = Boolean(readEnvironment().DATABASE_URL);
const test = appForFile(ENV, {
  redis: onServer ? openRedis(readEnvironment().REDIS_URL ?? 'redis://127.0.0.1:6379') : null,
});

async function transfersUnder(ledgerKey: string) {
  return rowsOf<{ idempotency_key: string; kind: string }>(
    test.database.db,
    sql`select idempotency_key, kind from ledger_transfers where idempotency_key like ${`${ledgerKey}%`}`,
  );
}

describe('same key, at once', () => {
  it('ten copies of one transfer move the money once and all answer it', async () => {
    const member = await fundedMember(test.app);
    const key = randomUUID();
    const body = { from: 'wallet', to: 'JOKER', amount: 10_000 };
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => moneyCall(test.app, member.token, '/api/wallet/transfer', body, key)),
    );
    for (const answer of answers) expect([200, 202], answer.body).toContain(answer.statusCode);
    expect(await transfersUnder(`m${member.id}:${key}`)).toHaveLength(2);
    const books = await walletOf(test.app, member.token);
    expect([books.wallet, books.game('JOKER')]).toEqual([90_000, 10_000]);
    const again = await moneyCall(test.app, member.token, '/api/wallet/transfer', body, key);
    expect(again.statusCode).toBe(200);
    await booksAreSound(test.database.db);
  });

  it('copies of different bodies: one moves, the others are refused as reused', async () => {
    const member = await fundedMember(test.app);
    const key = randomUUID();
    const answers = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        moneyCall(
          test.app,
          member.token,
          '/api/wallet/transfer',
          { from: 'wallet', to: 'JOKER', amount: 1_000 * (i + 1) },
          key,
        ),
      ),
    );
    const ok = answers.filter((answer) => answer.statusCode === 200);
    expect(ok).toHaveLength(1);
    for (const answer of answers.filter((a) => a.statusCode !== 200)) {
      expect(answer.json()).toEqual({ message: 'IDEMPOTENCY_KEY_REUSED' });
    }
    const books = await walletOf(test.app, member.token);
    expect(books.wallet + books.game('JOKER')).toBe(100_000);
    expect(await transfersUnder(`m${member.id}:${key}`)).toHaveLength(2);
  });

  it('copies that cannot be paid: every one refused, the key stays refused', async () => {
    const member = await fundedMember(test.app, 1_000);
    const key = randomUUID();
    const body = { from: 'wallet', to: 'JOKER', amount: 5_000 };
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => moneyCall(test.app, member.token, '/api/wallet/transfer', body, key)),
    );
    for (const answer of answers) expect(answer.json()).toEqual({ message: 'MONEY_NOT_ENOUGH' });
    expect((await moneyCall(test.app, member.token, '/api/wallet/transfer', body, key)).json()).toEqual({
      message: 'MONEY_NOT_ENOUGH',
    });
  });

  it('out of a game at once, ten copies', async () => {
    const member = await fundedMember(test.app);
    expect(
      (
        await moneyCall(test.app, member.token, '/api/wallet/transfer', {
          from: 'wallet',
          to: 'JOKER',
          amount: 50_000,
        })
      ).statusCode,
    ).toBe(200);
    const key = randomUUID();
    const body = { from: 'JOKER', to: 'wallet', amount: 20_000 };
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => moneyCall(test.app, member.token, '/api/wallet/transfer', body, key)),
    );
    for (const answer of answers) expect([200, 202], answer.body).toContain(answer.statusCode);
    const books = await walletOf(test.app, member.token);
    expect([books.wallet, books.game('JOKER')]).toEqual([70_000, 30_000]);
    await booksAreSound(test.database.db);
  });
});

describe('keys are the member’s own', () => {
  it('two members under one key both move, each their own', async () => {
    const [a, b] = await Promise.all([fundedMember(test.app), fundedMember(test.app)]);
    const key = randomUUID();
    const [ra, rb] = await Promise.all([
      moneyCall(
        test.app,
        a.token,
        '/api/wallet/transfer',
        { from: 'wallet', to: 'JOKER', amount: 1_000 },
        key,
      ),
      moneyCall(
        test.app,
        b.token,
        '/api/wallet/transfer',
        { from: 'wallet', to: 'JOKER', amount: 2_000 },
        key,
      ),
    ]);
    expect([ra.statusCode, rb.statusCode]).toEqual([200, 200]);
    expect((await walletOf(test.app, a.token)).wallet).toBe(99_000);
    expect((await walletOf(test.app, b.token)).wallet).toBe(98_000);
  });

  it('a key of a transfer, then a withdrawal under it: refused as reused', async () => {
    const member = await fundedMember(test.app);
    const key = randomUUID();
    const body = { from: 'wallet', to: 'JOKER', amount: 1_000 };
    expect((await moneyCall(test.app, member.token, '/api/wallet/transfer', body, key)).statusCode).toBe(200);
    const withdraw = await moneyCall(test.app, member.token, '/api/wallet/withdraw', { amount: 10_000 }, key);
    expect(withdraw.json()).toEqual({ message: 'IDEMPOTENCY_KEY_REUSED' });
  });
});

describe('the provider refuses', () => {
  it('TRANSFER_FAIL, again on a retry, the money back', async () => {
    const member = await fundedMember(test.app);
    const key = randomUUID();
    const body = { from: 'wallet', to: 'JOKER', amount: 1_000 };
    await setFault(test.app, 'JOKER', 'fail');
    try {
      const first = await moneyCall(test.app, member.token, '/api/wallet/transfer', body, key);
      expect([first.statusCode, first.json()]).toEqual([422, { message: 'TRANSFER_FAIL' }]);
    } finally {
      await setFault(test.app, 'JOKER', 'none');
    }
    const again = await moneyCall(test.app, member.token, '/api/wallet/transfer', body, key);
    expect([again.statusCode, again.json()]).toEqual([422, { message: 'TRANSFER_FAIL' }]);
    expect((await walletOf(test.app, member.token)).wallet).toBe(100_000);
  });
});

describe('stress', () => {
  it('many members, each many same-key copies both ways at once: no 5xx, books sound', async () => {
    const members = await Promise.all(Array.from({ length: 6 }, () => fundedMember(test.app)));
    await Promise.all(
      members.map((m) =>
        moneyCall(test.app, m.token, '/api/wallet/transfer', { from: 'wallet', to: 'JOKER', amount: 40_000 }),
      ),
    );
    const answers = await Promise.all(
      members.flatMap((m) => {
        const inKey = randomUUID();
        const outKey = randomUUID();
        return Array.from({ length: 6 }, (_, i) =>
          i % 2 === 0
            ? moneyCall(
                test.app,
                m.token,
                '/api/wallet/transfer',
                { from: 'wallet', to: 'JOKER', amount: 7_000 },
                inKey,
              )
            : moneyCall(
                test.app,
                m.token,
                '/api/wallet/transfer',
                { from: 'JOKER', to: 'wallet', amount: 3_000 },
                outKey,
              ),
        );
      }),
    );
    for (const answer of answers) expect([200, 202], answer.body).toContain(answer.statusCode);
    for (const m of members) {
      const books = await walletOf(test.app, m.token);
      expect([books.wallet, books.game('JOKER')]).toEqual([
        100_000 - 40_000 - 7_000 + 3_000,
        40_000 + 7_000 - 3_000,
      ]);
    }
    await booksAreSound(test.database.db);
  });
});
