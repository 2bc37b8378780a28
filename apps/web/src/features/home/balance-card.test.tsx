import { act, cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import i18next from '../../lib/i18n';
import { renderHome } from '../../test/render-home';
import { memberServer, signIn, walletResponse } from '../../test/wallet-data';
import { BalanceCard } from './balance-card';

beforeAll(() => i18next.changeLanguage('en'));
afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  // A dialog's history entry is popped on a timer after it closes.
  await act(() => new Promise((resolve) => setTimeout(resolve, 10)));
});

const card = (onCoinInfo?: () => void) => (
  <BalanceCard
    name="Somchai"
    coin={7}
    wallet={walletResponse(5_000)}
    updatedAt={0}
    refreshing={false}
    onRefresh={() => {}}
    onTransfer={() => {}}
    onCoinInfo={onCoinInfo}
  />
);

describe('the balance card’s coin badge (issue 16)', () => {
  it('is a button that says what it explains, when there is an explanation to open', async () => {
    const onCoinInfo = vi.fn();
    render(card(onCoinInfo));
    const badge = screen.getByRole('button', { name: '7 coins: what are coins?' });
    expect(badge.getAttribute('aria-haspopup')).toBe('dialog');
    await userEvent.click(badge);
    expect(onCoinInfo).toHaveBeenCalledTimes(1);
  });

  it('is only a count without one', () => {
    render(card());
    expect(screen.getByText('7 coins')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /coins/ })).toBeNull();
  });

  it('opens Home’s coin explanation, the same dialog as the wheel tile’s, while the wheel is closed too', async () => {
    signIn();
    // The wheel is closed: its tile (and its coin count) is not on Home; the badge still explains.
    memberServer(
      () => walletResponse(5_000),
      (url) => (url === '/api/spinwheel/active' ? { body: { isActive: false } } : undefined),
    );
    await renderHome();
    const balance = await screen.findByRole('region', { name: 'Total balance' });
    await userEvent.click(
      await within(balance).findByRole('button', { name: '7 coins: what are coins?' }, { timeout: 5_000 }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Your coins' });
    expect(within(dialog).getByText('You have 7 coins.')).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Go to the wheel' })).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Your coins' })).toBeNull());
  });
});
