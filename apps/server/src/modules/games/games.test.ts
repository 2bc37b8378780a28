import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { memberHeaders } from '../../../test/test-app';
import {
  activate,
  ageHolds,
  appForFile,
  booksAreSound as soundBooks,
  credit,
  getAs,
  HANG_MS,
  moneyCall,
  resultOf,
  setFault,
  signedInMember,
  statementOf as statementOfApp,
  walletOf,
  fundedMember as fundedMemberOf,
  PAST_EXPIRY_MS,
} from '../../../test/money';
import { createLedgerService } from '../ledger/ledger.service';

const test = appForFile();

const statementOf = (token: string) => statementOfApp(test.app, token);
const booksAreSound = () => soundBooks(test.database.db);

/** A member with 1,000.00 in the wallet and an open JOKER account. */
const fundedMember = () => fundedMemberOf(test.app);

describe('game accounts', () => {
  it(
    'opens an account once, shows its login, resets its password, and refuses unknown games',
    { tags: ['embedded'] },
    async () => {
      const { token } = await signedInMember(test.app);
      const before = await walletOf(test.app, token);
      expect(before.raw.games).toHaveLength(16);
      expect(before.raw.games.every((game) => !game.isActive)).toBe(true);

      const login = await activate(test.app, token, 'PG');
      expect(login.username.length).toBeLessThanOrEqual(16);
      const again = await getAs(test.app, token, '/api/wallet/activate/PG');
      expect(again.json()).toEqual({ message: 'SLOT_ALREADY_ACTIVE' });
      expect((await getAs(test.app, token, '/api/wallet/account/PG')).json()).toEqual(login);

      const reset = (await getAs(test.app, token, '/api/wallet/resetpassword/PG')).json<typeof login>();
      expect(reset.username).toBe(login.username);
      expect(reset.password).not.toBe(login.password);
      expect((await getAs(test.app, token, '/api/wallet/account/PG')).json()).toEqual(reset);

      expect((await getAs(test.app, token, '/api/wallet/activate/NOPE')).json()).toEqual({
        message: 'NO_GAME',
      });
      expect((await getAs(test.app, token, '/api/wallet/account/JOKER')).json()).toEqual({
        message: 'SLOT_NO_ACCOUNT',
      });
      const after = await walletOf(test.app, token);
      expect(after.raw.games.find((game) => game.code === 'PG')?.isActive).toBe(true);
    },
  );

  it('reports SLOT_ACTIVATE_FAIL when the provider fails, and opens nothing', async () => {
    const { token } = await signedInMember(test.app);
    await setFault(test.app, 'SLOTXO', 'fail');
    try {
      expect((await getAs(test.app, token, '/api/wallet/activate/SLOTXO')).json()).toEqual({
        message: 'SLOT_ACTIVATE_FAIL',
      });
    } finally {
      await setFault(test.app, 'SLOTXO', 'none');
    }
    expect((await walletOf(test.app, token)).raw.games.find((g) => g.code === 'SLOTXO')?.isActive).toBe(
      false,
    );
    await activate(test.app, token, 'SLOTXO');
  });

  it('gives a launch link for the member’s own account only, ignoring a password in the path', async () => {
    const member = await fundedMember();
    const own = await getAs(test.app, member.token, `/api/autoLogin/joker/${member.login.username}`);
    expect(own.statusCode, own.body).toBe(200);
    expect(own.json<{ link: string }>().link).toMatch(/\/api\/sandbox\/pages\/play\//);
    const withPassword = await getAs(
      test.app,
      member.token,
      `/api/autoLogin/joker/${member.login.username}/wrong`,
    );
    expect(withPassword.statusCode).toBe(200);
    const other = await getAs(test.app, member.token, '/api/autoLogin/joker/lw1');
    expect(other.json()).toEqual({ message: 'FORBIDDEN' });
  });
});

describe('transfers between the wallet and a game', () => {
  it('moves money both ways, checks the rules, and books it in the statement', async () => {
    const { token } = await fundedMember();
    const to = await moneyCall(test.app, token, '/api/wallet/transfer', {
      from: 'wallet',
      to: 'JOKER',
      amount: 30_000,
    });
    expect(to.statusCode, to.body).toBe(200);
    expect(resultOf(to)).toMatchObject({ status: 'SUCCESS', amount: 30_000 });
    let books = await walletOf(test.app, token);
    expect([books.wallet, books.game('JOKER')]).toEqual([70_000, 30_000]);

    const back = await moneyCall(test.app, token, '/api/wallet/transfer', {
      from: 'JOKER',
      to: 'wallet',
      amount: 10_000,
    });
    expect(resultOf(back).status).toBe('SUCCESS');
    books = await walletOf(test.app, token);
    expect([books.wallet, books.game('JOKER')]).toEqual([80_000, 20_000]);

    const refusals = [
      [{ from: 'wallet', to: 'JOKER', amount: 99 }, 'TRANSFER_MINIMUM'],
      [{ from: 'wallet', to: 'wallet', amount: 500 }, 'TRANSFER_SAME_ACCOUNT'],
      [{ from: 'wallet', to: 'JOKER', amount: 80_001 }, 'MONEY_NOT_ENOUGH'],
      [{ from: 'JOKER', to: 'wallet', amount: 20_001 }, 'MONEY_NOT_ENOUGH'],
      [{ from: 'wallet', to: 'NOPE', amount: 500 }, 'NO_GAME'],
      [{ from: 'wallet', to: 'PG', amount: 500 }, 'SLOT_NO_ACCOUNT'],
    ] as const;
    for (const [body, code] of refusals) {
      const response = await moneyCall(test.app, token, '/api/wallet/transfer', body);
      expect(response.json(), JSON.stringify(body)).toEqual({ message: code });
    }
    books = await walletOf(test.app, token);
    expect([books.wallet, books.game('JOKER')]).toEqual([80_000, 20_000]);

    const { statements } = await statementOf(token);
    expect(statements.map((row) => [row.statementType, row.from, row.to, row.amount, row.status])).toEqual([
      ['transfer', 'JOKER', 'wallet', 10_000, 'SUCCESS'],
      ['transfer', 'wallet', 'JOKER', 30_000, 'SUCCESS'],
      ['deposit', 'sandbox', 'wallet', 100_000, 'SUCCESS'],
    ]);
    await booksAreSound();
  });

  it('needs an Idempotency-Key, answers a retry with the first answer, and refuses the key for another request', async () => {
    const { token } = await fundedMember();
    const missing = await test.app.inject({
      method: 'POST',
      url: '/api/wallet/transfer',
      payload: { from: 'wallet', to: 'JOKER', amount: 1_000 },
      headers: memberHeaders({ authorization: `Bearer ${token}` }),
    });
    expect(missing.json()).toEqual({ message: 'IDEMPOTENCY_KEY_MISSING' });

    const key = randomUUID();
    const body = { from: 'wallet', to: 'JOKER', amount: 1_000 };
    const first = await moneyCall(test.app, token, '/api/wallet/transfer', body, key);
    const second = await moneyCall(test.app, token, '/api/wallet/transfer', body, key);
    expect(second.statusCode).toBe(first.statusCode);
    expect(second.json()).toEqual(first.json());
    expect((await walletOf(test.app, token)).wallet).toBe(99_000);

    const other = await moneyCall(test.app, token, '/api/wallet/transfer', { ...body, amount: 2_000 }, key);
    expect(other.json()).toEqual({ message: 'IDEMPOTENCY_KEY_REUSED' });
    // A refusal is a final answer too: the same request does not succeed later.
    const refusedKey = randomUUID();
    const tooMuch = { from: 'wallet', to: 'JOKER', amount: 150_000 };
    expect((await moneyCall(test.app, token, '/api/wallet/transfer', tooMuch, refusedKey)).json()).toEqual({
      message: 'MONEY_NOT_ENOUGH',
    });
    await credit(test.app, token, 100_000);
    expect((await moneyCall(test.app, token, '/api/wallet/transfer', tooMuch, refusedKey)).json()).toEqual({
      message: 'MONEY_NOT_ENOUGH',
    });
  });

  it('moves money once when 20 copies of one request arrive together', async () => {
    const { token } = await fundedMember();
    const key = randomUUID();
    const body = { from: 'wallet', to: 'JOKER', amount: 60_000 };
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => moneyCall(test.app, token, '/api/wallet/transfer', body, key)),
    );
    for (const answer of answers) expect([200, 202], answer.body).toContain(answer.statusCode);
    await test.services.reconciler.runOnce();
    const books = await walletOf(test.app, token);
    expect([books.wallet, books.game('JOKER')]).toEqual([40_000, 60_000]);
    await booksAreSound();
  });

  it('never overdraws when 30 transfers of the whole wallet race', async () => {
    const { token } = await fundedMember();
    const answers = await Promise.all(
      Array.from({ length: 30 }, () =>
        moneyCall(test.app, token, '/api/wallet/transfer', { from: 'wallet', to: 'JOKER', amount: 100_000 }),
      ),
    );
    // The one that got the money may be PENDING if the provider was slow to answer.
    const taken = answers.filter((answer) => answer.statusCode === 200 || answer.statusCode === 202);
    expect(taken).toHaveLength(1);
    for (const answer of answers.filter((a) => !taken.includes(a)))
      expect(answer.json()).toEqual({ message: 'MONEY_NOT_ENOUGH' });
    await test.services.reconciler.runOnce();
    const books = await walletOf(test.app, token);
    expect([books.wallet, books.game('JOKER')]).toEqual([0, 100_000]);
    await booksAreSound();
  });
});

