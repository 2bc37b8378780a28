import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SandboxRoundsResponse } from '@wallet/contract/http/bonus';
import { bearer } from '../../../test/members';
import {
  activate,
  booksAreSound,
  fundedMember,
  getAs,
  listen,
  moneyCall,
  walletOf,
} from '../../../test/money';
import { createTestApp, memberHeaders, type TestApp } from '../../../test/test-app';
import { balanceAfterRounds } from './sandbox-provider.service';

const KEY = 'sandbox-rounds-test-key';

interface Round {
  id: number;
  bet: number;
  win: number;
  playedAt: string;
}

describe('sandbox rounds on the caller’s game account', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ GAME_PROVIDER_KEY: KEY });
    // The product reaches the sandbox provider over HTTP.
    await listen(t.app);
  });
  afterAll(() => t.close());

  const play = (token: string, gameCode: string, payload: object, headers = memberHeaders(bearer(token))) =>
    t.app.inject({ method: 'POST', url: `/api/sandbox/provider/${gameCode}/rounds`, payload, headers });

  /** What the provider itself holds for a player: balance and rounds, through its own API. */
  async function atProvider(gameCode: string, username: string) {
    const headers = { 'x-provider-key': KEY };
    const player = await t.app.inject({
      url: `/api/sandbox/provider-api/players/${gameCode}/${username}`,
      headers,
    });
    const rounds = await t.app.inject({
      url: `/api/sandbox/provider-api/players/${gameCode}/${username}/rounds?after=0`,
      headers,
    });
    expect(player.statusCode, player.body).toBe(200);
    return {
      balance: player.json<{ balance: number }>().balance,
      rounds: rounds.json<{ rounds: Round[] }>().rounds,
    };
  }

  /** A signed-in member with `inGame` moved from the wallet to JOKER. */
  async function playerWith(inGame: number) {
    const member = await fundedMember(t.app, 100_000, 'JOKER');
    const moved = await moneyCall(t.app, member.token, '/api/wallet/transfer', {
      from: 'wallet',
      to: 'JOKER',
      amount: inGame,
    });
    expect(moved.statusCode, moved.body).toBe(200);
    return member;
  }

  it('records the rounds at the provider, and a wallet refresh books them into the ledger', async () => {
    const member = await playerWith(50_000);
    const played = await play(member.token, 'JOKER', { count: 20, bet: 1_000, win: 400 });
    expect(played.statusCode, played.body).toBe(200);
    expect(played.json<SandboxRoundsResponse>()).toEqual({ played: 20, balance: 38_000 });

    const provider = await atProvider('JOKER', member.login.username);
    expect(provider.balance).toBe(38_000);
    expect(provider.rounds).toHaveLength(20);
    expect(provider.rounds.every((round) => round.bet === 1_000 && round.win === 400)).toBe(true);
    expect(Date.parse(provider.rounds[0]!.playedAt)).toBeGreaterThan(Date.now() - 60_000);

    // Winning rounds too: the game amount moves by count x (win - bet) each time.
    const won = await play(member.token, 'JOKER', { count: 3, bet: 500, win: 2_500 });
    expect(won.json<SandboxRoundsResponse>()).toEqual({ played: 3, balance: 44_000 });

    expect((await walletOf(t.app, member.token)).game('JOKER')).toBe(50_000);
    const refreshed = await getAs(t.app, member.token, '/api/wallet/refresh/slot');
    expect(refreshed.statusCode, refreshed.body).toBe(200);
    const books = await walletOf(t.app, member.token);
    expect([books.wallet, books.game('JOKER')]).toEqual([
      50_000,
      50_000 + 20 * (400 - 1_000) + 3 * (2_500 - 500),
    ]);
    await booksAreSound(t.database.db);
  });

  it('plays all the rounds or none: refuses when the balance cannot cover them in order', async () => {
    const member = await playerWith(2_000);
    const username = member.login.username;
    // 2,000 -> 1,500 -> 1,000 -> 500 -> refused on the fourth bet.
    const refused = await play(member.token, 'JOKER', { count: 4, bet: 1_000, win: 500 });
    expect([refused.statusCode, refused.json()]).toEqual([400, { message: 'MONEY_NOT_ENOUGH' }]);
    expect(await atProvider('JOKER', username)).toEqual({ balance: 2_000, rounds: [] });

    const exact = await play(member.token, 'JOKER', { count: 3, bet: 1_000, win: 500 });
    expect(exact.json<SandboxRoundsResponse>()).toEqual({ played: 3, balance: 500 });
    const tooBig = await play(member.token, 'JOKER', { count: 1, bet: 501, win: 10_000 });
    expect(tooBig.json()).toEqual({ message: 'MONEY_NOT_ENOUGH' });
    expect((await atProvider('JOKER', username)).rounds).toHaveLength(3);
  });

  it('works out the balance round by round', () => {
    expect(balanceAfterRounds(2_000n, { count: 3, bet: 1_000n, win: 500n })).toBe(500n);
    expect(balanceAfterRounds(2_000n, { count: 4, bet: 1_000n, win: 500n })).toBeNull();
    // A win at least the bet: only the first bet needs covering.
    expect(balanceAfterRounds(1_000n, { count: 500, bet: 1_000n, win: 1_000n })).toBe(1_000n);
    expect(balanceAfterRounds(999n, { count: 1, bet: 1_000n, win: 5_000n })).toBeNull();
  });

  it('acts only on the caller’s own account', async () => {
    const caller = await playerWith(10_000);
    const other = await playerWith(10_000);
    await activate(t.app, other.token, 'PG');

    // A username in the body is not a way to reach another member's account.
    const played = await play(caller.token, 'JOKER', {
      count: 2,
      bet: 1_000,
      win: 0,
      username: other.login.username,
    });
    expect(played.json<SandboxRoundsResponse>()).toEqual({ played: 2, balance: 8_000 });
    expect((await atProvider('JOKER', caller.login.username)).balance).toBe(8_000);
    expect(await atProvider('JOKER', other.login.username)).toEqual({ balance: 10_000, rounds: [] });

    // The other member's account at PG is theirs: the caller has none there.
    const noAccount = await play(caller.token, 'PG', { count: 1, bet: 1, win: 0 });
    expect([noAccount.statusCode, noAccount.json()]).toEqual([404, { message: 'SLOT_NO_ACCOUNT' }]);
    expect((await atProvider('PG', other.login.username)).rounds).toEqual([]);
  });

  it('refuses an unknown game, a caller not signed in, the missing client header and bad bodies', async () => {
    const member = await playerWith(10_000);
    const body = { count: 1, bet: 100, win: 0 };
    const unknown = await play(member.token, 'NOPE', body);
    expect([unknown.statusCode, unknown.json()]).toEqual([404, { message: 'NO_GAME' }]);
    const anonymous = await play(member.token, 'JOKER', body, memberHeaders());
    expect([anonymous.statusCode, anonymous.json()]).toEqual([401, { message: 'UNAUTHORIZED' }]);
    const noHeader = await play(member.token, 'JOKER', body, bearer(member.token));
    expect(noHeader.json()).toEqual({ message: 'CLIENT_HEADER_MISSING' });
    for (const bad of [
      { ...body, count: 0 },
      { ...body, count: 501 },
      { ...body, count: 1.5 },
      { ...body, bet: 0 },
      { ...body, win: -1 },
      { count: 1, bet: 100 },
    ]) {
      expect((await play(member.token, 'JOKER', bad)).statusCode, JSON.stringify(bad)).toBe(400);
    }
    expect(await atProvider('JOKER', member.login.username)).toEqual({ balance: 10_000, rounds: [] });
  });
});
