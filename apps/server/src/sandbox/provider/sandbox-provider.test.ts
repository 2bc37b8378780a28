import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GAME_CODES } from '@wallet/contract/http/wallet';
import type { ProviderCatalogue } from '../../adapters/game-provider/protocol';
import { createTestApp, memberHeaders, type TestApp } from '../../../test/test-app';
import { createSandboxProviderService } from './sandbox-provider.service';

const KEY = 'sandbox-provider-test-key';

interface Answer<T = Record<string, unknown>> {
  status: number;
  headers: Headers;
  body: T;
  ms: number;
}

/** A username of the provider's alphabet that no other test uses. */
const newUsername = () => `t${randomBytes(6).toString('hex')}`;
const newReference = () => `ref-${randomBytes(8).toString('hex')}`;
const inAMinute = () => new Date(Date.now() + 60_000).toISOString();

describe('sandbox game provider', () => {
  let t: TestApp;
  let origin = '';
  beforeAll(async () => {
    t = await createTestApp({ GAME_PROVIDER_KEY: KEY });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    origin = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  });
  afterAll(() => t.close());

  /** A call of the provider API over real HTTP, as a remote caller makes it. */
  async function api<T = Record<string, unknown>>(
    method: 'GET' | 'POST',
    path: string,
    body?: unknown,
    options: { key?: string | null; timeoutMs?: number } = {},
  ): Promise<Answer<T>> {
    const key = options.key === undefined ? KEY : options.key;
    const started = Date.now();
    const response = await fetch(`${origin}/api/sandbox/provider-api${path}`, {
      method,
      headers: {
        ...(key === null ? {} : { 'x-provider-key': key }),
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(options.timeoutMs ?? 10_000),
    });
    const text = await response.text();
    return {
      status: response.status,
      headers: response.headers,
      body: (text ? JSON.parse(text) : {}) as T,
      ms: Date.now() - started,
    };
  }

  async function newPlayer(gameCode = 'JOKER', deposit = 0) {
    const username = newUsername();
    expect((await api('POST', '/players', { gameCode, username })).status).toBe(200);
    if (deposit > 0) {
      const moved = await transfer({ gameCode, username, direction: 'deposit', amount: deposit });
      expect(moved.status).toBe(200);
    }
    return username;
  }

  const transfer = (call: {
    gameCode: string;
    username: string;
    direction: 'deposit' | 'withdraw';
    amount: number;
    reference?: string;
    expiresAt?: string;
  }) => api('POST', '/transfers', { reference: newReference(), expiresAt: inAMinute(), ...call });

  const balanceOf = async (gameCode: string, username: string) =>
    (await api<{ balance: number }>('GET', `/players/${gameCode}/${username}`)).body.balance;

  const statusOf = async (gameCode: string, reference: string) =>
    (await api('GET', `/transfers/${gameCode}/${reference}`)).body.status;

  const setFault = (gameCode: string, mode: string, latencyMs = 0) =>
    t.app.inject({
      method: 'POST',
      url: `/api/sandbox/provider/${gameCode}/faults`,
      payload: { mode, latencyMs },
      headers: memberHeaders(),
    });

  it('checks the key on every call', async () => {
    expect((await api('GET', '/games', undefined, { key: null })).status).toBe(401);
    const wrong = await api('GET', '/games', undefined, { key: `${KEY}x` });
    expect([wrong.status, wrong.body]).toEqual([401, { error: 'UNAUTHORIZED' }]);
    expect((await api('POST', '/transfers', {}, { key: 'short' })).status).toBe(401);
    expect((await api('GET', '/games')).status).toBe(200);
  });

  it('lists one game per game code, with its artwork served as SVG', async () => {
    const { body } = await api<ProviderCatalogue>('GET', '/games');
    expect(body.games.map((game) => game.code)).toEqual([...GAME_CODES]);
    const byCode = Object.fromEntries(body.games.map((game) => [game.code, game]));
    expect(byCode.SEXYGAME!.category).toBe('casino');
    expect(byCode.UFABET!.category).toBe('sport');
    expect(byCode.HUAYHD!.category).toBe('lotto');
    expect(byCode.JOKER!.category).toBe('slot');
    expect(body.games.some((game) => game.walletFactor !== 1)).toBe(true);
    expect(body.games.filter((game) => game.web === null).length).toBeGreaterThanOrEqual(2);
    expect(body.games.some((game) => game.ios === null)).toBe(true);
    expect(byCode.JOKER!.logo).toBe('/api/sandbox/pages/art/JOKER/logo.svg');

    for (const game of body.games) {
      for (const url of [game.logo, game.background]) {
        const art = await t.app.inject({ url });
        expect(art.statusCode, url).toBe(200);
        expect(art.headers['content-type']).toMatch(/^image\/svg\+xml/);
        expect(art.body).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg"/);
      }
    }
    expect((await t.app.inject({ url: '/api/sandbox/pages/art/NOPE/logo.svg' })).statusCode).toBe(404);
    expect((await t.app.inject({ url: '/api/sandbox/pages/art/JOKER/other.svg' })).statusCode).toBe(400);
  });

  it('creates a player once, shows its login and balance, and resets its password', async () => {
    const username = newUsername();
    const created = await api<{ username: string; password: string }>('POST', '/players', {
      gameCode: 'PG',
      username,
    });
    expect(created.status).toBe(200);
    expect(created.body.username).toBe(username);
    expect(created.body.password).toMatch(/^[A-Za-z0-9]{10}$/);

    const again = await api('POST', '/players', { gameCode: 'PG', username });
    expect([again.status, again.body]).toEqual([409, { error: 'PLAYER_EXISTS' }]);
    const noGame = await api('POST', '/players', { gameCode: 'NOPE', username });
    expect([noGame.status, noGame.body]).toEqual([404, { error: 'NO_GAME' }]);
    for (const bad of ['Upper', 'with_underscore', 'a'.repeat(17), '']) {
      expect((await api('POST', '/players', { gameCode: 'PG', username: bad })).status, bad).toBe(400);
    }

    expect((await api('GET', `/players/PG/${username}`)).body).toEqual({
      username,
      password: created.body.password,
      balance: 0,
    });
    const reset = await api<{ password: string }>('POST', `/players/PG/${username}/password`);
    expect(reset.body.password).not.toBe(created.body.password);
    expect((await api('GET', `/players/PG/${username}`)).body.password).toBe(reset.body.password);

    const missing = await api('GET', `/players/PG/${newUsername()}`);
    expect([missing.status, missing.body]).toEqual([404, { error: 'NO_PLAYER' }]);
    expect((await api('POST', `/players/PG/${newUsername()}/password`)).status).toBe(404);
    // The same username is another player in another game.
    expect((await api('GET', `/players/JOKER/${username}`)).status).toBe(404);
  });

  it('applies 20 concurrent copies of one deposit once', async () => {
    const username = await newPlayer('JOKER');
    const reference = newReference();
    const call = { gameCode: 'JOKER', username, reference, direction: 'deposit', amount: 12_345 } as const;
    const answers = await Promise.all(Array.from({ length: 20 }, () => transfer(call)));
    for (const answer of answers) {
      expect(answer.status).toBe(200);
      expect(answer.body).toMatchObject({ reference, status: 'applied' });
    }
    expect(await balanceOf('JOKER', username)).toBe(12_345);
    expect(await statusOf('JOKER', reference)).toBe('applied');
    // And once more later: the stored outcome, nothing moved.
    expect((await transfer(call)).body).toEqual({ reference, status: 'applied', balance: 12_345 });
    expect(await balanceOf('JOKER', username)).toBe(12_345);
  });

  it('applies 20 concurrent copies of one withdrawal once, and never below zero', async () => {
    const username = await newPlayer('JOKER', 10_000);
    const reference = newReference();
    const call = { gameCode: 'JOKER', username, reference, direction: 'withdraw', amount: 6_000 } as const;
    const answers = await Promise.all(Array.from({ length: 20 }, () => transfer(call)));
    expect(answers.every((answer) => answer.status === 200)).toBe(true);
    expect(await balanceOf('JOKER', username)).toBe(4_000);
    // Different references racing for the same money: only what the balance allows applies.
    const racing = await Promise.all(
      Array.from({ length: 6 }, () => transfer({ ...call, reference: newReference(), amount: 1_000 })),
    );
    expect(racing.filter((answer) => answer.status === 200)).toHaveLength(4);
    expect(racing.filter((answer) => answer.body.reason === 'INSUFFICIENT_BALANCE')).toHaveLength(2);
    expect(await balanceOf('JOKER', username)).toBe(0);
  });

  it('refuses a withdrawal above the balance, and that reference stays failed', async () => {
    const username = await newPlayer('SLOTXO', 1_000);
    const reference = newReference();
    const call = { gameCode: 'SLOTXO', username, reference, direction: 'withdraw', amount: 5_000 } as const;
    const refused = await transfer(call);
    expect([refused.status, refused.body]).toEqual([
      422,
      { reference, status: 'failed', reason: 'INSUFFICIENT_BALANCE' },
    ]);
    await transfer({ gameCode: 'SLOTXO', username, direction: 'deposit', amount: 10_000 });
    // Enough money now, but the reference was decided.
    expect((await transfer(call)).body).toMatchObject({ status: 'failed', reason: 'INSUFFICIENT_BALANCE' });
    expect(await balanceOf('SLOTXO', username)).toBe(11_000);
    expect(await statusOf('SLOTXO', reference)).toBe('failed');
  });

  it('refuses an expired reference and never applies it later', async () => {
    const username = await newPlayer('PG');
    const reference = newReference();
    const past = new Date(Date.now() - 1_000).toISOString();
    const call = { gameCode: 'PG', username, reference, direction: 'deposit', amount: 500 } as const;
    const expired = await transfer({ ...call, expiresAt: past });
    expect([expired.status, expired.body]).toEqual([422, { reference, status: 'failed', reason: 'EXPIRED' }]);
    const retried = await transfer({ ...call, expiresAt: inAMinute() });
    expect([retried.status, retried.body.reason]).toEqual([422, 'EXPIRED']);
    expect(await statusOf('PG', reference)).toBe('failed');
    expect(await balanceOf('PG', username)).toBe(0);
  });

  it('fails a transfer to a player it does not know, and refuses another move under a used reference', async () => {
    const reference = newReference();
    const unknown = await transfer({
      gameCode: 'PG',
      username: newUsername(),
      reference,
      direction: 'deposit',
      amount: 100,
    });
    expect([unknown.status, unknown.body.reason]).toEqual([422, 'NO_PLAYER']);
    // Copies racing for a player that does not exist lock no row: the unique reference decides.
    const racing = newReference();
    const copies = await Promise.all(
      Array.from({ length: 20 }, () =>
        transfer({
          gameCode: 'PG',
          username: 'nobody',
          reference: racing,
          direction: 'deposit',
          amount: 100,
        }),
      ),
    );
    expect(new Set(copies.map((copy) => `${copy.status} ${String(copy.body.reason)}`))).toEqual(
      new Set(['422 NO_PLAYER']),
    );
    expect(await statusOf('PG', racing)).toBe('failed');

    const username = await newPlayer('PG');
    const used = newReference();
    await transfer({ gameCode: 'PG', username, reference: used, direction: 'deposit', amount: 100 });
    const other = await transfer({
      gameCode: 'PG',
      username,
      reference: used,
      direction: 'deposit',
      amount: 200,
    });
    expect([other.status, other.body]).toEqual([409, { error: 'REFERENCE_REUSED' }]);
    expect(await balanceOf('PG', username)).toBe(100);
  });

  it('answers the status of a reference: applied, failed or not_found, per game', async () => {
    const username = await newPlayer('PG', 700);
    const reference = newReference();
    await transfer({ gameCode: 'PG', username, reference, direction: 'withdraw', amount: 200 });
    expect((await api('GET', `/transfers/PG/${reference}`)).body).toEqual({ reference, status: 'applied' });
    const unseen = await api('GET', `/transfers/PG/${newReference()}`);
    expect([unseen.status, unseen.body]).toEqual([404, { status: 'not_found' }]);
    // A reference is known to its own game only.
    expect(await statusOf('JOKER', reference)).toBe('not_found');
    expect((await api('GET', `/transfers/PG/${reference}`, undefined, { key: 'nope' })).status).toBe(401);
  });

  it('refuses bodies that break the protocol', async () => {
    const username = await newPlayer('PG');
    const base = {
      gameCode: 'PG',
      username,
      reference: newReference(),
      direction: 'deposit',
      expiresAt: inAMinute(),
    };
    for (const body of [
      { ...base, amount: 0 },
      { ...base, amount: 1.5 },
      { ...base, amount: '100' },
      { ...base, amount: 100, direction: 'sideways' },
      { ...base, amount: 100, expiresAt: 'tomorrow' },
      { ...base, amount: 100, reference: 'has space' },
    ]) {
      const answer = await api('POST', '/transfers', body);
      expect([answer.status, answer.body], JSON.stringify(body)).toEqual([400, { error: 'INVALID_REQUEST' }]);
    }
  });

  describe('faults', () => {
    it('refuses an unknown game code', async () => {
      const answer = await setFault('NOPE', 'fail');
      expect([answer.statusCode, answer.json()]).toEqual([404, { message: 'NO_GAME' }]);
      const noHeader = await t.app.inject({
        method: 'POST',
        url: '/api/sandbox/provider/JOKER/faults',
        payload: { mode: 'fail' },
      });
      expect(noHeader.json()).toEqual({ message: 'CLIENT_HEADER_MISSING' });
    });

    it('none: answers after the latency', async () => {
      const username = await newPlayer('AREASLOT');
      await setFault('AREASLOT', 'none', 300);
      const moved = await transfer({ gameCode: 'AREASLOT', username, direction: 'deposit', amount: 100 });
      expect(moved.status).toBe(200);
      expect(moved.ms).toBeGreaterThanOrEqual(290);
      await setFault('AREASLOT', 'none');
    });

    it('fail: a transfer fails for good, other calls answer 500, the catalogue and status still answer', async () => {
      const username = await newPlayer('CIRCUS', 1_000);
      expect((await setFault('CIRCUS', 'fail')).json()).toEqual({
        gameCode: 'CIRCUS',
        mode: 'fail',
        latencyMs: 0,
      });
      const reference = newReference();
      const failed = await transfer({
        gameCode: 'CIRCUS',
        username,
        reference,
        direction: 'deposit',
        amount: 100,
      });
      expect([failed.status, failed.body]).toEqual([
        422,
        { reference, status: 'failed', reason: 'PROVIDER_ERROR' },
      ]);
      expect(await statusOf('CIRCUS', reference)).toBe('failed');
      for (const [method, path, body] of [
        ['GET', `/players/CIRCUS/${username}`, undefined],
        ['POST', '/players', { gameCode: 'CIRCUS', username: newUsername() }],
        ['POST', `/players/CIRCUS/${username}/password`, undefined],
        ['POST', '/launch', { gameCode: 'CIRCUS', username, platform: 'web' }],
        ['GET', `/players/CIRCUS/${username}/rounds?after=0`, undefined],
      ] as const) {
        const answer = await api(method, path, body);
        expect([answer.status, answer.body], path).toEqual([500, { error: 'PROVIDER_ERROR' }]);
      }
      expect((await api('GET', '/games')).status).toBe(200);
      // Other games are not affected.
      expect((await api('POST', '/players', { gameCode: 'JOKER', username: newUsername() })).status).toBe(
        200,
      );

      await setFault('CIRCUS', 'none');
      expect(await balanceOf('CIRCUS', username)).toBe(1_000);
      // The reference stays failed once the provider is healthy again.
      const again = await transfer({
        gameCode: 'CIRCUS',
        username,
        reference,
        direction: 'deposit',
        amount: 100,
      });
      expect(again.body.reason).toBe('PROVIDER_ERROR');
    });

    it('timeout: applies nothing and holds the answer, then 504', async () => {
      const username = await newPlayer('USUN', 1_000);
      await setFault('USUN', 'timeout', 400);
      const reference = newReference();
      const held = await transfer({
        gameCode: 'USUN',
        username,
        reference,
        direction: 'withdraw',
        amount: 300,
      });
      expect(held.status).toBe(504);
      expect(held.body).not.toHaveProperty('status');
      expect(held.ms).toBeGreaterThanOrEqual(390);
      expect(await statusOf('USUN', reference)).toBe('not_found');
      expect((await api('POST', '/players', { gameCode: 'USUN', username: newUsername() })).status).toBe(504);

      // Latency 0 holds for 30 s: longer than this caller waits.
      await setFault('USUN', 'timeout', 0);
      const impatient = api(
        'POST',
        '/transfers',
        { gameCode: 'USUN', username, reference, direction: 'deposit', amount: 1, expiresAt: inAMinute() },
        { timeoutMs: 500 },
      );
      await expect(impatient).rejects.toThrow();
      await setFault('USUN', 'none');
      expect(await balanceOf('USUN', username)).toBe(1_000);
    });

    it('applied-then-timeout: applies the transfer, then holds the answer and answers 504', async () => {
      const username = await newPlayer('SUPERSLOT', 1_000);
      await setFault('SUPERSLOT', 'applied-then-timeout', 300);
      const reference = newReference();
      const held = await transfer({
        gameCode: 'SUPERSLOT',
        username,
        reference,
        direction: 'withdraw',
        amount: 400,
      });
      expect(held.status).toBe(504);
      expect(held.ms).toBeGreaterThanOrEqual(290);
      expect(await statusOf('SUPERSLOT', reference)).toBe('applied');
      await setFault('SUPERSLOT', 'none');
      expect(await balanceOf('SUPERSLOT', username)).toBe(600);
    });
  });

  describe('launch and the demo slot', () => {
    const launch = (gameCode: string, username: string, platform: string) =>
      api<{ link: string | null }>('POST', '/launch', { gameCode, username, platform });

    it('gives a web link to the play page, app links, and null where the game has no such platform', async () => {
      const username = await newPlayer('JOKER');
      const web = (await launch('JOKER', username, 'web')).body.link!;
      expect(web).toMatch(/^\/api\/sandbox\/pages\/play\/[A-Za-z0-9_-]{43}$/);
      const android = (await launch('JOKER', username, 'android')).body.link!;
      expect(android).toMatch(/^https:\/\/apps\.sandbox\.invalid\/JOKER\/android\/open\?player=/);
      // IMI is played in its app only; Huay HD has no apps.
      const appOnly = await newPlayer('IMI');
      expect((await launch('IMI', appOnly, 'web')).body).toEqual({ link: null });
      const lotto = await newPlayer('HUAYHD');
      expect((await launch('HUAYHD', lotto, 'ios')).body).toEqual({ link: null });
      expect((await launch('JOKER', newUsername(), 'web')).body).toEqual({ error: 'NO_PLAYER' });
      expect((await launch('JOKER', username, 'desktop')).status).toBe(400);
    });

    it('serves a play page with no inline script, its script and its stylesheet', async () => {
      const username = await newPlayer('PGSLOT', 2_500);
      const link = (await launch('PGSLOT', username, 'web')).body.link!;
      const page = await t.app.inject({ url: link });
      expect(page.statusCode).toBe(200);
      expect(page.headers['content-type']).toMatch(/^text\/html/);
      expect(page.headers['content-security-policy']).toContain("script-src 'self'");
      expect(page.body).toContain('PG Slot');
      expect(page.body).toContain('25.00');
      const scripts = [...page.body.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)];
      expect(scripts).toHaveLength(1);
      expect(scripts[0]![1]).toContain('src="/api/sandbox/pages/slot.js"');
      expect(scripts[0]![2]).toBe('');
      expect(page.body).not.toMatch(/\son[a-z]+\s*=/i);
      expect(page.body).not.toMatch(/javascript:/i);

      const script = await t.app.inject({ url: '/api/sandbox/pages/slot.js' });
      expect([script.statusCode, script.headers['content-type']]).toEqual([
        200,
        'text/javascript; charset=utf-8',
      ]);
      const style = await t.app.inject({ url: '/api/sandbox/pages/slot.css' });
      expect([style.statusCode, style.headers['content-type']]).toEqual([200, 'text/css; charset=utf-8']);
      const symbol = await t.app.inject({ url: '/api/sandbox/pages/symbols/cherry.svg' });
      expect(symbol.headers['content-type']).toMatch(/^image\/svg\+xml/);

      const unknown = await t.app.inject({ url: `/api/sandbox/pages/play/${'A'.repeat(43)}` });
      expect(unknown.statusCode).toBe(404);
      expect(unknown.body).toContain('This game link has expired');
    });

    it('spins: takes the bet, pays the win, records the round, all in one', async () => {
      const username = await newPlayer('JOKER', 10_000);
      const link = (await launch('JOKER', username, 'web')).body.link!;
      const spin = (bet: number) => t.app.inject({ method: 'POST', url: `${link}/spin`, payload: { bet } });

      let expected = 10_000;
      const played: { bet: number; win: number }[] = [];
      for (const bet of [100, 500, 1_000, 100]) {
        const answer = await spin(bet);
        expect(answer.statusCode, answer.body).toBe(200);
        const result = answer.json<{ reels: string[]; bet: number; win: number; balance: number }>();
        expect(result.reels).toHaveLength(3);
        expect(result.bet).toBe(bet);
        expected = expected - bet + result.win;
        expect(result.balance).toBe(expected);
        played.push({ bet, win: result.win });
      }
      expect(await balanceOf('JOKER', username)).toBe(expected);
      expect((await t.app.inject({ url: `${link}/state` })).json()).toEqual({
        gameCode: 'JOKER',
        name: 'Joker',
        balance: expected,
      });

      const { rounds } = (
        await api<{ rounds: { id: number; bet: number; win: number; playedAt: string }[] }>(
          'GET',
          `/players/JOKER/${username}/rounds?after=0`,
        )
      ).body;
      expect(rounds.map(({ bet, win }) => ({ bet, win }))).toEqual(played);
      expect(rounds.map((round) => round.id)).toEqual(
        [...rounds.map((round) => round.id)].sort((a, b) => a - b),
      );
      expect(Date.parse(rounds[0]!.playedAt)).toBeGreaterThan(Date.now() - 60_000);
      const after = await api<{ rounds: { id: number }[] }>(
        'GET',
        `/players/JOKER/${username}/rounds?after=${rounds[1]!.id}`,
      );
      expect(after.body.rounds.map((round) => round.id)).toEqual([rounds[2]!.id, rounds[3]!.id]);
      expect(
        (await api<{ rounds: unknown[] }>('GET', `/players/JOKER/${username}/rounds?after=${rounds[3]!.id}`))
          .body.rounds,
      ).toEqual([]);

      // A bet above the balance, and a bet the page does not offer, are refused.
      const poor = await newPlayer('JOKER', 300);
      const poorLink = (await launch('JOKER', poor, 'web')).body.link!;
      const refused = await t.app.inject({ method: 'POST', url: `${poorLink}/spin`, payload: { bet: 500 } });
      expect([refused.statusCode, refused.json()]).toEqual([400, { error: 'INSUFFICIENT_BALANCE' }]);
      expect(await balanceOf('JOKER', poor)).toBe(300);
      expect((await spin(123)).statusCode).toBe(400);
      const expired = await t.app.inject({
        method: 'POST',
        url: `/api/sandbox/pages/play/${'B'.repeat(43)}/spin`,
        payload: { bet: 100 },
      });
      expect([expired.statusCode, expired.json()]).toEqual([404, { error: 'LINK_EXPIRED' }]);
    });

    it('never takes more than the balance when spins race', async () => {
      const username = await newPlayer('JOKER', 500);
      const link = (await launch('JOKER', username, 'web')).body.link!;
      const answers = await Promise.all(
        Array.from({ length: 12 }, () =>
          t.app.inject({ method: 'POST', url: `${link}/spin`, payload: { bet: 100 } }),
        ),
      );
      const played = answers.filter((answer) => answer.statusCode === 200);
      const wins = played.reduce((sum, answer) => sum + answer.json<{ win: number }>().win, 0);
      expect(await balanceOf('JOKER', username)).toBe(500 - played.length * 100 + wins);
      expect(answers.every((answer) => [200, 400].includes(answer.statusCode))).toBe(true);
    });

    it('expires a launch link after an hour', async () => {
      const username = await newPlayer('JOKER');
      const link = (await launch('JOKER', username, 'web')).body.link!;
      const token = link.split('/').at(-1)!;
      const later = createSandboxProviderService({
        db: t.database.db,
        now: () => new Date(Date.now() + 3_600_000 + 1_000),
      });
      await expect(later.playerOfLaunch(token)).rejects.toMatchObject({ code: 'LINK_EXPIRED' });
      const soon = createSandboxProviderService({
        db: t.database.db,
        now: () => new Date(Date.now() + 3_500_000),
      });
      await expect(soon.playerOfLaunch(token)).resolves.toMatchObject({ username });
    });
  });
});

describe('sandbox game provider, closing', () => {
  it('ends held answers when the server closes, instead of waiting for them', async () => {
    const t = await createTestApp({ GAME_PROVIDER_KEY: KEY });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const origin = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    await t.app.inject({
      method: 'POST',
      url: '/api/sandbox/provider/JOKER/faults',
      payload: { mode: 'timeout', latencyMs: 0 },
      headers: memberHeaders(),
    });
    const held = fetch(`${origin}/api/sandbox/provider-api/players`, {
      method: 'POST',
      headers: { 'x-provider-key': KEY, 'content-type': 'application/json' },
      body: JSON.stringify({ gameCode: 'JOKER', username: 'heldplayer' }),
    }).then(
      (response) => response.status,
      () => 'lost',
    );
    await new Promise((resolve) => setTimeout(resolve, 300));
    const started = Date.now();
    await t.close();
    expect(Date.now() - started).toBeLessThan(5_000);
    expect([504, 'lost']).toContain(await held);
  });
});