describe('provider faults', () => {
  it('fail: the member gets TRANSFER_FAIL and the money back; the statement shows FAILED', async () => {
    const { token } = await fundedMember();
    await setFault(test.app, 'JOKER', 'fail');
    try {
      const response = await moneyCall(test.app, token, '/api/wallet/transfer', {
        from: 'wallet',
        to: 'JOKER',
        amount: 25_000,
      });
      expect(response.json()).toEqual({ message: 'TRANSFER_FAIL' });
    } finally {
      await setFault(test.app, 'JOKER', 'none');
    }
    const books = await walletOf(test.app, token);
    expect([books.wallet, books.game('JOKER')]).toEqual([100_000, 0]);
    expect((await statementOf(token)).statements[0]).toMatchObject({ status: 'FAILED', amount: 25_000 });
    await booksAreSound();
  });

  it('timeout: the money stays held until the reference expires, then the reconciler returns it', async () => {
    const { token, id } = await fundedMember();
    await setFault(test.app, 'JOKER', 'timeout', HANG_MS);
    const response = await moneyCall(test.app, token, '/api/wallet/transfer', {
      from: 'wallet',
      to: 'JOKER',
      amount: 25_000,
    });
    await setFault(test.app, 'JOKER', 'none');
    expect(response.statusCode, response.body).toBe(202);
    expect(resultOf(response).status).toBe('PENDING');
    expect((await walletOf(test.app, token)).wallet).toBe(75_000);
    expect((await statementOf(token)).statements[0]).toMatchObject({ status: 'PENDING' });

    // Not yet expired: never void an outcome that is not known.
    await test.services.reconciler.runOnce();
    expect((await statementOf(token)).statements[0]).toMatchObject({ status: 'PENDING' });

    await ageHolds(test.database.db, id, PAST_EXPIRY_MS);
    await test.services.reconciler.runOnce();
    const books = await walletOf(test.app, token);
    expect([books.wallet, books.game('JOKER')]).toEqual([100_000, 0]);
    expect((await statementOf(token)).statements[0]).toMatchObject({ status: 'FAILED' });
    await booksAreSound();
  });

  it('applied-then-timeout: pending at first, then posted by the reconciler to what the provider did', async () => {
    const { token } = await fundedMember();
    await setFault(test.app, 'JOKER', 'applied-then-timeout', HANG_MS);
    const response = await moneyCall(test.app, token, '/api/wallet/transfer', {
      from: 'wallet',
      to: 'JOKER',
      amount: 25_000,
    });
    await setFault(test.app, 'JOKER', 'none');
    expect(resultOf(response).status).toBe('PENDING');
    await test.services.reconciler.runOnce();
    const books = await walletOf(test.app, token);
    expect([books.wallet, books.game('JOKER')]).toEqual([75_000, 25_000]);
    expect((await statementOf(token)).statements[0]).toMatchObject({ status: 'SUCCESS' });
    await booksAreSound();
  });

  it('applied-then-timeout on the way back: the wallet is credited once the reconciler asks', async () => {
    const { token } = await fundedMember();
    await moneyCall(test.app, token, '/api/wallet/transfer', { from: 'wallet', to: 'JOKER', amount: 40_000 });
    await setFault(test.app, 'JOKER', 'applied-then-timeout', HANG_MS);
    const response = await moneyCall(test.app, token, '/api/wallet/transfer', {
      from: 'JOKER',
      to: 'wallet',
      amount: 40_000,
    });
    await setFault(test.app, 'JOKER', 'none');
    expect(resultOf(response).status).toBe('PENDING');
    expect((await walletOf(test.app, token)).wallet).toBe(60_000);
    await test.services.reconciler.runOnce();
    const books = await walletOf(test.app, token);
    expect([books.wallet, books.game('JOKER')]).toEqual([100_000, 0]);
    await booksAreSound();
  });
});

