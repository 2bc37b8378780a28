// @module-tag embedded
// (also run on the embedded PostgreSQL by npm run test:embedded: docs/decisions/040)
import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { isErrorCode } from '@wallet/contract/errors';
import { createTestApp, memberHeaders, type TestApp } from '../test/test-app';
import { PRODUCTION_ENV } from '../test/production-env';
import { AppError } from './platform/errors';

function fakeWebDist(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'web-dist-'));
  mkdirSync(path.join(dir, 'assets'));
  writeFileSync(path.join(dir, 'index.html'), '<!doctype html><title>member app</title>');
  writeFileSync(path.join(dir, 'assets', 'app-1234.js'), 'console.log(1)');
  return dir;
}

/** Routes that exist only to make the app fail in the ways a real route could. */
function addFailingRoutes(app: FastifyInstance): void {
  app.get('/api/test/boom', async () => {
    throw new Error('database password is hunter2');
  });
  app.get('/api/test/app-error', async () => {
    throw new AppError('MONEY_NOT_ENOUGH', 400);
  });
  app.post('/api/test/echo', async (request) => ({ body: request.body }));
}

describe('the HTTP layer', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(
      { BODY_LIMIT_BYTES: '2048' },
      { webDistDir: fakeWebDist(), beforeReady: addFailingRoutes },
    );
  });
  afterAll(() => t.close());

  it('refuses an /api call without the member app header, and one with a wrong value', async () => {
    const missing = await t.app.inject({ url: '/api/lookup/banks' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual({ message: 'CLIENT_HEADER_MISSING' });
    const wrong = await t.app.inject({
      url: '/api/lookup/banks',
      headers: { 'x-requested-with': 'XMLHttpRequest' },
    });
    expect(wrong.json()).toEqual({ message: 'CLIENT_HEADER_MISSING' });
  });

  it('lets the API document and health probe through without the header', async () => {
    const docs = await t.app.inject({ url: '/api/docs' });
    expect(docs.statusCode).toBe(200);
    const document = docs.json<{ openapi: string; paths: Record<string, unknown> }>();
    expect(document.openapi).toMatch(/^3\./);
    expect(Object.keys(document.paths)).toEqual(
      expect.arrayContaining(['/api/lookup/banks', '/api/lookup/active']),
    );
    const health = await t.app.inject({ url: '/api/health' });
    expect(health.json()).toMatchObject({ status: 'ok', mode: 'sandbox' });
  });

  it('answers an unknown /api path with NOT_FOUND as JSON, never a page', async () => {
    const response = await t.app.inject({ url: '/api/no/such/thing', headers: memberHeaders() });
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toMatch(/application\/json/);
    expect(response.json()).toEqual({ message: 'NOT_FOUND' });
  });

  it('answers malformed JSON, an oversize body and a wrong content type with their codes', async () => {
    const post = (payload: string, contentType = 'application/json') =>
      t.app.inject({
        method: 'POST',
        url: '/api/test/echo',
        payload,
        headers: memberHeaders({ 'content-type': contentType }),
      });
    const malformed = await post('{"amount": 1,');
    expect([malformed.statusCode, malformed.json()]).toEqual([400, { message: 'MALFORMED_JSON' }]);
    const large = await post(JSON.stringify({ text: 'x'.repeat(4096) }));
    expect([large.statusCode, large.json()]).toEqual([413, { message: 'PAYLOAD_TOO_LARGE' }]);
    const media = await post('<xml/>', 'application/xml');
    expect([media.statusCode, media.json()]).toEqual([415, { message: 'UNSUPPORTED_MEDIA_TYPE' }]);
  });

  it('answers a body that fails validation with 400 and a code', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/sandbox/service',
      payload: { terminated: 'yes' },
      headers: memberHeaders(),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: 'INVALID_INPUT' });
  });

  it('turns a thrown AppError into its code and hides an unknown failure behind INTERNAL_SERVER_ERROR', async () => {
    const known = await t.app.inject({ url: '/api/test/app-error', headers: memberHeaders() });
    expect([known.statusCode, known.json()]).toEqual([400, { message: 'MONEY_NOT_ENOUGH' }]);
    const unknown = await t.app.inject({ url: '/api/test/boom', headers: memberHeaders() });
    expect(unknown.statusCode).toBe(500);
    expect(unknown.body).toBe('{"message":"INTERNAL_SERVER_ERROR"}');
  });

  it('sets the security headers on API answers and pages', async () => {
    for (const url of ['/api/lookup/info', '/user/home']) {
      const response = await t.app.inject({ url, headers: memberHeaders() });
      const csp = String(response.headers['content-security-policy']);
      expect(csp).toContain("script-src 'self'");
      expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
      expect(csp).toContain("frame-ancestors 'none'");
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['x-frame-options']).toBe('DENY');
    }
  });

  it('serves the member app with history fallback, but not for missing files', async () => {
    const page = await t.app.inject({ url: '/user/home' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('member app');
    expect(page.headers['cache-control']).toBe('no-cache');
    const asset = await t.app.inject({ url: '/assets/app-1234.js' });
    expect(asset.headers['cache-control']).toContain('immutable');
    const missingAsset = await t.app.inject({ url: '/assets/missing.js' });
    expect(missingAsset.statusCode).toBe(404);
    const root = await t.app.inject({ url: '/' });
    expect([root.statusCode, root.body]).toEqual([200, expect.stringContaining('member app')]);
    const directory = await t.app.inject({ url: '/assets/' });
    expect(directory.statusCode).toBeGreaterThanOrEqual(400);
    expect(directory.statusCode).toBeLessThan(500);
  });

  it('serves the how-to clips the lookup names', async () => {
    const { videos } = (await t.app.inject({ url: '/api/lookup/howto', headers: memberHeaders() })).json<{
      videos: { url: string }[];
    }>();
    expect(videos).toHaveLength(5);
    // One clip per language: `{lang}` in the URL stands for the member's (decision 073).
    for (const video of videos) {
      for (const locale of ['th', 'lo', 'en']) {
        const clip = await t.app.inject({ url: video.url.replaceAll('{lang}', locale) });
        expect(clip.statusCode).toBe(200);
        expect(clip.headers['content-type']).toBe('video/mp4');
        expect(clip.rawPayload.subarray(4, 8).toString()).toBe('ftyp');
      }
    }
  });

  it('answers 410 gone on member calls while the service is terminated, and recovers', async () => {
    const terminate = (terminated: boolean) =>
      t.app.inject({
        method: 'POST',
        url: '/api/sandbox/service',
        payload: { terminated },
        headers: memberHeaders(),
      });
    expect((await terminate(true)).statusCode).toBe(200);
    try {
      const member = await t.app.inject({ url: '/api/lookup/banks', headers: memberHeaders() });
      expect([member.statusCode, member.json()]).toEqual([410, { message: 'gone' }]);
      const active = await t.app.inject({ url: '/api/lookup/active', headers: memberHeaders() });
      expect(active.json()).toEqual({ terminated: true });
    } finally {
      await terminate(false);
    }
    const again = await t.app.inject({ url: '/api/lookup/banks', headers: memberHeaders() });
    expect(again.statusCode).toBe(200);
  });

  it('forbids caching of every API answer, errors included', async () => {
    const answers = [
      await t.app.inject({ url: '/api/lookup/info', headers: memberHeaders() }),
      await t.app.inject({ url: '/api/no/such', headers: memberHeaders() }),
      await t.app.inject({ url: '/api/lookup/info' }),
      await t.app.inject({ url: '/api/test/boom', headers: memberHeaders() }),
    ];
    for (const answer of answers)
      expect(answer.headers['cache-control'], String(answer.statusCode)).toBe('no-store');
  });

  it('answers only codes the contract knows', async () => {
    const urls = ['/api/no/such', '/api/lookup/banks', '/api/test/boom', '/api/test/app-error'];
    for (const url of urls) {
      const message = (await t.app.inject({ url })).json<{ message: string }>().message;
      expect(isErrorCode(message)).toBe(true);
    }
  });
});

