import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, memberHeaders, type TestApp } from '../../test/test-app';

describe('security headers', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const directive = (csp: string, name: string) =>
    csp
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .find(([directiveName]) => directiveName === name)
      ?.slice(1);

  // 'self' covers the page's own websockets in CSP level 3 browsers; the Host header is the
  // client's to write, so it names no source, whatever host it says.
  for (const host of ['wallet.example.test:8443', 'evil.example', "evil.test script-src 'unsafe-inline'"]) {
    it(`lets pages connect to their own origin only (Host: ${host})`, async () => {
      const response = await t.app.inject({ url: '/api/lookup/info', headers: memberHeaders({ host }) });
      expect(response.statusCode).toBe(200);
      const csp = String(response.headers['content-security-policy']);
      expect(directive(csp, 'connect-src')).toEqual(["'self'"]);
      expect(csp).not.toContain('evil');
    });
  }

  it('switches off the browser features the app does not use', async () => {
    const response = await t.app.inject({ url: '/api/lookup/info', headers: memberHeaders() });
    const policy = String(response.headers['permissions-policy']);
    for (const feature of ['camera', 'microphone', 'geolocation', 'payment', 'usb']) {
      expect(policy).toContain(`${feature}=()`);
    }
    // Copying to the clipboard keeps working.
    expect(policy).not.toContain('clipboard');
  });
});
