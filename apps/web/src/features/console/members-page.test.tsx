import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ROLE_PERMISSIONS } from '@wallet/contract/staff-roles';
import { storage } from '../../lib/storage';
import { staff } from '../../test/console-data';
import { memberView, searchRow, statementRow } from '../../test/console-members-data';
import { fakeServer, renderWithProviders } from '../../test/render-app';
import { MemberPage } from './member-page';
import { MembersPage } from './members-page';

beforeEach(() => storage.setStaffCsrf('staff-csrf'));
afterEach(() => vi.unstubAllGlobals());

const renderSearch = (path = '/console/members', locale?: string) =>
  renderWithProviders(<MembersPage />, { path, locale, route: '/console/members' });
const renderMember = (id: number | string, locale?: string) =>
  renderWithProviders(<MemberPage />, {
    path: `/console/members/${id}`,
    locale,
    route: '/console/members/:memberId',
  });

/** The search's calls: `q` and `page` of each. */
const searches = (calls: { url: string }[]) =>
  calls
    .filter((call) => call.url.startsWith('/api/console/members?'))
    .map((call) => Object.fromEntries(new URLSearchParams(call.url.split('?')[1])));

describe('members search', () => {
  it('searches when asked, lists the results with their keys, and pages', async () => {
    const calls = fakeServer((url) => {
      if (!url.startsWith('/api/console/members?')) return undefined;
      const page = Number(new URLSearchParams(url.split('?')[1]).get('page'));
      const ids = page === 1 ? Array.from({ length: 20 }, (_, i) => 100 - i) : [80, 79];
      return { body: { members: ids.map((id) => searchRow(id)), total: 22, page, pageSize: 20 } };
    });
    const { router } = await renderSearch();
    const user = userEvent.setup();

    // Nothing asked until there is something to find.
    expect(screen.getByText('Find a member')).toBeTruthy();
    await user.type(screen.getByLabelText('Search members'), 'ab');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(screen.getByText('Type at least 3 characters.')).toBeTruthy();
    expect(searches(calls)).toEqual([]);

    await user.type(screen.getByLabelText('Search members'), '5678');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    const table = await screen.findByRole('table', { name: 'Search results' });
    expect(searches(calls)).toEqual([{ q: 'ab5678', page: '1' }]);
    expect(router.state.location.search).toBe('?q=ab5678');
    expect(screen.getByText('22 members')).toBeTruthy();
    const first = table.querySelector('[data-member="100"]') as HTMLElement;
    expect(within(first).getByRole('link', { name: 'Open Member 100' }).getAttribute('href')).toBe(
      '/console/members/100',
    );
    // Numbers as the server masked them.
    expect(within(first).getByText('••••••5678')).toBeTruthy();
    expect(within(first).getByText('Phone')).toBeTruthy();
    // At 390 wide the same results are cards.
    expect(
      within(screen.getByRole('list', { name: 'Search results' })).getAllByRole('listitem'),
    ).toHaveLength(20);

    await user.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(table.querySelector('[data-member="79"]')).toBeTruthy());
    expect(searches(calls).at(-1)).toEqual({ q: 'ab5678', page: '2' });
    expect(screen.getByText('Page 2 of 2')).toBeTruthy();
  });

  it('says when nothing matches, and reads the query from the address', async () => {
    fakeServer((url) =>
      url.startsWith('/api/console/members?')
        ? { body: { members: [], total: 0, page: 1, pageSize: 20 } }
        : undefined,
    );
    await renderSearch('/console/members?q=nobody');
    expect(await screen.findByText('No member found')).toBeTruthy();
    expect(screen.getByText(/Nothing matches “nobody”/)).toBeTruthy();
    expect(screen.getByLabelText<HTMLInputElement>('Search members').value).toBe('nobody');
  });

  it('is in Thai and Lao too', async () => {
    fakeServer();
    await renderSearch('/console/members', 'th');
    expect(screen.getByRole('heading', { name: 'สมาชิก' })).toBeTruthy();
  });
});