describe('production mode', () => {
  it('answers 404 on every sandbox route', async () => {
    const sandboxRoutes: { method: string; url: string }[] = [];
    const sandbox = await createTestApp();
    // Every sandbox route the sandbox app has, read from its OpenAPI document.
    const document = (await sandbox.app.inject({ url: '/api/docs' })).json<{
      paths: Record<string, object>;
    }>();
    for (const [url, methods] of Object.entries(document.paths)) {
      if (!url.startsWith('/api/sandbox/')) continue;
      for (const method of Object.keys(methods)) sandboxRoutes.push({ method: method.toUpperCase(), url });
    }
    await sandbox.close();
    expect(sandboxRoutes.length).toBeGreaterThan(0);

    // Production, but on the test database: DATABASE_URL of PRODUCTION_ENV is only there to pass validation.
    const production = await createTestApp({ ...PRODUCTION_ENV });
    try {
      for (const { method, url } of sandboxRoutes) {
        const response = await production.app.inject({
          method: method as 'GET' | 'POST',
          url,
          payload: method === 'GET' ? undefined : {},
          headers: memberHeaders(),
        });
        expect(response.statusCode, `${method} ${url}`).toBe(404);
        expect(response.json()).toEqual({ message: 'NOT_FOUND' });
      }
    } finally {
      await production.close();
    }
  });
});
