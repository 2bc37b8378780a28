import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, memberHeaders, type TestApp } from '../../test/test-app';
import { holdsControlCharacter } from './request-policy';

describe('control characters', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const refused = { message: 'INVALID_CHARACTERS' };

  it('refuses a NUL in a JSON body field with 400 INVALID_CHARACTERS, before it reaches the database', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { username: '0812345678', password: 'pass\u0000word' },
      headers: memberHeaders(),
    });
    expect([response.statusCode, response.json()]).toEqual([400, refused]);
    // A key counts as much as a value.
    const key = await t.app.inject({
      method: 'POST',
      url: '/api/sandbox/service',
      payload: { terminated: false, 'x\u0000': 1 },
      headers: memberHeaders(),
    });
    expect([key.statusCode, key.json()]).toEqual([400, refused]);
  });

  it('refuses a NUL in a query value and in a path segment', async () => {
    const query = await t.app.inject({
      url: '/api/sandbox/sms?phone=0812%00345678',
      headers: memberHeaders(),
    });
    expect([query.statusCode, query.json()]).toEqual([400, refused]);
    const path = await t.app.inject({
      method: 'POST',
      url: '/api/sandbox/provider/JO%00KER/faults',
      payload: { mode: 'none', latencyMs: 0 },
      headers: memberHeaders(),
    });
    expect([path.statusCode, path.json()]).toEqual([400, refused]);
  });

  it('refuses the other C0 controls but lets tab, line feed and carriage return through', () => {
    expect(holdsControlCharacter({ a: [{ b: 'x\u001by' }] })).toBe(true);
    expect(holdsControlCharacter(['\u0007'])).toBe(true);
    expect(holdsControlCharacter({ note: 'line one\r\nline\ttwo', amount: 1, on: true, none: null })).toBe(
      false,
    );
    // Deep nesting is walked without recursion.
    expect(holdsControlCharacter(JSON.parse(`${'['.repeat(100_000)}"\\u0000"${']'.repeat(100_000)}`))).toBe(
      true,
    );
  });

  it('refuses a lone surrogate (jsonb cannot hold its escape) but lets pairs, Thai and Lao through', () => {
    expect(holdsControlCharacter({ note: 'ok \ud800' })).toBe(true);
    expect(holdsControlCharacter({ note: '\udc00 first' })).toBe(true);
    expect(holdsControlCharacter({ ['key\ud83d']: 1 })).toBe(true);
    expect(holdsControlCharacter({ note: 'ผ่าน ຜ່ານ 😀 \ud83d\ude00' })).toBe(false);
  });
});
