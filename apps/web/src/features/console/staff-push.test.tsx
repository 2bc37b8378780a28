import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ROLE_PERMISSIONS } from '@wallet/contract/staff-roles';
import { storage } from '../../lib/storage';
import { consoleServer, fakeSocket, staff } from '../../test/console-data';
import { bodyOf, renderApp } from '../../test/render-app';
import { setConsoleSocketFactory } from './inbox-socket';

const ENDPOINT = 'https://fcm.googleapis.com/fcm/send/abc';
const KEYS = { p256dh: 'p256', auth: 'auth' };

/** This browser's service worker and push service, as a browser with push gives them. */
function browserWithPush(permission: NotificationPermission) {
  let current: PushSubscription | null = null;
  const subscription = {
    endpoint: ENDPOINT,
    toJSON: () => ({ endpoint: ENDPOINT, keys: KEYS }),
    unsubscribe: async () => ((current = null), true),
  } as unknown as PushSubscription;
  const registration = {
    active: {},
    pushManager: {
      getSubscription: async () => current,
      subscribe: vi.fn(async () => (current = subscription)),
    },
  };
  Object.defineProperty(navigator, 'serviceWorker', {
    configurable: true,
    value: { getRegistration: async () => registration },
  });
  vi.stubGlobal('PushManager', class {});
  vi.stubGlobal('Notification', { permission: 'default', requestPermission: async () => permission });
  return registration;
}

function server() {
  return consoleServer({
    handler: (url, init) => {
      if (url === '/api/console/me')
        return { body: { ...staff, role: 'finance', permissions: [...ROLE_PERMISSIONS.finance] } };
      if (url === '/api/console/desk/counts')
        return { body: { withdrawals: 0, deposits: 0, adjustments: 0, chats: 0 } };
      if (url === '/api/console/push' && (init.method ?? 'GET') === 'GET')
        return { body: { pushKey: 'BPushKey', devices: 0 } };
      if (url === '/api/console/push') return { body: { ok: true } };
      if (url.startsWith('/api/console/withdrawals')) return { body: { total: 0, items: [] } };
      return undefined;
    },
  });
}

beforeEach(() => {
  storage.setStaffCsrf('staff-csrf');
  setConsoleSocketFactory(fakeSocket().factory);
});
afterEach(() => {
  vi.unstubAllGlobals();
  setConsoleSocketFactory();
  Reflect.deleteProperty(navigator, 'serviceWorker');
});

describe('web push for staff (decision 053)', () => {
  it('asks the browser when turned on, gives the server this browser in the console’s language, and turns off', async () => {
    const registration = browserWithPush('granted');
    const calls = server();
    await renderApp('/console/withdrawals');
    const bell = await screen.findByRole('switch', { name: 'Notify me on this device when work waits' });
    expect(bell.getAttribute('aria-checked')).toBe('false');

    await userEvent.click(bell);
    expect(await screen.findByText('This device will tell you when work waits.')).toBeTruthy();
    expect(bell.getAttribute('aria-checked')).toBe('true');
    expect(registration.pushManager.subscribe).toHaveBeenCalledOnce();
    const saved = calls.filter((call) => call.url === '/api/console/push' && call.init.method === 'PUT');
    expect(bodyOf(saved[0]!)).toEqual({ endpoint: ENDPOINT, keys: KEYS, locale: 'en' });

    await userEvent.click(bell);
    await waitFor(() => expect(bell.getAttribute('aria-checked')).toBe('false'));
    const removed = calls.filter((call) => call.init.method === 'DELETE');
    expect(bodyOf(removed[0]!)).toEqual({ endpoint: ENDPOINT });
  });

  it('says where to allow notices when the browser blocks them, and tells the server nothing', async () => {
    const registration = browserWithPush('denied');
    const calls = server();
    await renderApp('/console/withdrawals');
    await userEvent.click(
      await screen.findByRole('switch', { name: 'Notify me on this device when work waits' }),
    );
    expect(await screen.findByText(/blocked in this browser's settings/)).toBeTruthy();
    expect(registration.pushManager.subscribe).not.toHaveBeenCalled();
    expect(calls.some((call) => call.url === '/api/console/push' && call.init.method === 'PUT')).toBe(false);
  });

  it('shows no bell where the browser cannot push', async () => {
    server();
    await renderApp('/console/withdrawals');
    await screen.findByRole('navigation', { name: 'Console sections' });
    expect(screen.queryByRole('switch', { name: 'Notify me on this device when work waits' })).toBeNull();
  });
});
