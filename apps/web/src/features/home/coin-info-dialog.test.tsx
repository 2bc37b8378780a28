import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderHome } from '../../test/render-home';
import { memberServer, signIn, walletResponse } from '../../test/wallet-data';

beforeEach(signIn);
afterEach(async () => {
  vi.unstubAllGlobals();
  // The dialog's history entry is popped on a timer after it closes.
  await act(() => new Promise((resolve) => setTimeout(resolve, 10)));
});

/**
 * The wheel tile's coin count shows once the wheel is known to be active (its own read, after the
 * home chunk). The balance card's coin badge opens the same dialog (balance-card.test.tsx).
 */
const coinButton = async () =>
  within(await screen.findByRole('region', { name: 'Quick actions' })).findByRole(
    'button',
    { name: '7 coins: what are coins?' },
    { timeout: 5_000 },
  );

const spinActive = (url: string) =>
  url === '/api/spinwheel/active' ? { body: { isActive: true } } : undefined;

describe('home: the coin count explains itself', () => {
  it('opens what coins are, how they are earned and what they are for; Back closes it', async () => {
    memberServer(() => walletResponse(5_000), spinActive);
    await renderHome();
    await userEvent.click(await coinButton());
    const dialog = await screen.findByRole('dialog', { name: 'Your coins' });
    expect(within(dialog).getByText('You have 7 coins.')).toBeTruthy();
    expect(within(dialog).getByText(/Coins are spins of the lucky wheel/)).toBeTruthy();
    expect(within(dialog).getByRole('heading', { name: 'How you earn coins' })).toBeTruthy();
    expect(within(dialog).getByText(/every deposit earns coins/)).toBeTruthy();
    expect(within(dialog).getByText(/free coins when you open the wheel/)).toBeTruthy();

    // The phone's Back closes it and Home stays.
    act(() => window.history.back());
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Your coins' })).toBeNull());
    expect(screen.getByText('Hello, Somchai')).toBeTruthy();
  });

  it('leads to the wheel', async () => {
    memberServer(() => walletResponse(5_000), spinActive);
    const { router } = await renderHome();
    await userEvent.click(await coinButton());
    const dialog = await screen.findByRole('dialog', { name: 'Your coins' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Go to the wheel' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/user/spin'));
  });
});
