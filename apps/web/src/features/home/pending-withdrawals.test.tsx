import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PendingWithdrawal } from '@wallet/contract/http/wallet';
import { renderHome } from '../../test/render-home';
import { memberServer, signIn, walletResponse } from '../../test/wallet-data';

beforeEach(signIn);
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const PENDING_URL = '/api/wallet/withdrawals/pending';
/** Home's chunk, the wallet's read and then the list's: more than findBy's 1 s on a busy machine. */
const LOADED = { timeout: 5_000 };

const withdrawal = (id: string, amount: number, overrides: Partial<PendingWithdrawal> = {}) => ({
  id,
  amount,
  createdAt: '2026-11-24T10:15:30.000Z',
  waitingFor: 'payout',
  accountEnding: '7890',
  ...overrides,
});

describe('home: withdrawals on their way', () => {
  it('shows each pending withdrawal with its amount, time and what it waits for, and drops it once final', async () => {
    let pending = [
      withdrawal('12', 30_000),
      withdrawal('9', 12_550, { waitingFor: 'confirmation', createdAt: '2026-11-24T10:01:00.000Z' }),
    ];
    const calls = memberServer(
      () => walletResponse(5_000),
      (url) => (url === PENDING_URL ? { body: { withdrawals: pending } } : undefined),
    );
    await renderHome();
    const region = await screen.findByRole('region', { name: 'Withdrawals on their way' }, LOADED);
    const items = within(region).getAllByRole('listitem');
    expect(items.map((item) => item.querySelector('p')?.textContent)).toEqual([
      'Withdrawal of ฿300.00',
      'Withdrawal of ฿125.50',
    ]);
    expect(items[0]!.textContent).toContain('In progress');
    expect(items[0]!.textContent).toContain('Being paid to your bank account ending\u00a07890.');
    expect(items[0]!.textContent).toMatch(/Requested 24\/11\/2026 \d\d:15:30/);
    expect(items[1]!.textContent).toContain(
      'Waiting for the bank to confirm the payment. If it was not paid, the money comes back to your wallet.',
    );
    // Asked once on load, after the games' refresh: the wallet and the list tell the same moment.
    const urls = calls.map((call) => call.url);
    expect(urls.filter((url) => url === PENDING_URL)).toHaveLength(1);
    expect(urls.indexOf('/api/wallet/refresh/slot')).toBeLessThan(urls.indexOf(PENDING_URL));

    // Paid meanwhile: the member's Refresh reads the wallet, then the list; the finished one
    // leaves, and the balances are read once more (the money left, or came back).
    pending = [pending[0]!];
    const refreshes = () => calls.filter((call) => call.url === '/api/wallet/refresh/slot').length;
    await userEvent.click(screen.getByRole('button', { name: 'Refresh balances' }));
    await waitFor(() => expect(within(region).getAllByRole('listitem')).toHaveLength(1));
    await waitFor(() => expect(refreshes()).toBe(3));
    pending = [];
    await userEvent.click(screen.getByRole('button', { name: 'Refresh balances' }));
    await waitFor(() =>
      expect(screen.queryByRole('region', { name: 'Withdrawals on their way' })).toBeNull(),
    );
  });

  it('says nothing when none is pending, and looks again only while one is', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const pending: ReturnType<typeof withdrawal>[] = [];
    const calls = memberServer(
      () => walletResponse(5_000),
      (url) => (url === PENDING_URL ? { body: { withdrawals: pending } } : undefined),
    );
    await renderHome();
    await screen.findByText('Hello, Somchai', {}, LOADED);
    await waitFor(() => expect(calls.filter((call) => call.url === PENDING_URL)).toHaveLength(1));
    expect(screen.queryByRole('region', { name: 'Withdrawals on their way' })).toBeNull();
    const asked = () => calls.filter((call) => call.url === PENDING_URL).length;
    // Nothing pending: two minutes on Home ask nothing more.
    await act(() => vi.advanceTimersByTimeAsync(120_000));
    expect(asked()).toBe(1);
  });

  it('shows nothing while the wallet, and so its currency, is unknown', async () => {
    const calls = memberServer(
      () => walletResponse(5_000),
      (url) =>
        url === PENDING_URL
          ? { body: { withdrawals: [withdrawal('41', 20_000)] } }
          : url === '/api/wallet/refresh/slot' || url === '/api/wallet'
            ? { status: 400, body: { message: 'INVALID_INPUT' } }
            : undefined,
    );
    await renderHome();
    await screen.findByText('Hello, Somchai', {}, LOADED);
    await waitFor(() => expect(calls.filter((call) => call.url === PENDING_URL)).toHaveLength(1));
    await screen.findByRole('alert', {}, LOADED);
    // A kip wallet's amounts are never shown with ฿: no list until the wallet says its currency.
    expect(screen.queryByRole('region', { name: 'Withdrawals on their way' })).toBeNull();
  });

  it('after a failed first read, a newer wallet read asks again, so a new withdrawal shows', async () => {
    let failing = true;
    const calls = memberServer(
      () => walletResponse(5_000),
      (url) =>
        url === PENDING_URL
          ? failing
            ? { status: 400, body: { message: 'INVALID_INPUT' } }
            : { body: { withdrawals: [withdrawal('31', 20_000)] } }
          : undefined,
    );
    await renderHome();
    await screen.findByText('Hello, Somchai', {}, LOADED);
    await waitFor(() => expect(calls.filter((call) => call.url === PENDING_URL)).toHaveLength(1));
    failing = false;
    // The member refreshes the wallet: the list is read again with it.
    await userEvent.click(screen.getByRole('button', { name: 'Refresh balances' }));
    expect(await screen.findByRole('region', { name: 'Withdrawals on their way' }, LOADED)).toBeTruthy();
  });

  it('looks again every 30 s while a withdrawal is pending, and stops once it is final', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let pending = [withdrawal('12', 30_000, { accountEnding: '' })];
    const calls = memberServer(
      () => walletResponse(5_000),
      (url) => (url === PENDING_URL ? { body: { withdrawals: pending } } : undefined),
    );
    await renderHome();
    expect(await screen.findByText('Being paid to your bank account.', {}, LOADED)).toBeTruthy();
    const asked = () => calls.filter((call) => call.url === PENDING_URL).length;
    expect(asked()).toBe(1);
    pending = [];
    await act(() => vi.advanceTimersByTimeAsync(30_000));
    await waitFor(() => expect(screen.queryByText('Being paid to your bank account.')).toBeNull());
    const afterFinal = asked();
    await act(() => vi.advanceTimersByTimeAsync(120_000));
    expect(asked()).toBe(afterFinal);
  });
});