describe('game to game', () => {
  it('goes through the wallet, and a first leg left pending is finished, second leg too, by the reconciler', async () => {
    const member = await fundedMember();
    await activate(test.app, member.token, 'PG');
    await moneyCall(test.app, member.token, '/api/wallet/transfer', {
      from: 'wallet',
      to: 'JOKER',
      amount: 40_000,
    });
    const direct = await moneyCall(test.app, member.token, '/api/wallet/transfer', {
      from: 'JOKER',
      to: 'PG',
      amount: 10_000,
    });
    expect(resultOf(direct).status).toBe('SUCCESS');

    await setFault(test.app, 'JOKER', 'applied-then-timeout', HANG_MS);
    const slow = await moneyCall(test.app, member.token, '/api/wallet/transfer', {
      from: 'JOKER',
      to: 'PG',
      amount: 30_000,
    });
    await setFault(test.app, 'JOKER', 'none');
    expect(resultOf(slow).status).toBe('PENDING');
    await test.services.reconciler.runOnce();
    const books = await walletOf(test.app, member.token);
    expect([books.wallet, books.game('JOKER'), books.game('PG')]).toEqual([60_000, 0, 40_000]);
    await booksAreSound();
  });

  /**
   * 400.00 in JOKER, then JOKER to PG 300.00 whose first leg the provider applies and answers too
   * late; the first leg settles and the process dies before it starts the second.
   */
  async function crashBetweenLegs() {
    const member = await fundedMember();
    await activate(test.app, member.token, 'PG');
    await moneyCall(test.app, member.token, '/api/wallet/transfer', {
      from: 'wallet',
      to: 'JOKER',
      amount: 40_000,
    });
    const key = randomUUID();
    const body = { from: 'JOKER', to: 'PG', amount: 30_000 };
    await setFault(test.app, 'JOKER', 'applied-then-timeout', HANG_MS);
    expect(resultOf(await moneyCall(test.app, member.token, '/api/wallet/transfer', body, key)).status).toBe(
      'PENDING',
    );
    await setFault(test.app, 'JOKER', 'none');
    await createLedgerService(test.database.db).post(`m${member.id}:${key}:out`);
    const books = await walletOf(test.app, member.token);
    expect([books.wallet, books.game('JOKER'), books.game('PG')]).toEqual([90_000, 10_000, 0]);
    return { member, key, body };
  }

  it('finishes the second leg when the request is retried after a crash between the legs', async () => {
    const { member, key, body } = await crashBetweenLegs();
    const retry = await moneyCall(test.app, member.token, '/api/wallet/transfer', body, key);
    expect(resultOf(retry).status).toBe('SUCCESS');
    const books = await walletOf(test.app, member.token);
    expect([books.wallet, books.game('JOKER'), books.game('PG')]).toEqual([60_000, 10_000, 30_000]);
    await booksAreSound();
  });

  it('finishes the second leg by itself when nobody retries after a crash between the legs', async () => {
    const { member, key } = await crashBetweenLegs();
    // The process that owned the plan died holding it: nobody runs the leg before its lease ends.
    const plan = `m${member.id}:${key}`;
    const lease = (interval: string) =>
      test.database.db.execute(
        sql`update game_to_game_transfers set next_check_at = now() + ${interval}::interval where key = ${plan}`,
      );
    await lease('1 hour');
    await test.services.reconciler.runOnce();
    expect((await walletOf(test.app, member.token)).game('PG')).toBe(0);
    await lease('-1 second');
    await test.services.reconciler.runOnce();
    const books = await walletOf(test.app, member.token);
    expect([books.wallet, books.game('JOKER'), books.game('PG')]).toEqual([60_000, 10_000, 30_000]);
    await test.services.reconciler.runOnce();
    expect((await walletOf(test.app, member.token)).game('PG')).toBe(30_000);
    await booksAreSound();
  });

  it('a second leg the provider refuses ends the transfer: TRANSFER_FAIL, the money in the wallet, never moved later', async () => {
    const member = await fundedMember();
    await activate(test.app, member.token, 'PG');
    await moneyCall(test.app, member.token, '/api/wallet/transfer', {
      from: 'wallet',
      to: 'JOKER',
      amount: 40_000,
    });
    const key = randomUUID();
    await setFault(test.app, 'PG', 'fail');
    try {
      const refused = await moneyCall(
        test.app,
        member.token,
        '/api/wallet/transfer',
        {
          from: 'JOKER',
          to: 'PG',
          amount: 30_000,
        },
        key,
      );
      expect(refused.json()).toEqual({ message: 'TRANSFER_FAIL' });
    } finally {
      await setFault(test.app, 'PG', 'none');
    }
    await test.database.db.execute(
      sql`update game_to_game_transfers set next_check_at = now() where key = ${`m${member.id}:${key}`}`,
    );
    await test.services.reconciler.runOnce();
    const books = await walletOf(test.app, member.token);
    expect([books.wallet, books.game('JOKER'), books.game('PG')]).toEqual([90_000, 10_000, 0]);
    await booksAreSound();
  });
});

