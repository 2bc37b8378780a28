import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { ApiError, apiRequest, configureApiClient } from './api-client';
import { storage } from './storage';

function respond(status: number, body: string) {
  return vi.fn(async () => new Response(body, { status, headers: { 'content-type': 'application/json' } }));
}

function wire() {
  const navigation = { onGone: vi.fn(), onSessionEnded: vi.fn(), locale: () => 'lo' };
  configureApiClient(navigation);
  return navigation;
}

const Schema = z.object({ ok: z.boolean() });

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('apiRequest', () => {
  it('sends the client header, the language and the bearer token when signed in', async () => {
    wire();
    const fetch = respond(200, '{"ok":true}');
    vi.stubGlobal('fetch', fetch);
    storage.setToken('abc', false);
    await expect(apiRequest('/api/thing', { schema: Schema })).resolves.toEqual({ ok: true });
    const headers = (fetch.mock.calls[0] as unknown as [string, RequestInit])[1].headers as Record<
      string,
      string
    >;
    expect(headers['x-requested-with']).toBe('wallet-user');
    expect(headers['accept-language']).toBe('lo');
    expect(headers.authorization).toBe('Bearer abc');
  });

  it('sends no authorization header when signed out', async () => {
    wire();
    const fetch = respond(200, '{"ok":true}');
    vi.stubGlobal('fetch', fetch);
    await apiRequest('/api/thing', { schema: Schema });
    const headers = (fetch.mock.calls[0] as unknown as [string, RequestInit])[1].headers as Record<
      string,
      string
    >;
    expect(headers.authorization).toBeUndefined();
  });

  it('returns the server code as an ApiError', async () => {
    wire();
    vi.stubGlobal('fetch', respond(400, '{"message":"MONEY_NOT_ENOUGH"}'));
    await expect(apiRequest('/api/thing', { schema: Schema })).rejects.toMatchObject({
      code: 'MONEY_NOT_ENOUGH',
      status: 400,
    });
  });

  it('sends the member to /terminated on gone', async () => {
    const navigation = wire();
    vi.stubGlobal('fetch', respond(410, '{"message":"gone"}'));
    await expect(apiRequest('/api/thing', { schema: Schema })).rejects.toBeInstanceOf(ApiError);
    expect(navigation.onGone).toHaveBeenCalledOnce();
  });

  it.each(['invalid-token', 'UNAUTHORIZED', 'EXPIRED_AUTH_TOKEN', 'ไม่สามารถยืนยันตัวตนได้'])(
    'clears the token and goes to /login on %s',
    async (code) => {
      const navigation = wire();
      storage.setToken('abc', true);
      vi.stubGlobal('fetch', respond(401, JSON.stringify({ message: code })));
      await expect(apiRequest('/api/thing', { schema: Schema })).rejects.toMatchObject({ code });
      expect(storage.getToken()).toBeNull();
      expect(navigation.onSessionEnded).toHaveBeenCalledOnce();
    },
  );

  it('answers INTERNAL_SERVER_ERROR for a 5xx without a code, NETWORK_ERROR when unreachable', async () => {
    wire();
    vi.stubGlobal('fetch', respond(502, '<html>bad gateway</html>'));
    await expect(apiRequest('/api/thing', { schema: Schema })).rejects.toMatchObject({
      code: 'INTERNAL_SERVER_ERROR',
    });
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('failed'))),
    );
    await expect(apiRequest('/api/thing', { schema: Schema })).rejects.toMatchObject({
      code: 'NETWORK_ERROR',
    });
  });

  it('gives up after the timeout with TIMEOUT_ERROR', async () => {
    wire();
    vi.stubGlobal(
      'fetch',
      vi.fn(
        (_url: string, init: RequestInit) =>
          new Promise((_resolve, reject) =>
            init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))),
          ),
      ),
    );
    await expect(apiRequest('/api/thing', { schema: Schema, timeoutMs: 20 })).rejects.toMatchObject({
      code: 'TIMEOUT_ERROR',
    });
  });
});
