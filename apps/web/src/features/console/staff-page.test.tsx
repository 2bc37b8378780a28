import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { StaffMember } from '@wallet/contract/http/console';
import { ROLE_PERMISSIONS } from '@wallet/contract/staff-roles';
import i18next from '../../lib/i18n';
import { storage } from '../../lib/storage';
import { consoleServer, fakeSocket, staff } from '../../test/console-data';
import { bodyOf, renderApp, renderWithProviders } from '../../test/render-app';
import { setConsoleSocketFactory } from './inbox-socket';
import { StaffPage } from './staff-page';

const owner = { ...staff, id: 1, role: 'owner' as const, permissions: [...ROLE_PERMISSIONS.owner] };

const member = (overrides: Partial<StaffMember>): StaffMember => ({
  id: 2,
  username: 'bo',
  name: 'Bo Support',
  role: 'support',
  active: true,
  totpEnrolled: true,
  lastSignInAt: '2026-03-02T03:00:00.000Z',
  createdAt: '2026-01-01T00:00:00.000Z',
  ...overrides,
});
const people = () => [
  member({ id: 1, username: 'alice', name: 'Alice Staff', role: 'owner' }),
  member({}),
  member({
    id: 3,
    username: 'cam',
    name: 'Cam New',
    role: 'viewer',
    totpEnrolled: false,
    lastSignInAt: null,
  }),
];

beforeEach(() => {
  storage.setStaffCsrf('staff-csrf');
  setConsoleSocketFactory(fakeSocket().factory);
});
afterEach(() => {
  vi.unstubAllGlobals();
  setConsoleSocketFactory();
});

/** A console server whose staff list and changes behave as the real one's (no last-owner check). */
function staffServer(me: typeof staff | typeof owner = owner, refuse?: { status: number; message: string }) {
  const list = people();
  return consoleServer({
    handler: (url, init) => {
      if (url === '/api/console/me') return { body: me };
      if (url === '/api/console/staff' && (init.method ?? 'GET') === 'GET') return { body: { staff: list } };
      if (url === '/api/console/staff' && init.method === 'POST') {
        const body = bodyOf({ init }) as { username: string; name: string; role: StaffMember['role'] };
        const made = member({ id: 9, ...body, totpEnrolled: false, lastSignInAt: null });
        list.push(made);
        return { body: { staff: made, password: 'Once-only-password-xyz12' } };
      }
      const change = /^\/api\/console\/staff\/(\d+)\/(role|active|totp-reset)$/.exec(url);
      if (change) {
        if (refuse) return { status: refuse.status, body: { message: refuse.message } };
        const row = list.find((one) => one.id === Number(change[1]))!;
        const body = (change[2] === 'totp-reset' ? {} : bodyOf({ init })) as Partial<StaffMember>;
        Object.assign(row, change[2] === 'totp-reset' ? { totpEnrolled: false } : body);
        return { body: { staff: { ...row } } };
      }
      return undefined;
    },
  });
}

const rowOf = async (username: string) => {
  const rows = await screen.findAllByRole('row');
  return rows.find((row) => row.getAttribute('data-staff') === username)!;
};

