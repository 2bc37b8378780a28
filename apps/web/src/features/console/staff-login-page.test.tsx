import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import i18next from '../../lib/i18n';
import { storage } from '../../lib/storage';
import { consoleServer, fakeSocket, staff } from '../../test/console-data';
import { qrText } from '../../test/qr-read';
import { bodyOf, renderApp, renderWithProviders } from '../../test/render-app';
import { StaffLoginPage } from './staff-login-page';
import { setConsoleSocketFactory } from './inbox-socket';

const otpauthUrl =
  'otpauth://totp/Lucky%20Wallet:alice?secret=JBSWY3DPEHPK3PXPJBSWY3DP&issuer=Lucky%20Wallet';

beforeEach(() => setConsoleSocketFactory(fakeSocket().factory));
afterEach(() => {
  vi.unstubAllGlobals();
  setConsoleSocketFactory();
});

async function typePassword() {
  await userEvent.type(await screen.findByLabelText('Username'), 'alice');
  await userEvent.type(screen.getByLabelText('Password'), 'correct horse battery');
  await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
}

describe('staff sign-in', () => {
  it('enrols an authenticator: the QR code of its otpauth URL and the key, then the code opens the inbox', async () => {
    const calls = consoleServer({
      handler: (url) =>
        url === '/api/console/login'
          ? {
              body: {
                step: 'enrol',
                challenge: 'challenge-1',
                otpauthUrl,
                secret: 'JBSWY3DPEHPK3PXPJBSWY3DP',
              },
            }
          : url === '/api/console/login/totp'
            ? { body: { csrfToken: 'staff-csrf', staff } }
            : undefined,
    });
    storage.setToken('member-token', true);
    const { router } = await renderApp('/console/login');

    await typePassword();
    expect(bodyOf(calls.find((call) => call.url === '/api/console/login')!)).toEqual({
      username: 'alice',
      password: 'correct horse battery',
    });
    expect(await screen.findByRole('heading', { name: 'Set up your authenticator' })).toBeTruthy();
    const qr = await screen.findByRole('img', { name: 'QR code for your authenticator app' });
    expect(qrText(qr)).toBe(otpauthUrl);
    // The key, for typing by hand, in groups of four.
    expect(screen.getByText('JBSW Y3DP EHPK 3PXP JBSW Y3DP')).toBeTruthy();

    await userEvent.type(screen.getByLabelText('6-digit code'), '123456');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));

    expect(await screen.findByRole('heading', { name: 'Conversations' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/console/chat');
    expect(bodyOf(calls.find((call) => call.url === '/api/console/login/totp')!)).toEqual({
      challenge: 'challenge-1',
      code: '123456',
    });
    // The session is the server's cookie; its CSRF token is kept for every tab and sent on console
    // calls, no bearer token; the member's is left alone.
    expect(storage.getStaffCsrf()).toBe('staff-csrf');
    expect(storage.getToken()).toBe('member-token');
    await waitFor(() =>
      expect(calls.some((call) => call.url === '/api/console/chat/conversations?status=open')).toBe(true),
    );
    const list = calls.find((call) => call.url === '/api/console/chat/conversations?status=open')!;
    expect((list.init.headers as Record<string, string>)['x-staff-csrf']).toBe('staff-csrf');
    expect((list.init.headers as Record<string, string>).authorization).toBeUndefined();
  });

  it('asks only for the code once enrolled, and tells a wrong one in words', async () => {
    consoleServer({
      handler: (url) =>
        url === '/api/console/login'
          ? { body: { step: 'totp', challenge: 'challenge-2' } }
          : url === '/api/console/login/totp'
            ? { status: 401, body: { message: 'STAFF_CODE_INVALID' } }
            : undefined,
    });
    await renderWithProviders(<StaffLoginPage />, { path: '/console/login' });
    await typePassword();

    expect(await screen.findByRole('heading', { name: 'Enter your code' })).toBeTruthy();
    expect(screen.queryByRole('img')).toBeNull();
    await userEvent.type(screen.getByLabelText('6-digit code'), '654321');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      i18next.t('STAFF_CODE_INVALID', { ns: 'errors' }),
    );
    expect(storage.getStaffCsrf()).toBeNull();
  });

  it('tells how long to wait once failed sign-ins reached the limit', async () => {
    consoleServer({
      handler: (url) =>
        url === '/api/console/login'
          ? { status: 429, body: { message: 'REQUEST_LIMIT', retryAfter: 601 } }
          : undefined,
    });
    await renderWithProviders(<StaffLoginPage />, { path: '/console/login' });
    await typePassword();
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Too many failed sign-ins. Try again in 11 minutes.',
    );
  });

  it('tells a wrong password in words and stays on the password step', async () => {
    consoleServer({
      handler: (url) =>
        url === '/api/console/login' ? { status: 401, body: { message: 'STAFF_LOGIN_FAIL' } } : undefined,
    });
    await renderWithProviders(<StaffLoginPage />, { path: '/console/login' });
    await typePassword();
    expect((await screen.findByRole('alert')).textContent).toBe(
      i18next.t('STAFF_LOGIN_FAIL', { ns: 'errors' }),
    );
    expect(screen.getByLabelText('Password')).toBeTruthy();
  });
});

describe('staff session', () => {
  it('goes to /console/login when the console answers STAFF_SESSION_INVALID, never to the member /login', async () => {
    consoleServer({
      handler: (url) =>
        url.startsWith('/api/console/')
          ? { status: 401, body: { message: 'STAFF_SESSION_INVALID' } }
          : undefined,
    });
    storage.setToken('member-token', true);
    storage.setStaffCsrf('expired-staff-csrf');
    const { router } = await renderApp('/console/chat');

    expect(await screen.findByRole('heading', { name: 'Staff sign-in' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/console/login');
    expect(storage.getStaffCsrf()).toBeNull();
    expect(storage.getToken()).toBe('member-token');
  });

  it("signs out: the server ends the staff session, the member's session stays", async () => {
    const calls = consoleServer({
      handler: (url) => (url === '/api/console/logout' ? { body: { ok: true } } : undefined),
    });
    storage.setToken('member-token', true);
    storage.setStaffCsrf('staff-csrf');
    const { router } = await renderApp('/console/chat');
    await userEvent.click(await screen.findByRole('button', { name: 'Sign out' }));

    expect(await screen.findByRole('heading', { name: 'Staff sign-in' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/console/login');
    const logout = calls.find((call) => call.url === '/api/console/logout')!;
    expect((logout.init.headers as Record<string, string>)['x-staff-csrf']).toBe('staff-csrf');
    expect(storage.getStaffCsrf()).toBeNull();
    expect(storage.getToken()).toBe('member-token');
  });

  it('sends a staff member without a session to sign in', async () => {
    const calls = consoleServer();
    const { router } = await renderApp('/console/chat');
    expect(await screen.findByRole('heading', { name: 'Staff sign-in' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/console/login');
    expect(calls.filter((call) => call.url.startsWith('/api/console/'))).toEqual([]);
  });
});
