import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { storage } from '../../lib/storage';
import { bodyOf, fakeServer, renderWithProviders } from '../../test/render-app';
import { StatementPage } from './statement-page';
import { gameAccount, memberServer, walletResponse } from '../../test/wallet-data';

beforeEach(() => storage.setToken('token', false));
afterEach(() => vi.unstubAllGlobals());

/** A time in the member's own zone, as the server would send it. */
const at = (hour: number, minute: number, second: number) =>
  new Date(2026, 0, 2, hour, minute, second).toISOString();

const row = (id: string, statementType: string, status: string, amount: number, extra: object = {}) => ({
  id,
  statementType,
  status,
  from: 'bank',
  to: 'wallet',
  amount,
  createdAt: at(9, 5, 7),
  ...extra,
});

const rows = [
  row('1', 'deposit', 'SUCCESS', 100_000, { createdAt: at(13, 4, 5) }),
  row('2', 'bonus', 'SUCCESS', 5_000, { from: 'operator', bonus: { description: 'Welcome bonus 5%' } }),
  row('3', 'withdraw', 'PENDING', 25_050, { from: 'wallet', to: 'bank' }),
  row('4', 'transfer', 'FAILED', 30_000, { from: 'wallet', to: 'JOKER' }),
  row('5', 'finish_bonus', 'SUCCESS', 4_000, {
    from: 'wallet',
    to: 'bonus',
    bonus: { description: 'Weekly 20% bonus' },
  }),
  row('6', 'deposit', 'SUCCESS', 10_000, { from: 'KBANK' }),
  row('7', 'deposit', 'SUCCESS', 5_000, { from: 'TRUEWALLET' }),
];

const items = () => screen.getAllByRole('listitem').filter((item) => item.hasAttribute('data-status'));

