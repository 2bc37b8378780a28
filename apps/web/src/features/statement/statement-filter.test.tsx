import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { storage } from '../../lib/storage';
import { bodyOf, fakeServer, renderWithProviders } from '../../test/render-app';
import { StatementPage } from './statement-page';

beforeEach(() => storage.setToken('token', false));
afterEach(() => vi.unstubAllGlobals());

const row = (id: string, statementType: string) => ({
  id,
  statementType,
  status: 'SUCCESS',
  from: 'wallet',
  to: 'bank',
  amount: 10_000,
  createdAt: new Date(2026, 0, 2, 9, 5, 7).toISOString(),
});

const items = () => screen.getAllByRole('listitem').filter((item) => item.hasAttribute('data-status'));

describe('statement filter', () => {
  it('asks for one type from its first page, says when there is none, and shows all again', async () => {
    const calls = fakeServer((url, init) => {
      if (url !== '/api/statement') return undefined;
      const { page, type } = bodyOf({ init }) as { page: number; type?: string };
      if (type === 'luckydraw') return { body: { total: 0, statements: [] } };
      const of = type ?? (page === 1 ? 'deposit' : 'transfer');
      return { body: { total: 12, statements: [row(`${of}-${page}`, of)] } };
    });
    await renderWithProviders(<StatementPage />, { path: '/user/statement' });
    const filter = await screen.findByRole('group', { name: 'Filter by type' });
    expect(within(filter).getByRole('button', { name: 'All' }).getAttribute('aria-pressed')).toBe('true');
    // Every type the statement has, each with its own chip.
    expect(
      within(filter)
        .getAllByRole('button')
        .map((chip) => chip.textContent),
    ).toEqual([
      'All',
      'Deposit',
      'Bonus',
      'Bonus ended',
      'Withdrawal',
      'Transfer',
      'Spin wheel prize',
      'Balance adjustment',
    ]);

    await screen.findByText('Page 1 of 2');
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByText('Page 2 of 2');

    await userEvent.click(within(filter).getByRole('button', { name: 'Withdrawal' }));
    await screen.findByText('Page 1 of 2');
    expect(within(filter).getByRole('button', { name: 'Withdrawal' }).getAttribute('aria-pressed')).toBe(
      'true',
    );
    await waitFor(() => expect(items()[0]!.textContent).toContain('Withdrawal'));

    await userEvent.click(within(filter).getByRole('button', { name: 'Spin wheel prize' }));
    expect(await screen.findByText('Nothing under “Spin wheel prize” yet')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Show all' }));
    await screen.findByText('Page 1 of 2');

    const sent = calls.filter((call) => call.url === '/api/statement').map(bodyOf);
    expect(sent).toEqual([
      { page: 1, limit: 10 },
      { page: 2, limit: 10 },
      { page: 1, limit: 10, type: 'withdraw' },
      { page: 1, limit: 10, type: 'luckydraw' },
      { page: 1, limit: 10 },
    ]);
  });
});