describe('playing and transferAll', () => {
  it('books wins and losses played at the game when the wallet refreshes', async () => {
    const member = await fundedMember();
    await moneyCall(test.app, member.token, '/api/wallet/transfer', {
      from: 'wallet',
      to: 'JOKER',
      amount: 50_000,
    });
    const { link } = (
      await getAs(test.app, member.token, `/api/autoLogin/joker/${member.login.username}`)
    ).json<{ link: string }>();
    let providerBalance = 0;
    for (let spin = 0; spin < 10; spin += 1) {
      const played = await test.app.inject({
        method: 'POST',
        url: `${new URL(link, 'http://x').pathname}/spin`,
        payload: { bet: 1_000 },
      });
      expect(played.statusCode, played.body).toBe(200);
      providerBalance = played.json<{ balance: number }>().balance;
    }
    const refreshed = await getAs(test.app, member.token, '/api/wallet/refresh/slot');
    expect(refreshed.statusCode, refreshed.body).toBe(200);
    expect((await walletOf(test.app, member.token)).game('JOKER')).toBe(providerBalance);
    // Plays are not statement lines: the statement shows the member's own movements.
    expect((await statementOf(member.token)).statements).toHaveLength(2);
    await booksAreSound();
  });

  it('transferAll gathers every game and the wallet into one place', async () => {
    const member = await fundedMember();
    await activate(test.app, member.token, 'PG');
    await moneyCall(test.app, member.token, '/api/wallet/transfer', {
      from: 'wallet',
      to: 'JOKER',
      amount: 30_000,
    });
    await moneyCall(test.app, member.token, '/api/wallet/transfer', {
      from: 'wallet',
      to: 'PG',
      amount: 20_000,
    });
    const all = await moneyCall(test.app, member.token, '/api/wallet/transferAll', { to: 'PG' });
    expect(resultOf(all)).toMatchObject({ status: 'SUCCESS', amount: 80_000 });
    let books = await walletOf(test.app, member.token);
    expect([books.wallet, books.game('JOKER'), books.game('PG')]).toEqual([0, 0, 100_000]);

    const home = await moneyCall(test.app, member.token, '/api/wallet/transferAll', { to: 'wallet' });
    expect(resultOf(home)).toMatchObject({ status: 'SUCCESS', amount: 100_000 });
    books = await walletOf(test.app, member.token);
    expect([books.wallet, books.game('PG')]).toEqual([100_000, 0]);
    await booksAreSound();
  });
});
