import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { configureApiClient } from './api-client';
import { createMoneyRequester, newIdempotencyKey } from './idempotency';

const Answer = z.object({ status: z.string() });

/** A server answering each call with the next of `answers` ('down' = connection lost). */
function server(...answers: ({ status: number; body: unknown } | 'down')[]) {
  const keys: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (_url: string, init: RequestInit) => {
      keys.push((init.headers as Record<string, string>)['idempotency-key']!);
      const answer = answers.shift() ?? { status: 200, body: { status: 'SUCCESS' } };
      if (answer === 'down') throw new TypeError('Failed to fetch');
      return new Response(JSON.stringify(answer.body), { status: answer.status });
    }),
  );
  return keys;
}

const ok = { status: 200, body: { status: 'SUCCESS' } };

afterEach(() => vi.unstubAllGlobals());

describe('money requests and their idempotency keys', () => {
  configureApiClient({ onGone() {}, onSessionEnded() {}, locale: () => 'en' });

  it('makes keys the server accepts: 16-100 of [A-Za-z0-9_-], different each time', () => {
    const first = newIdempotencyKey();
    expect(first).toMatch(/^[A-Za-z0-9_-]{16,100}$/);
    expect(newIdempotencyKey()).not.toBe(first);
  });

  it('sends the same key again when the very same request is retried after a lost connection', async () => {
    const keys = server('down', ok);
    const money = createMoneyRequester();
    const body = { from: 'wallet', to: 'JOKER', amount: 10_000 };
    await expect(money.send('/api/wallet/transfer', body, Answer)).rejects.toMatchObject({
      code: 'NETWORK_ERROR',
    });
    await money.send('/api/wallet/transfer', { ...body }, Answer);
    expect(keys).toHaveLength(2);
    expect(keys[1]).toBe(keys[0]);
  });

  it('keeps the key after a timeout or a 5xx too, until a definite answer', async () => {
    const keys = server({ status: 503, body: { message: 'SERVICE_UNAVAILABLE' } }, ok, ok);
    const money = createMoneyRequester();
    const body = { to: 'JOKER' };
    await expect(money.send('/api/wallet/transferAll', body, Answer)).rejects.toBeTruthy();
    await money.send('/api/wallet/transferAll', body, Answer);
    await money.send('/api/wallet/transferAll', body, Answer);
    expect(keys[1]).toBe(keys[0]);
    // The success settled that action: the same request again is a new action.
    expect(keys[2]).not.toBe(keys[1]);
  });

  it('uses a new key for each action: after success, after a refusal, and for other content', async () => {
    const keys = server(ok, { status: 400, body: { message: 'MONEY_NOT_ENOUGH' } }, ok, 'down', ok);
    const money = createMoneyRequester();
    await money.send('/api/wallet/withdrawAll', { amount: 10_000 }, Answer);
    await expect(money.send('/api/wallet/withdrawAll', { amount: 10_000 }, Answer)).rejects.toMatchObject({
      code: 'MONEY_NOT_ENOUGH',
    });
    await money.send('/api/wallet/withdrawAll', { amount: 10_000 }, Answer);
    await expect(money.send('/api/wallet/withdrawAll', { amount: 20_000 }, Answer)).rejects.toBeTruthy();
    // The member changed the amount after the lost connection: a different request, a new key.
    await money.send('/api/wallet/withdrawAll', { amount: 30_000 }, Answer);
    expect(new Set(keys).size).toBe(5);
  });
});
