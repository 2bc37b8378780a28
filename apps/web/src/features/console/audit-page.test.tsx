import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ROLE_PERMISSIONS } from '@wallet/contract/staff-roles';
import { storage } from '../../lib/storage';
import { staff } from '../../test/console-data';
import { auditRow } from '../../test/console-members-data';
import { fakeServer, renderWithProviders } from '../../test/render-app';
import { AuditPage } from './audit-page';
import { ConsoleLayout } from './console-layout';

beforeEach(() => storage.setStaffCsrf('staff-csrf'));
afterEach(() => vi.unstubAllGlobals());

const finance = { ...staff, role: 'finance' as const, permissions: [...ROLE_PERMISSIONS.finance] };
const OPTIONS = {
  actions: ['audit.read', 'member.view', 'login.password_ok'],
  staff: [
    { id: 1, username: 'alice', name: 'Alice Staff' },
    { id: 2, username: 'bob', name: 'Bob Finance' },
  ],
};

const renderAudit = (path = '/console/audit', locale?: string) =>
  renderWithProviders(<AuditPage />, { path, locale, route: '/console/audit' });

/** The query of each page the screen asked for. */
const reads = (calls: { url: string }[]) =>
  calls
    .filter((call) => call.url.startsWith('/api/console/audit?') || call.url === '/api/console/audit')
    .map((call) => call.url.split('?')[1] ?? '');

describe('audit screen', () => {
  it('lists rows newest first as a table and as cards, and loads older rows by the cursor', async () => {
    const calls = fakeServer((url) => {
      if (url === '/api/console/audit/filters') return { body: OPTIONS };
      if (!url.startsWith('/api/console/audit')) return undefined;
      const cursor = new URLSearchParams(url.split('?')[1]).get('cursor');
      return cursor
        ? {
            body: {
              rows: [auditRow(3, { staffUsername: null, staffId: null, action: 'login.failed' })],
              nextCursor: null,
            },
          }
        : {
            body: {
              rows: [auditRow(5, { detail: '{"note":"<b>not html</b>"}' }), auditRow(4)],
              nextCursor: 4,
            },
          };
    });
    await renderAudit();
    const user = userEvent.setup();
    const table = await screen.findByRole('table', { name: 'Audit rows' });
    const rows = () => [...table.querySelectorAll('[data-seq]')].map((row) => row.getAttribute('data-seq'));
    expect(rows()).toEqual(['5', '4']);
    // Detail is text, never markup.
    expect(within(table).getByText('{"note":"<b>not html</b>"}')).toBeTruthy();
    expect(table.querySelector('b')).toBeNull();
    expect(within(screen.getByRole('list', { name: 'Audit rows' })).getAllByRole('listitem')).toHaveLength(2);

    await user.click(screen.getByRole('button', { name: 'Load older rows' }));
    await waitFor(() => expect(rows()).toEqual(['5', '4', '3']));
    expect(within(table).getByText('System or unknown')).toBeTruthy();
    expect(reads(calls)).toEqual(['', 'cursor=4']);
    expect(screen.getByText('End of the audit for these filters.')).toBeTruthy();
  });

  it('filters by staff member, action, member and time, and keeps them in the address', async () => {
    const calls = fakeServer((url) => {
      if (url === '/api/console/audit/filters') return { body: OPTIONS };
      if (url.startsWith('/api/console/audit')) return { body: { rows: [], nextCursor: null } };
      return undefined;
    });
    const { router } = await renderAudit();
    const user = userEvent.setup();
    expect(await screen.findByText('No audit rows')).toBeTruthy();
    await screen.findByRole('option', { name: 'bob · Bob Finance' });

    await user.selectOptions(screen.getByLabelText('Staff member'), '2');
    await user.selectOptions(screen.getByLabelText('Action'), 'member.view');
    await user.type(screen.getByLabelText('Member id'), '42x');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    expect(screen.getByText('A member id is digits only.')).toBeTruthy();
    await user.clear(screen.getByLabelText('Member id'));
    await user.type(screen.getByLabelText('Member id'), '42');
    await user.type(screen.getByLabelText('From'), '2026-03-01T08:00');
    await user.click(screen.getByRole('button', { name: 'Apply' }));

    const from = new Date('2026-03-01T08:00').toISOString();
    await waitFor(() =>
      expect(reads(calls).at(-1)).toBe(
        `staffId=2&action=member.view&memberId=42&from=${encodeURIComponent(from)}`,
      ),
    );
    expect(new URLSearchParams(router.state.location.search).get('memberId')).toBe('42');
    // The form shows what the address says.
    expect(screen.getByLabelText<HTMLInputElement>('Member id').value).toBe('42');

    await user.click(screen.getByRole('button', { name: 'Clear' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
  });

  it('exports the CSV of the filters as a file', async () => {
    const calls = fakeServer((url) => {
      if (url === '/api/console/audit/filters') return { body: OPTIONS };
      if (url.startsWith('/api/console/audit.csv')) return { body: 'seq' };
      if (url.startsWith('/api/console/audit')) return { body: { rows: [auditRow(1)], nextCursor: null } };
      return undefined;
    });
    const created = vi.fn(() => 'blob:audit');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: created, revokeObjectURL: vi.fn() }));
    const clicked = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    await renderAudit('/console/audit?action=member.view');
    const user = userEvent.setup();
    await screen.findByRole('table', { name: 'Audit rows' });
    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    expect(await screen.findByText('The CSV is downloading.')).toBeTruthy();
    expect(
      calls.filter((call) => call.url.startsWith('/api/console/audit.csv')).map((call) => call.url),
    ).toEqual(['/api/console/audit.csv?action=member.view']);
    expect(clicked).toHaveBeenCalledTimes(1);
    expect((clicked.mock.contexts[0] as HTMLAnchorElement).download).toMatch(/^staff-audit-.*\.csv$/);
    clicked.mockRestore();
  });

  it('is in Thai and Lao too', async () => {
    fakeServer((url) =>
      url.startsWith('/api/console/audit') ? { body: { rows: [], nextCursor: null } } : undefined,
    );
    await renderAudit('/console/audit', 'lo');
    expect(screen.getByRole('heading', { name: 'ບັນທຶກການເຮັດວຽກຂອງພະນັກງານ' })).toBeTruthy();
  });
});

describe('console navigation', () => {
  it('shows Members to every role that reads members, and Audit only with audit.read', async () => {
    fakeServer((url) => (url === '/api/console/me' ? { body: staff } : undefined));
    const support = await renderWithProviders(<ConsoleLayout />, {
      path: '/console/chat',
      route: '/console/*',
    });
    const nav = screen.getByRole('navigation', { name: 'Console sections' });
    expect(await within(nav).findByRole('link', { name: 'Members' })).toBeTruthy();
    expect(within(nav).queryByRole('link', { name: 'Audit' })).toBeNull();
    support.unmount();

    fakeServer((url) => (url === '/api/console/me' ? { body: finance } : undefined));
    await renderWithProviders(<ConsoleLayout />, { path: '/console/chat', route: '/console/*' });
    const financeNav = screen.getByRole('navigation', { name: 'Console sections' });
    expect((await within(financeNav).findByRole('link', { name: 'Audit' })).getAttribute('href')).toBe(
      '/console/audit',
    );
  });
});