describe('staff screen', () => {
  it('lists staff: role, switched on or off, authenticator, last sign-in', async () => {
    staffServer();
    await renderWithProviders(<StaffPage />, { path: '/console/staff' });
    const bo = await rowOf('bo');
    expect(within(bo).getByText('Support')).toBeTruthy();
    expect(within(bo).getByText('Active')).toBeTruthy();
    expect(within(bo).getByText('Set up')).toBeTruthy();
    const cam = await rowOf('cam');
    expect(within(cam).getByText('Not set up')).toBeTruthy();
    expect(within(cam).getByText('Never')).toBeTruthy();
    // Nothing to reset for an authenticator that is not set up.
    expect(
      within(cam).getByRole<HTMLButtonElement>('button', { name: 'Reset the authenticator of Cam New' })
        .disabled,
    ).toBe(true);
    expect(within(await rowOf('alice')).getByText('(you)')).toBeTruthy();
  });

  it('adds a staff member and shows their password once, with a copy button', async () => {
    const calls = staffServer();
    await renderWithProviders(<StaffPage />, { path: '/console/staff' });
    await userEvent.click(await screen.findByRole('button', { name: 'Add staff member' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add a staff member' });
    // An owner may give every role.
    const roleSelect = within(dialog).getByLabelText<HTMLSelectElement>('Role');
    expect([...roleSelect.options].map((option) => option.value).filter(Boolean)).toEqual([
      'owner',
      'finance',
      'support',
      'marketing',
      'viewer',
    ]);
    await userEvent.type(within(dialog).getByLabelText('Username'), 'dee');
    await userEvent.type(within(dialog).getByLabelText('Full name'), 'Dee Finance');
    await userEvent.selectOptions(roleSelect, 'finance');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add staff member' }));

    const made = await screen.findByRole('dialog', { name: 'Dee Finance is added' });
    expect(within(made).getByTestId('staff-password').textContent).toBe('Once-only-password-xyz12');
    expect(within(made).getByRole('button', { name: 'Copy the password' })).toBeTruthy();
    expect(
      bodyOf(calls.find((call) => call.url === '/api/console/staff' && call.init.method === 'POST')!),
    ).toEqual({
      username: 'dee',
      name: 'Dee Finance',
      role: 'finance',
    });
    await userEvent.click(within(made).getByRole('button', { name: 'Done' }));
    // In the list at once; the password is gone with the dialog.
    expect(within(await rowOf('dee')).getByText('Finance')).toBeTruthy();
    expect(screen.queryByText('Once-only-password-xyz12')).toBeNull();
  });

  it('switches a staff member off after a confirm that says what happens', async () => {
    const calls = staffServer();
    await renderWithProviders(<StaffPage />, { path: '/console/staff' });
    await userEvent.click(within(await rowOf('bo')).getByRole('button', { name: 'Switch off Bo Support' }));
    const confirm = await screen.findByRole('dialog', { name: 'Switch off Bo Support?' });
    expect(confirm.textContent).toContain('signed out everywhere at once');
    await userEvent.click(within(confirm).getByRole('button', { name: 'Switch off' }));
    await waitFor(() =>
      expect(within(screen.getAllByRole('row')[2]!).queryByText('Switched off')).toBeTruthy(),
    );
    const call = calls.find((one) => one.url === '/api/console/staff/2/active')!;
    expect(call.init.method).toBe('PUT');
    expect(bodyOf(call)).toEqual({ active: false });
    expect((call.init.headers as Record<string, string>)['x-staff-csrf']).toBe('staff-csrf');
  });

  it('changes a role and resets an authenticator, each confirmed', async () => {
    const calls = staffServer();
    await renderWithProviders(<StaffPage />, { path: '/console/staff' });
    await userEvent.click(
      within(await rowOf('bo')).getByRole('button', { name: 'Change the role of Bo Support' }),
    );
    const roleDialog = await screen.findByRole('dialog', { name: 'Change the role of Bo Support?' });
    await userEvent.selectOptions(within(roleDialog).getByLabelText('Role'), 'viewer');
    await userEvent.click(within(roleDialog).getByRole('button', { name: 'Change role' }));
    await waitFor(() => expect(within(screen.getAllByRole('row')[2]!).queryByText('Viewer')).toBeTruthy());
    expect(bodyOf(calls.find((one) => one.url === '/api/console/staff/2/role')!)).toEqual({ role: 'viewer' });

    await userEvent.click(
      within(await rowOf('bo')).getByRole('button', { name: 'Reset the authenticator of Bo Support' }),
    );
    const reset = await screen.findByRole('dialog', { name: 'Reset the authenticator of Bo Support?' });
    await userEvent.click(within(reset).getByRole('button', { name: 'Reset authenticator' }));
    await waitFor(() =>
      expect(within(screen.getAllByRole('row')[2]!).queryByText('Not set up')).toBeTruthy(),
    );
  });

  it('says why the last owner cannot be switched off, in the dialog', async () => {
    staffServer(owner, { status: 409, message: 'STAFF_LAST_OWNER' });
    await renderWithProviders(<StaffPage />, { path: '/console/staff' });
    await userEvent.click(
      within(await rowOf('alice')).getByRole('button', { name: 'Switch off Alice Staff' }),
    );
    const confirm = await screen.findByRole('dialog', { name: 'Switch off Alice Staff?' });
    await userEvent.click(within(confirm).getByRole('button', { name: 'Switch off' }));
    expect((await within(confirm).findByRole('alert')).textContent).toBe(
      i18next.t('STAFF_LAST_OWNER', { ns: 'errors' }),
    );
  });

  it('shows the Staff section only to a role with staff.manage', async () => {
    staffServer();
    await renderApp('/console/chat');
    const nav = await screen.findByRole('navigation', { name: 'Console sections' });
    await waitFor(() => expect(within(nav).getByRole('link', { name: 'Staff' })).toBeTruthy());
  });

  it('hides the Staff section from support, and refuses the page in words', async () => {
    const calls = staffServer(staff);
    await renderApp('/console/staff');
    expect(await screen.findByText(i18next.t('STAFF_FORBIDDEN', { ns: 'errors' }))).toBeTruthy();
    const nav = screen.getByRole('navigation', { name: 'Console sections' });
    expect(within(nav).getByRole('link', { name: 'Chat inbox' })).toBeTruthy();
    expect(within(nav).queryByRole('link', { name: 'Staff' })).toBeNull();
    expect(calls.some((call) => call.url === '/api/console/staff')).toBe(false);
  });
});