describe('member view', () => {
  it('shows each part of the member as a card', async () => {
    fakeServer((url) => {
      if (url === '/api/console/me') return { body: staff };
      if (url === '/api/console/members/42') return { body: memberView() };
      if (url.startsWith('/api/console/members/42/statement'))
        return {
          body: { total: 1, page: 1, pageSize: 20, currency: 'BAHT', statements: [statementRow(1, 5_000)] },
        };
      return undefined;
    });
    await renderMember(42);

    expect(await screen.findByRole('heading', { name: 'Somchai Jaidee', level: 1 })).toBeTruthy();
    expect(screen.getByText('ID 42 · Invite code PR42')).toBeTruthy();
    const card = (name: string) => screen.getByRole('region', { name });
    // The inbox's member panel, reused.
    expect(within(card('Profile and money')).getByTestId('member-wallet').textContent).toBe('฿1,234.56');
    expect(within(card('Game balances')).getByText('Joker Gaming')).toBeTruthy();
    expect(within(card('Game balances')).getByText('฿120.00')).toBeTruthy();
    const grants = card('Bonuses and their turnover');
    expect(within(grants).getByText('Turnover ฿100.00 of ฿400.00')).toBeTruthy();
    expect(
      within(grants).getByRole('progressbar', { name: 'Welcome bonus' }).getAttribute('aria-valuenow'),
    ).toBe('25');
    const invites = card('Invites');
    expect(within(invites).getByRole('link', { name: 'Open Inviter Ann' }).getAttribute('href')).toBe(
      '/console/members/41',
    );
    expect(within(invites).getByText('Invited 3 members')).toBeTruthy();
    expect(within(invites).getByText('The latest 1 are listed.')).toBeTruthy();
    expect(within(card('Sessions')).getByText('203.0.113.9')).toBeTruthy();
    // Support reads chats: the link to the conversation.
    expect(
      (await within(card('Chat')).findByRole('link', { name: 'Open the conversation' })).getAttribute('href'),
    ).toBe('/console/chat/12');
    expect(await within(card('Statement')).findByRole('table', { name: 'Statement' })).toBeTruthy();
  });

  it('pages the statement and filters it by type', async () => {
    const calls = fakeServer((url) => {
      if (url === '/api/console/me') return { body: staff };
      if (url === '/api/console/members/42') return { body: memberView() };
      if (url.startsWith('/api/console/members/42/statement')) {
        const page = Number(new URLSearchParams(url.split('?')[1]).get('page'));
        const rows =
          page === 1 ? Array.from({ length: 20 }, (_, i) => statementRow(i + 1, 100)) : [statementRow(21, 7)];
        return { body: { total: 21, page, pageSize: 20, currency: 'BAHT', statements: rows } };
      }
      return undefined;
    });
    await renderMember(42);
    const user = userEvent.setup();
    const statement = await screen.findByRole('region', { name: 'Statement' });
    await within(statement).findByRole('table', { name: 'Statement' });
    await user.click(within(statement).getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(statement.querySelector('[data-statement="21"]')).toBeTruthy());
    await user.selectOptions(within(statement).getByLabelText('Type'), 'withdraw');
    const asked = () =>
      calls
        .filter((call) => call.url.startsWith('/api/console/members/42/statement'))
        .map((call) => call.url.split('?')[1]);
    await waitFor(() => expect(asked().at(-1)).toBe('page=1&type=withdraw'));
    expect(asked().slice(0, 2)).toEqual(['page=1', 'page=2']);
  });

  it('hides the chat link from a role that cannot read chats', async () => {
    const reader = { ...staff, permissions: ROLE_PERMISSIONS.support.filter((one) => one !== 'chat.read') };
    fakeServer((url) => {
      if (url === '/api/console/me') return { body: reader };
      if (url === '/api/console/members/42') return { body: memberView() };
      return undefined;
    });
    await renderMember(42);
    const chat = await screen.findByRole('region', { name: 'Chat' });
    expect(within(chat).getByText(/^Open/)).toBeTruthy();
    expect(within(chat).queryByRole('link')).toBeNull();
  });

  it('says when there is no such member', async () => {
    fakeServer((url) =>
      url === '/api/console/members/43' ? { status: 404, body: { message: 'NO_USER' } } : undefined,
    );
    await renderMember(43);
    expect(await screen.findByText('There is no member with this id.')).toBeTruthy();
  });
});
