import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ROLE_PERMISSIONS } from '@wallet/contract/staff-roles';
import { storage } from '../../lib/storage';
import { consoleServer, fakeSocket, staff } from '../../test/console-data';
import { renderApp } from '../../test/render-app';
import { setConsoleSocketFactory } from './inbox-socket';

let socket: ReturnType<typeof fakeSocket>;
beforeEach(() => {
  storage.setStaffCsrf('staff-csrf');
  socket = fakeSocket();
  setConsoleSocketFactory(socket.factory);
});
afterEach(() => {
  vi.unstubAllGlobals();
  setConsoleSocketFactory();
});

describe('live counts in the console bar', () => {
  it('shows what waits on each section the role sees, and follows the socket’s desk events', async () => {
    consoleServer({
      handler: (url) => {
        if (url === '/api/console/me')
          return { body: { ...staff, role: 'finance', permissions: [...ROLE_PERMISSIONS.finance] } };
        if (url === '/api/console/desk/counts')
          return { body: { withdrawals: 3, deposits: 0, adjustments: 0, chats: 2 } };
        if (url.startsWith('/api/console/withdrawals')) return { body: { total: 0, items: [] } };
        return undefined;
      },
    });
    await renderApp('/console/withdrawals');
    const nav = await screen.findByRole('navigation', { name: 'Console sections' });
    expect(await within(nav).findByLabelText('3 waiting')).toBeTruthy();
    expect(within(nav).getByLabelText('2 waiting')).toBeTruthy();
    // Nothing waits for adjustments: no badge there.
    expect(within(nav).queryByLabelText('0 waiting')).toBeNull();

    socket.serverSends('desk', { withdrawals: 4, deposits: 0, adjustments: 1, chats: 2 });
    expect(await within(nav).findByLabelText('4 waiting')).toBeTruthy();
    expect(within(nav).getByLabelText('1 waiting')).toBeTruthy();
    expect(within(nav).queryByLabelText('3 waiting')).toBeNull();
  });
});