describe('statement', () => {
  it('signs money in and out, styles each status, and dates rows DD/MM/YYYY HH:mm:ss', async () => {
    fakeServer((url) => (url === '/api/statement' ? { body: { total: 7, statements: rows } } : undefined));
    await renderWithProviders(<StatementPage />, { path: '/user/statement' });
    expect(await screen.findByRole('heading', { name: 'Statement' })).toBeTruthy();
    await screen.findByText('+฿1,000.00');
    const [deposit, bonus, withdraw, transfer, finish, qr, gift] = items();
    expect(within(deposit!).getByText('Deposit')).toBeTruthy();
    // Where each deposit came from.
    expect(within(deposit!).getByText('Bank transfer')).toBeTruthy();
    expect(within(qr!).getByText('QR payment · KBANK')).toBeTruthy();
    expect(within(gift!).getByText('Gift link')).toBeTruthy();
    expect(within(deposit!).getByText('02/01/2026 13:04:05')).toBeTruthy();
    expect(within(bonus!).getByText('+฿50.00')).toBeTruthy();
    expect(within(bonus!).getByText('Welcome bonus 5%')).toBeTruthy();
    expect(within(withdraw!).getByText('-฿250.50').className).toContain('text-rose-400');
    expect(within(transfer!).getByText('฿300.00')).toBeTruthy();
    expect(within(transfer!).getByText('Wallet → JOKER')).toBeTruthy();
    // What the end of a bonus took back is money out, with the bonus named.
    expect(within(finish!).getByText('-฿40.00').className).toContain('text-rose-400');
    expect(within(finish!).getByText('Weekly 20% bonus')).toBeTruthy();

    expect(within(deposit!).getByText('Success').className).toContain('text-mint-400');
    expect(within(withdraw!).getByText('In progress').className).toContain('text-amber-400');
    expect(within(transfer!).getByText('Failed').className).toContain('text-rose-400');
  });

  it('signs a balance adjustment by its way and says why in the member’s language', async () => {
    const adjustments = [
      row('8', 'adjustment', 'SUCCESS', 50_000, { from: 'operator', adjustment: { reason: 'compensation' } }),
      row('9', 'adjustment', 'SUCCESS', 20_000, {
        from: 'wallet',
        to: 'operator',
        adjustment: { reason: 'duplicate' },
      }),
    ];
    fakeServer((url) =>
      url === '/api/statement' ? { body: { total: 2, statements: adjustments } } : undefined,
    );
    await renderWithProviders(<StatementPage />, { path: '/user/statement', locale: 'th' });
    await screen.findByText('+฿500.00');
    const [given, taken] = items();
    expect(within(given!).getByText('ปรับยอดเงิน')).toBeTruthy();
    expect(within(given!).getByText('เงินชดเชย')).toBeTruthy();
    expect(within(given!).getByText('+฿500.00').className).toContain('text-mint-400');
    expect(within(taken!).getByText('หักคืนยอดที่เข้าซ้ำ')).toBeTruthy();
    expect(within(taken!).getByText('-฿200.00').className).toContain('text-rose-400');
  });

  it('names an invite bonus and a loss refund as the bonus rows are named', async () => {
    fakeServer((url) =>
      url === '/api/statement'
        ? {
            body: {
              total: 3,
              statements: [
                row('8', 'bonus', 'SUCCESS', 25_000, {
                  from: 'operator',
                  invite: { description: 'Invite bonus' },
                }),
                row('9', 'bonus', 'SUCCESS', 12_000, {
                  from: 'operator',
                  refund: { description: 'Loss refund' },
                }),
                row('10', 'finish_bonus', 'SUCCESS', 3_000, {
                  from: 'wallet',
                  to: 'bonus',
                  refund: { description: 'Loss refund' },
                }),
              ],
            },
          }
        : undefined,
    );
    await renderWithProviders(<StatementPage />, { path: '/user/statement' });
    await screen.findByText('+฿250.00');
    const [invite, refund, finish] = items();
    expect(within(invite!).getByText('Invite bonus')).toBeTruthy();
    expect(within(refund!).getByText('+฿120.00')).toBeTruthy();
    expect(within(refund!).getByText('Loss refund')).toBeTruthy();
    expect(within(finish!).getByText('-฿30.00')).toBeTruthy();
    expect(within(finish!).getByText('Loss refund')).toBeTruthy();
  });

  it('names games as Home does, and counts in the currency of the member’s wallet', async () => {
    const wallet = walletResponse(0, [
      gameAccount('JOKER', { name: 'Joker Gaming' }),
      gameAccount('PGSLOT', { name: 'PG Slot' }),
    ]);
    memberServer(
      () => ({ ...wallet, wallet: { ...wallet.wallet, currency: 'LAK' } }),
      (url) =>
        url === '/api/statement'
          ? {
              body: {
                total: 3,
                statements: [
                  row('1', 'transfer', 'SUCCESS', 30_000, { from: 'wallet', to: 'JOKER' }),
                  row('2', 'transfer', 'SUCCESS', 10_000, { from: 'PGSLOT', to: 'wallet' }),
                  row('3', 'deposit', 'SUCCESS', 5_000_000, { from: 'bank' }),
                ],
              },
            }
          : undefined,
    );
    await renderWithProviders(<StatementPage />, { path: '/user/statement' });
    await screen.findByText('Wallet → Joker Gaming');
    const [into, back, deposit] = items();
    expect(within(into!).getByText('₭300')).toBeTruthy();
    expect(within(back!).getByText('PG Slot → Wallet')).toBeTruthy();
    expect(within(deposit!).getByText('+₭50,000')).toBeTruthy();
  });

  it('pages 10 rows at a time', async () => {
    const calls = fakeServer((url, init) => {
      if (url !== '/api/statement') return undefined;
      const { page } = JSON.parse(init.body as string) as { page: number };
      const count = page === 3 ? 3 : 10;
      return {
        body: {
          total: 23,
          statements: Array.from({ length: count }, (_, index) =>
            row(`${page}-${index}`, 'deposit', 'SUCCESS', (page * 100 + index) * 100),
          ),
        },
      };
    });
    await renderWithProviders(<StatementPage />, { path: '/user/statement' });
    await screen.findByText('Page 1 of 3');
    expect(items()).toHaveLength(10);
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Previous' }).disabled).toBe(true);
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByText('Page 2 of 3');
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByText('+฿300.00');
    expect(items()).toHaveLength(3);
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Next' }).disabled).toBe(true);
    const sent = calls.filter((call) => call.url === '/api/statement').map(bodyOf);
    expect(sent).toEqual([
      { page: 1, limit: 10 },
      { page: 2, limit: 10 },
      { page: 3, limit: 10 },
    ]);
  });

  it('says so when there is nothing yet, and opens the slip status from its button', async () => {
    fakeServer((url) =>
      url === '/api/statement'
        ? { body: { total: 0, statements: [] } }
        : url === '/api/statement/slip'
          ? { body: { total: 0, slips: [] } }
          : undefined,
    );
    await renderWithProviders(<StatementPage />, { path: '/user/statement' });
    expect(await screen.findByText('No transactions yet')).toBeTruthy();
    expect(screen.queryByRole('navigation', { name: 'Statement pages' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Slip status' }));
    const dialog = await screen.findByRole('dialog', { name: 'Slip status' });
    expect(await within(dialog).findByText('No slips yet')).toBeTruthy();
  });

  it('shows a failure translated, with a way to try again', async () => {
    let fail = true;
    fakeServer((url) =>
      url === '/api/statement'
        ? fail
          ? { status: 503, body: { message: 'SERVICE_UNAVAILABLE' } }
          : { body: { total: 1, statements: rows.slice(0, 1) } }
        : undefined,
    );
    await renderWithProviders(<StatementPage />, { path: '/user/statement' });
    const alert = await screen.findByRole('alert', {}, { timeout: 5_000 });
    expect(alert.textContent).toContain('temporarily unavailable');
    fail = false;
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(screen.getByText('+฿1,000.00')).toBeTruthy());
  });
});
