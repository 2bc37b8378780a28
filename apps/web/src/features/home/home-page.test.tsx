import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderHome } from '../../test/render-home';
import { gameAccount, memberServer, signIn, walletResponse } from '../../test/wallet-data';

beforeEach(signIn);
afterEach(() => vi.unstubAllGlobals());

const games = [
  gameAccount('JOKER', { isActive: true, amount: 25_050, ftWalletSlot: 10 }),
  gameAccount('PG', { isActive: true, amount: 12_345, ftWalletSlot: 0.1 }),
  gameAccount('SLOTXO'),
  gameAccount('UFABET', { category: 'sport' }),
  gameAccount('SEXYGAME', { category: 'casino', isActive: true, amount: 100 }),
  gameAccount('HUAYHD', { category: 'lotto' }),
];

const carousel = (name: string) => screen.getByRole('region', { name });

describe('home', () => {
  it('shows the member, coins, the total of wallet and games, and each game with its game-side amount', async () => {
    memberServer(() => walletResponse(100_000, games));
    await renderHome();
    expect(await screen.findByText('Hello, Somchai')).toBeTruthy();
    expect(screen.getByText('7 coins')).toBeTruthy();
    // 1,000.00 + 250.50 + 123.45 + 1.00
    expect(await screen.findByText('฿1,374.95')).toBeTruthy();
    expect(screen.getByText('฿1,000.00')).toBeTruthy();
    expect(screen.getByText('฿374.95')).toBeTruthy();
    expect(screen.getByText(/^Updated /)).toBeTruthy();

    const joker = within(carousel('Slots')).getByRole('button', { name: /Joker/ });
    expect(joker.textContent).toContain('฿250.50');
    expect(joker.textContent).toContain('2,505.00 credits');
    expect(joker.textContent).toContain('View data');
    const pg = within(carousel('Slots')).getByRole('button', { name: /Pg/ });
    expect(pg.textContent).toContain('12.35 credits');
    const closed = within(carousel('Slots')).getByRole('button', { name: /Slotxo/ });
    expect(closed.textContent).toContain('Open account');
  });

  it('puts slot, sport plus casino, and lotto games in their three carousels', async () => {
    memberServer(() => walletResponse(0, games));
    await renderHome();
    await screen.findByRole('region', { name: 'Slots' });
    const names = (title: string) =>
      within(carousel(title))
        .getAllByRole('listitem')
        .map((item) => /Joker|Pg|Slotxo|Ufabet|Sexygame|Huayhd/.exec(item.textContent)?.[0]);
    expect(names('Slots')).toEqual(['Joker', 'Pg', 'Slotxo']);
    expect(names('Sport & casino')).toEqual(['Ufabet', 'Sexygame']);
    expect(names('Lotto')).toEqual(['Huayhd']);
    // Three cards a page: the slot carousel fits one page, so it has no arrows.
    expect(within(carousel('Slots')).queryByRole('button', { name: 'More games' })).toBeNull();
  });

  it("asks at once for the art of the first slot page's three cards, for every other lazily", async () => {
    memberServer(() => walletResponse(0, [...games, gameAccount('AREASLOT'), gameAccount('CIRCUS')]));
    await renderHome();
    await screen.findByRole('region', { name: 'Slots' });
    const art = (title: string) =>
      within(carousel(title))
        .getAllByRole('listitem')
        .map((item) => item.querySelector('img')!);
    const slots = art('Slots');
    expect(slots).toHaveLength(5);
    for (const img of slots.slice(0, 3)) {
      expect(img.getAttribute('loading')).toBe('eager');
      expect(img.getAttribute('fetchpriority')).toBe('high');
    }
    for (const img of [...slots.slice(3), ...art('Sport & casino'), ...art('Lotto')]) {
      expect(img.getAttribute('loading')).toBe('lazy');
      expect(img.getAttribute('fetchpriority')).toBe('auto');
    }
  });

  it('refreshes every game account on load, and still shows the wallet when the refresh fails', async () => {
    let refreshFails = false;
    const calls = memberServer(
      () => walletResponse(5_000),
      (url) =>
        url === '/api/wallet/refresh/slot' && refreshFails
          ? { status: 503, body: { message: 'SERVICE_UNAVAILABLE' } }
          : undefined,
    );
    const first = await renderHome();
    await screen.findByText('฿50.00', { selector: 'p' });
    // The balances' reads (the pending withdrawals and held transfers are lists of their own).
    const balanceReads = calls.filter(
      (call) =>
        call.url.startsWith('/api/wallet') &&
        !call.url.startsWith('/api/wallet/withdrawals') &&
        !call.url.startsWith('/api/wallet/transfers'),
    );
    expect(balanceReads.map((call) => call.url)).toEqual(['/api/wallet/refresh/slot']);
    first.unmount();
    refreshFails = true;
    await renderHome();
    await screen.findByText('฿50.00', { selector: 'p' });
    expect(calls.map((call) => call.url)).toContain('/api/wallet');
  });

  it('refreshes on demand and goes to the bonus page', async () => {
    const calls = memberServer(() => walletResponse(5_000, games));
    const { router } = await renderHome();
    await screen.findByRole('region', { name: 'Slots' });
    const refreshes = () => calls.filter((call) => call.url === '/api/wallet/refresh/slot').length;
    expect(refreshes()).toBe(1);
    await userEvent.click(screen.getByRole('button', { name: 'Refresh all' }));
    expect(await screen.findByText('Your balances are up to date.')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Refresh balances' }));
    await waitFor(() => expect(refreshes()).toBe(3));

    // Deposit opens its own dialog (features/deposit), invite and refund theirs (features/rewards):
    // each tested there.
    await userEvent.click(screen.getByRole('button', { name: 'Bonus rules' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/user/bonus'));
  });

  it('shows the spin wheel with the coins as the third shortcut while it is active, else refresh all', async () => {
    let isActive = true;
    const calls = memberServer(
      () => walletResponse(5_000),
      (url) => (url === '/api/spinwheel/active' ? { body: { isActive } } : undefined),
    );
    const { router, unmount } = await renderHome();
    const widgets = await screen.findByRole('region', { name: 'Quick actions' });
    const names = () =>
      within(widgets)
        .getAllByRole('button')
        .map((button) => button.textContent);
    await waitFor(() => expect(names()[2]).toBe('Spin wheel'));
    // The coin count is a button of its own beside the tile (it explains coins).
    expect(names()).toEqual([
      'Deposit',
      'Withdraw',
      'Spin wheel',
      '7 coins',
      'Invite friends',
      'Bonus rules',
      'Loss refund',
    ]);
    expect(calls.filter((call) => call.url === '/api/spinwheel/active')).toHaveLength(1);
    await userEvent.click(within(widgets).getByRole('button', { name: 'Spin wheel' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/user/spin'));
    unmount();

    isActive = false;
    await renderHome();
    const closed = await screen.findByRole('region', { name: 'Quick actions' });
    await waitFor(() => expect(calls.filter((call) => call.url === '/api/spinwheel/active')).toHaveLength(2));
    await screen.findByText('฿50.00', { selector: 'p' });
    expect(within(closed).getByRole('button', { name: 'Refresh all' })).toBeTruthy();
    expect(within(closed).queryByRole('button', { name: /Spin wheel/ })).toBeNull();
  });
});
