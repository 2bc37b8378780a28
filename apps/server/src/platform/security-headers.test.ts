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

  it('lets pages connect to their own origin only, its websockets included', async () => {
    const response = await t.app.inject({
      url: '/api/lookup/info',
      headers: memberHeaders({ host: 'wallet.example.test:8443' }),
    });
    const connect = directive(String(response.headers['content-security-policy']), 'connect-src');
    expect(connect).toEqual(["'self'", 'ws://wallet.example.test:8443', 'wss://wallet.example.test:8443']);
  });

  it('names no websocket origin for a Host header that is not a plain host', async () => {
    const response = await t.app.inject({
      url: '/api/lookup/info',
      headers: memberHeaders({ host: "evil.test script-src 'unsafe-inline'" }),
    });
    expect(response.statusCode).toBe(200);
    const connect = directive(String(response.headers['content-security-policy']), 'connect-src');
    expect(connect?.every((source) => source === "'self'")).toBe(true);
  });

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
