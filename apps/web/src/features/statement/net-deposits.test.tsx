import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { storage } from '../../lib/storage';
import { fakeServer, renderWithProviders } from '../../test/render-app';
import { memberServer, walletResponse } from '../../test/wallet-data';
import { NetDeposits } from './net-deposits';

beforeEach(() => storage.setToken('token', false));
afterEach(() => vi.unstubAllGlobals());

describe('net deposits on the statement page', () => {
  it('shows deposits minus withdrawals over 3 and 12 months, a net withdrawal with its sign', async () => {
    fakeServer((url) =>
      url === '/api/account/net-deposits'
        ? { body: { threeMonths: 150_000, twelveMonths: -2_500 } }
        : undefined,
    );
    await renderWithProviders(<NetDeposits />, { path: '/user/statement' });
    expect(await screen.findByText('฿1,500.00')).toBeTruthy();
    expect(screen.getByText('-฿25.00')).toBeTruthy();
    expect(screen.getByText('Last 12 months')).toBeTruthy();
  });

  it('counts in the wallet’s currency: kip in whole kip, never as baht', async () => {
    const wallet = walletResponse(0);
    memberServer(
      () => ({ ...wallet, wallet: { ...wallet.wallet, currency: 'LAK' } }),
      (url) =>
        url === '/api/account/net-deposits'
          ? { body: { threeMonths: 50_000_000, twelveMonths: -2_500_000 } }
          : undefined,
    );
    await renderWithProviders(<NetDeposits />, { path: '/user/statement' });
    expect(await screen.findByText('₭500,000')).toBeTruthy();
    expect(screen.getByText('-₭25,000')).toBeTruthy();
    expect(screen.queryByText(/฿/)).toBeNull();
  });

  it('stays silent when the server cannot answer', async () => {
    fakeServer();
    const view = await renderWithProviders(<NetDeposits />, { path: '/user/statement' });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(view.container.textContent).toBe('');
  });
});
