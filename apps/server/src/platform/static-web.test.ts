import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';

describe('the built member app', () => {
  let t: TestApp;
  beforeAll(async () => {
    const dist = mkdtempSync(path.join(tmpdir(), 'web-dist-'));
    mkdirSync(path.join(dist, 'assets'));
    writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>member app</title>');
    writeFileSync(
      path.join(dist, 'assets', 'index-1234.js'),
      'console.log(1)\n//# sourceMappingURL=index-1234.js.map',
    );
    writeFileSync(path.join(dist, 'assets', 'index-1234.js.map'), '{"version":3,"sources":["secret.tsx"]}');
    t = await createTestApp({}, { webDistDir: dist });
  });
  afterAll(() => t.close());

  it('serves no source map, even one left in the build', async () => {
    expect((await t.app.inject({ url: '/assets/index-1234.js' })).statusCode).toBe(200);
    const map = await t.app.inject({ url: '/assets/index-1234.js.map' });
    expect(map.statusCode).toBe(404);
    expect(map.body).not.toContain('secret.tsx');
  });
});
