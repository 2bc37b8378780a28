import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test/render-app';
import { StatementPage } from './statement-page';
import { gameAccount, memberServer, signIn, walletResponse } from '../../test/wallet-data';

beforeEach(signIn);
afterEach(() => vi.unstubAllGlobals());

const createdAt = new Date(2026, 0, 2, 9, 5, 7).toISOString();

const statements = [
  {
    id: '4012',
    statementType: 'transfer',
    status: 'FAILED',
    from: 'wallet',
    to: 'JOKER',
    amount: 30_000,
    createdAt,
  },
  {
    id: '4013',
    statementType: 'bonus',
    status: 'SUCCESS',
    from: 'promotion',
    to: 'wallet',
    amount: 5_000,
    createdAt,
    promotion: { description: 'Welcome bonus 5%' },
  },
  {
    id: '4014',
    statementType: 'withdraw',
    status: 'FAILED',
    from: 'wallet',
    to: 'bank',
    amount: 250_000,
    createdAt,
    refusal: { description: 'The bank account details do not match your account.' },
  },
];

/** The value the sheet lists under `label`. */
const valueOf = (dialog: HTMLElement, label: string) =>
  within(dialog).getByText(label, { selector: 'dt' }).nextElementSibling?.textContent;

describe('statement detail', () => {
  it('says why staff refused a withdrawal, in the words the server sent', async () => {
    memberServer(
      () => walletResponse(100_000, []),
      (url) => (url === '/api/statement' ? { body: { total: 3, statements } } : undefined),
    );
    await renderWithProviders(<StatementPage />, { path: '/user/statement' });
    await userEvent.click(await screen.findByRole('button', { name: /฿2,500\.00/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Withdrawal' });
    expect(valueOf(dialog, 'Why it was not paid')).toBe(
      'The bank account details do not match your account.',
    );
  });

  it('opens a row in a sheet with its amount, status, channel, time and reference', async () => {
    memberServer(
      () => walletResponse(100_000, [gameAccount('JOKER', { name: 'Joker Gaming' })]),
      (url) => (url === '/api/statement' ? { body: { total: 3, statements } } : undefined),
    );
    await renderWithProviders(<StatementPage />, { path: '/user/statement' });
    await userEvent.click(await screen.findByRole('button', { name: /Wallet → Joker Gaming/ }));

    const dialog = await screen.findByRole('dialog', { name: 'Transfer' });
    expect(valueOf(dialog, 'Amount')).toBe('฿300.00');
    expect(valueOf(dialog, 'Status')).toBe('Failed');
    expect(valueOf(dialog, 'Channel')).toBe('Wallet → Joker Gaming');
    expect(valueOf(dialog, 'Date and time')).toBe('02/01/2026 09:05:07');
    expect(valueOf(dialog, 'Reference no.')).toBe('00004012');
    expect(within(dialog).getByRole('button', { name: 'Copy reference number' })).toBeTruthy();

    await userEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog', { name: 'Transfer' })).toBeNull();

    // A reward names its kind as the channel and what it was for.
    await userEvent.click(screen.getByRole('button', { name: /Welcome bonus 5%/ }));
    const bonus = await screen.findByRole('dialog', { name: 'Bonus' });
    expect(valueOf(bonus, 'Amount')).toBe('+฿50.00');
    expect(valueOf(bonus, 'Channel')).toBe('Promotion');
    expect(valueOf(bonus, 'Details')).toBe('Welcome bonus 5%');
  });

  it('shows the balance after each row, and a withdrawal’s receipt again from its row (issue 31)', async () => {
    memberServer(
      () => walletResponse(100_000, []),
      (url) =>
        url === '/api/statement'
          ? {
              body: {
                total: 2,
                statements: [
                  {
                    id: '5001',
                    statementType: 'withdraw',
                    status: 'SUCCESS',
                    from: 'wallet',
                    to: 'bank',
                    amount: 40_000,
                    createdAt,
                    balanceAfter: 60_000,
                    bank: { code: 'SCB', accountNo: '1234567890' },
                  },
                  {
                    id: '5000',
                    statementType: 'deposit',
                    status: 'SUCCESS',
                    from: 'bank',
                    to: 'wallet',
                    amount: 100_000,
                    createdAt,
                    balanceAfter: 100_000,
                  },
                ],
              },
            }
          : undefined,
    );
    await renderWithProviders(<StatementPage />, { path: '/user/statement' });
    const rows = await screen.findAllByRole('listitem');
    expect(rows.map((row) => row.querySelector('[data-balance-after]')?.textContent)).toEqual([
      'Balance ฿600.00',
      'Balance ฿1,000.00',
    ]);

    await userEvent.click(screen.getByRole('button', { name: /-฿400\.00/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Withdrawal' });
    expect(valueOf(dialog, 'Balance after')).toBe('฿600.00');
    await userEvent.click(within(dialog).getByRole('button', { name: 'View receipt' }));
    const receipt = await within(dialog).findByRole('region', { name: 'Withdrawal receipt' });
    expect(valueOf(receipt, 'Reference no.')).toBe('00005001');
    expect(valueOf(receipt, 'Date and time')).toBe('02/01/2026 09:05:07');
    expect(valueOf(receipt, 'Account number')).toBe('123-456-7890');
    // Still the profile's account: its holder is named.
    expect(await within(receipt).findByText('SOMCHAI JAIDEE')).toBeTruthy();
    expect(within(receipt).getByText('Success')).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Back to details' }));
    expect(valueOf(dialog, 'Reference no.')).toBe('00005001');
  });
});
