import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';

const PRECOMPRESS = fileURLToPath(new URL('../../../web/scripts/precompress.mjs', import.meta.url));

describe('the built member app', () => {
  let t: TestApp;
  let dist: string;
  // Big enough to be worth compressing, as the real build files are.
  const shell = `<!doctype html><title>member app</title>${'<p>shell</p>'.repeat(200)}`;
  const script = `console.log(${JSON.stringify('the member app '.repeat(300))});`;
  beforeAll(async () => {
    dist = mkdtempSync(path.join(tmpdir(), 'web-dist-'));
    mkdirSync(path.join(dist, 'assets'));
    writeFileSync(path.join(dist, 'index.html'), shell);
    writeFileSync(path.join(dist, 'assets', 'app-5678.js'), script);
    writeFileSync(path.join(dist, 'assets', 'tiny-9999.css'), 'body{margin:0}');
    writeFileSync(
      path.join(dist, 'assets', 'index-1234.js'),
      'console.log(1)\n//# sourceMappingURL=index-1234.js.map',
    );
    writeFileSync(path.join(dist, 'assets', 'index-1234.js.map'), '{"version":3,"sources":["secret.tsx"]}');
    // The build's own step (npm run build runs it after vite build).
    execFileSync(process.execPath, [PRECOMPRESS, dist]);
    t = await createTestApp({}, { webDistDir: dist });
  });
  afterAll(() => t.close());

  it('serves no source map, even one left in the build', async () => {
    expect((await t.app.inject({ url: '/assets/index-1234.js' })).statusCode).toBe(200);
    const map = await t.app.inject({ url: '/assets/index-1234.js.map' });
    expect(map.statusCode).toBe(404);
    expect(map.body).not.toContain('secret.tsx');
  });

  it('the build step writes .br and .gz siblings of text files of 1 KB and more only', () => {
    for (const file of ['index.html', 'assets/app-5678.js']) {
      expect(existsSync(path.join(dist, `${file}.br`))).toBe(true);
      expect(existsSync(path.join(dist, `${file}.gz`))).toBe(true);
    }
    for (const file of ['assets/tiny-9999.css', 'assets/index-1234.js', 'assets/index-1234.js.map']) {
      expect(existsSync(path.join(dist, `${file}.br`))).toBe(false);
      expect(existsSync(path.join(dist, `${file}.gz`))).toBe(false);
    }
  });

  const get = (url: string, acceptEncoding?: string, extra: Record<string, string> = {}) =>
    t.app.inject({
      url,
      headers: acceptEncoding === undefined ? extra : { 'accept-encoding': acceptEncoding, ...extra },
    });

  it('sends brotli when the browser accepts it, with the type and Vary', async () => {
    const answer = await get('/assets/app-5678.js', 'gzip, deflate, br, zstd');
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-encoding']).toBe('br');
    expect(answer.headers['content-type']).toMatch(/^text\/javascript|^application\/javascript/);
    expect(answer.headers.vary).toMatch(/accept-encoding/i);
    expect(answer.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotliDecompressSync(answer.rawPayload).toString()).toBe(script);
    expect(answer.rawPayload.length).toBeLessThan(script.length / 5);
  });

  it('sends gzip when only gzip is accepted, or brotli is refused by its q-value', async () => {
    for (const accept of ['gzip', 'br;q=0, gzip', 'gzip;q=1, br;q=0.5']) {
      const answer = await get('/assets/app-5678.js', accept);
      expect(answer.headers['content-encoding'], accept).toBe('gzip');
      expect(answer.headers.vary).toMatch(/accept-encoding/i);
      expect(gunzipSync(answer.rawPayload).toString()).toBe(script);
    }
  });

  it('sends the file itself when no encoding is accepted, still with Vary', async () => {
    for (const accept of [undefined, 'identity', 'br;q=0, gzip;q=0', 'deflate']) {
      const answer = await get('/assets/app-5678.js', accept);
      expect(answer.statusCode).toBe(200);
      expect(answer.headers['content-encoding'], accept).toBeUndefined();
      expect(answer.body).toBe(script);
    }
    expect((await get('/assets/app-5678.js', 'identity')).headers.vary).toMatch(/accept-encoding/i);
  });

  it('sends a small file without a sibling as it is', async () => {
    const answer = await get('/assets/tiny-9999.css', 'br, gzip');
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-encoding']).toBeUndefined();
    expect(answer.headers['content-type']).toMatch(/^text\/css/);
    expect(answer.body).toBe('body{margin:0}');
  });

  it('compresses the shell of / and of a page path (the history fallback)', async () => {
    for (const url of ['/', '/user/home']) {
      const br = await get(url, 'br, gzip');
      expect(br.statusCode).toBe(200);
      expect(br.headers['content-encoding']).toBe('br');
      expect(br.headers['content-type']).toMatch(/^text\/html/);
      expect(br.headers['cache-control']).toBe('no-cache');
      expect(br.headers.vary).toMatch(/accept-encoding/i);
      expect(brotliDecompressSync(br.rawPayload).toString()).toBe(shell);
      const gzip = await get(url, 'gzip');
      expect(gzip.headers['content-encoding']).toBe('gzip');
      expect(gunzipSync(gzip.rawPayload).toString()).toBe(shell);
      const plain = await get(url);
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.body).toBe(shell);
    }
  });

  it('answers HEAD and ranges of the file it chose', async () => {
    const head = await t.app.inject({
      method: 'HEAD',
      url: '/assets/app-5678.js',
      headers: { 'accept-encoding': 'br' },
    });
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-encoding']).toBe('br');
    expect(head.body).toBe('');
    const full = (await get('/assets/app-5678.js', 'br')).rawPayload;
    expect(Number(head.headers['content-length'])).toBe(full.length);

    const range = await get('/assets/app-5678.js', 'br', { range: 'bytes=0-9' });
    expect(range.statusCode).toBe(206);
    expect(range.headers['content-encoding']).toBe('br');
    expect(range.rawPayload.equals(full.subarray(0, 10))).toBe(true);
    const plainRange = await get('/assets/app-5678.js', undefined, { range: 'bytes=0-9' });
    expect(plainRange.statusCode).toBe(206);
    expect(plainRange.body).toBe(script.slice(0, 10));
  });
});
