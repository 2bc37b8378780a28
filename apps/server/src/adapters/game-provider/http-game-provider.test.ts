import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GAME_CODES } from '@wallet/contract/http/wallet';
import { createTestApp, memberHeaders, type TestApp } from '../../../test/test-app';
import { GameProviderError, type ProviderMove } from './game-provider';
import { HttpGameProvider } from './http-game-provider';

const KEY = 'http-game-provider-test-key';
const newUsername = () => `h${randomBytes(6).toString('hex')}`;
const move = (username: string, amount: bigint, expiresInMs = 60_000): ProviderMove => ({
  username,
  reference: `ref-${randomBytes(8).toString('hex')}`,
  amount,
  expiresAt: new Date(Date.now() + expiresInMs),
});

/** Against the real sandbox provider, over HTTP. */
describe('HttpGameProvider with the sandbox provider', () => {
  let t: TestApp;
  let baseUrl = '';
  const provider = (options: { key?: string; timeoutMs?: number } = {}) =>
    new HttpGameProvider({
      baseUrl: () => baseUrl,
      key: options.key ?? KEY,
      timeoutMs: options.timeoutMs ?? 5_000,
    });
  const setFault = (gameCode: string, mode: string, latencyMs = 0) =>
    t.app.inject({
      method: 'POST',
      url: `/api/sandbox/provider/${gameCode}/faults`,
      payload: { mode, latencyMs },
      headers: memberHeaders(),
    });

  beforeAll(async () => {
    t = await createTestApp({ GAME_PROVIDER_KEY: KEY });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    baseUrl = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}/api/sandbox/provider-api`;
  });
  afterAll(() => t.close());

  it('reads the catalogue', async () => {
    const games = await provider().catalogue();
    expect(games.map((game) => game.code)).toEqual([...GAME_CODES]);
    expect(games[0]).toMatchObject({
      code: 'JOKER',
      category: 'slot',
      logo: '/api/sandbox/pages/art/JOKER/logo.svg',
    });
  });

  it('creates a player, reads its login and balance, resets its password', async () => {
    const username = newUsername();
    const login = await provider().createPlayer('JOKER', username);
    expect(login.username).toBe(username);
    await expect(provider().createPlayer('JOKER', username)).rejects.toMatchObject({
      name: 'GameProviderError',
      code: 'PLAYER_EXISTS',
    });
    await expect(provider().createPlayer('NOPE', username)).rejects.toMatchObject({ code: 'NO_GAME' });
    expect(await provider().credentials('JOKER', username)).toEqual(login);
    expect(await provider().balance('JOKER', username)).toBe(0n);
    const reset = await provider().resetPassword('JOKER', username);
    expect(reset.password).not.toBe(login.password);
    expect(await provider().credentials('JOKER', username)).toEqual(reset);
    await expect(provider().balance('JOKER', newUsername())).rejects.toMatchObject({ code: 'NO_PLAYER' });
  });

  it('moves money: applied, failed with the reason, and the status of each reference', async () => {
    const username = newUsername();
    await provider().createPlayer('PG', username);
    const deposit = move(username, 5_000n);
    expect(await provider().deposit('PG', deposit)).toEqual({ kind: 'applied' });
    // A copy of the same reference: the stored outcome, nothing moves again.
    expect(await provider().deposit('PG', deposit)).toEqual({ kind: 'applied' });
    expect(await provider().balance('PG', username)).toBe(5_000n);

    const tooMuch = move(username, 9_000n);
    expect(await provider().withdraw('PG', tooMuch)).toEqual({
      kind: 'failed',
      reason: 'INSUFFICIENT_BALANCE',
    });
    expect(await provider().withdraw('PG', move(username, 2_000n))).toEqual({ kind: 'applied' });
    expect(await provider().balance('PG', username)).toBe(3_000n);
    const expired = move(username, 100n, -1_000);
    expect(await provider().deposit('PG', expired)).toEqual({ kind: 'failed', reason: 'EXPIRED' });

    expect(await provider().status('PG', deposit.reference)).toBe('applied');
    expect(await provider().status('PG', tooMuch.reference)).toBe('failed');
    expect(await provider().status('PG', expired.reference)).toBe('failed');
    expect(await provider().status('PG', 'never-sent-reference')).toBe('not_found');
  });

  it('launches and reads the rounds played', async () => {
    const username = newUsername();
    await provider().createPlayer('JOKER', username);
    await provider().deposit('JOKER', move(username, 1_000n));
    const link = await provider().launch('JOKER', username, 'web');
    expect(link).toMatch(/^\/api\/sandbox\/pages\/play\//);
    expect(
      await provider()
        .launch('IMI', username, 'web')
        .catch((error: GameProviderError) => error.code),
    ).toBe('NO_PLAYER');
    for (let i = 0; i < 3; i++) {
      const spin = await t.app.inject({ method: 'POST', url: `${link}/spin`, payload: { bet: 100 } });
      expect(spin.statusCode).toBe(200);
    }
    const rounds = await provider().rounds('JOKER', username, 0);
    expect(rounds).toHaveLength(3);
    expect(rounds[0]!.bet).toBe(100n);
    expect(typeof rounds[0]!.win).toBe('bigint');
    expect(rounds[0]!.playedAt).toBeInstanceOf(Date);
    expect(await provider().rounds('JOKER', username, rounds[0]!.id)).toEqual(rounds.slice(1));
  });

  it('answers unknown when the provider holds its answer, whether it applied or not', async () => {
    const username = newUsername();
    await provider().createPlayer('SLOTRACHA', username);
    await provider().deposit('SLOTRACHA', move(username, 1_000n));

    await setFault('SLOTRACHA', 'timeout', 2_000);
    const skipped = move(username, 100n);
    expect(await provider({ timeoutMs: 300 }).withdraw('SLOTRACHA', skipped)).toEqual({
      kind: 'unknown',
      reason: 'timeout',
    });
    await setFault('SLOTRACHA', 'applied-then-timeout', 2_000);
    const applied = move(username, 200n);
    expect(await provider({ timeoutMs: 300 }).withdraw('SLOTRACHA', applied)).toEqual({
      kind: 'unknown',
      reason: 'timeout',
    });
    // Status queries are never faulted: the reconciler learns the truth.
    expect(await provider().status('SLOTRACHA', skipped.reference)).toBe('not_found');
    expect(await provider().status('SLOTRACHA', applied.reference)).toBe('applied');
    await expect(provider({ timeoutMs: 300 }).credentials('SLOTRACHA', username)).rejects.toThrow(/timeout/);

    await setFault('SLOTRACHA', 'fail');
    expect(await provider().deposit('SLOTRACHA', move(username, 100n))).toEqual({
      kind: 'failed',
      reason: 'PROVIDER_ERROR',
    });
    await expect(provider().balance('SLOTRACHA', username)).rejects.toMatchObject({ code: 'PROVIDER_ERROR' });
    await setFault('SLOTRACHA', 'none');
    expect(await provider().balance('SLOTRACHA', username)).toBe(800n);
  });

  it('with a wrong key: refused calls throw, money calls answer unknown', async () => {
    await expect(provider({ key: 'wrong' }).catalogue()).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
    expect(await provider({ key: 'wrong' }).deposit('JOKER', move('anyone', 100n))).toEqual({
      kind: 'unknown',
      reason: 'provider answered 401 UNAUTHORIZED',
    });
  });

  it('does not send an amount the protocol cannot carry, and says it failed', async () => {
    expect(await provider().deposit('JOKER', move('anyone', 0n))).toMatchObject({ kind: 'failed' });
    expect(await provider().deposit('JOKER', move('anyone', 2n ** 60n))).toMatchObject({ kind: 'failed' });
  });
});

/** Against a misbehaving provider on loopback: what each kind of non-answer becomes. */
describe('HttpGameProvider with a misbehaving provider', () => {
  type Behaviour = (request: IncomingMessage, response: ServerResponse, body: string) => void;
  let behaviour: Behaviour = (_request, response) => response.writeHead(500).end();
  const received: { url: string | undefined; key: string | string[] | undefined; body: string }[] = [];
  const server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      received.push({ url: request.url, key: request.headers['x-provider-key'], body });
      behaviour(request, response, body);
    });
  });
  let port = 0;
  const json =
    (status: number, value: unknown): Behaviour =>
    (_request, response) =>
      response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(value));
  const provider = (timeoutMs = 300) =>
    new HttpGameProvider({ baseUrl: () => `http://127.0.0.1:${port}/api/`, key: 'k3y', timeoutMs });

  beforeAll(async () => {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  it('sends the key and the move as the protocol says', async () => {
    behaviour = json(200, { reference: 'r-1', status: 'applied', balance: 100 });
    const expiresAt = new Date('2030-01-01T00:00:00.000Z');
    const outcome = await provider().deposit('JOKER', {
      username: 'abc',
      reference: 'r-1',
      amount: 100n,
      expiresAt,
    });
    expect(outcome).toEqual({ kind: 'applied' });
    expect(received.at(-1)).toEqual({
      url: '/api/transfers',
      key: 'k3y',
      body: JSON.stringify({
        gameCode: 'JOKER',
        username: 'abc',
        reference: 'r-1',
        direction: 'deposit',
        amount: 100,
        expiresAt: '2030-01-01T00:00:00.000Z',
      }),
    });
  });

  const cases: [string, Behaviour, RegExp][] = [
    ['never answers', () => undefined, /^timeout$/],
    [
      'sends headers, then stalls',
      (_request, response) => {
        response.writeHead(200, { 'content-type': 'application/json' });
        response.write('{"reference":');
      },
      /^timeout$/,
    ],
    ['answers 500', json(500, { error: 'PROVIDER_ERROR' }), /500 PROVIDER_ERROR/],
    [
      'answers 502 from a proxy page',
      (_q, response) => response.writeHead(502).end('<html>Bad gateway</html>'),
      /502/,
    ],
    ['answers 200 with garbage', (_q, response) => response.writeHead(200).end('not json'), /200/],
    [
      'answers 200 about another reference',
      json(200, { reference: 'other', status: 'applied', balance: 1 }),
      /200/,
    ],
    ['answers 200 without a status', json(200, { ok: true }), /200/],
    ['answers 422 without a verdict', json(422, { error: 'SOMETHING' }), /422/],
    ['answers 404 of a wrong path', json(404, { message: 'NOT_FOUND' }), /404/],
    ['hangs up', (request) => request.socket.destroy(), /^network error/],
  ];
  for (const [name, misbehaviour, reason] of cases) {
    it(`a money move is unknown when the provider ${name}`, async () => {
      behaviour = misbehaviour;
      const outcome = await provider().withdraw('JOKER', move('abc', 100n));
      expect(outcome.kind).toBe('unknown');
      expect(outcome.kind === 'unknown' && outcome.reason).toMatch(reason);
    });
  }

  it('a money move is unknown when nothing listens', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const closedPort = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const nowhere = new HttpGameProvider({
      baseUrl: () => `http://127.0.0.1:${closedPort}`,
      key: 'k',
      timeoutMs: 500,
    });
    const outcome = await nowhere.deposit('JOKER', move('abc', 100n));
    expect(outcome).toMatchObject({ kind: 'unknown' });
    expect(outcome.kind === 'unknown' && outcome.reason).toMatch(/network error/);
    await expect(nowhere.status('JOKER', 'r')).rejects.toBeInstanceOf(GameProviderError);
  });

  it('a failed verdict carries the reason, whatever the reason', async () => {
    const m = move('abc', 100n);
    behaviour = json(422, { reference: m.reference, status: 'failed', reason: 'ACCOUNT_LOCKED' });
    expect(await provider().deposit('JOKER', m)).toEqual({ kind: 'failed', reason: 'ACCOUNT_LOCKED' });
  });

  it('status: only a clear verdict counts', async () => {
    behaviour = json(404, { status: 'not_found' });
    expect(await provider().status('JOKER', 'r/1')).toBe('not_found');
    expect(received.at(-1)!.url).toBe('/api/transfers/JOKER/r%2F1');
    behaviour = json(200, { reference: 'r-2', status: 'failed' });
    expect(await provider().status('JOKER', 'r-2')).toBe('failed');
    for (const unclear of [
      json(404, { message: 'NOT_FOUND' }),
      json(200, { reference: 'r-3', status: 'pending' }),
      json(200, { reference: 'other', status: 'applied' }),
      json(500, { error: 'PROVIDER_ERROR' }),
      () => undefined,
    ]) {
      behaviour = unclear;
      await expect(provider().status('JOKER', 'r-3')).rejects.toBeInstanceOf(GameProviderError);
    }
  });

  it('other calls throw GameProviderError on a malformed answer or a non-answer', async () => {
    behaviour = json(200, { games: [{ code: 'JOKER' }] });
    await expect(provider().catalogue()).rejects.toThrow(/malformed/);
    behaviour = (_q, response) => response.writeHead(200).end('<html>');
    await expect(provider().createPlayer('JOKER', 'abc')).rejects.toBeInstanceOf(GameProviderError);
    behaviour = json(409, { error: 'PLAYER_EXISTS' });
    await expect(provider().createPlayer('JOKER', 'abc')).rejects.toMatchObject({ code: 'PLAYER_EXISTS' });
    behaviour = () => undefined;
    await expect(provider().launch('JOKER', 'abc', 'web')).rejects.toMatchObject({ code: null });
    behaviour = json(200, { rounds: [{ id: 1, bet: 100, win: 0, playedAt: '2030-01-01T00:00:00.000Z' }] });
    expect(await provider().rounds('JOKER', 'abc', 0)).toEqual([
      { id: 1, bet: 100n, win: 0n, playedAt: new Date('2030-01-01T00:00:00.000Z') },
    ]);
    expect(received.at(-1)!.url).toBe('/api/players/JOKER/abc/rounds?after=0');
  });
});
