import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { HeldTransfer } from '@wallet/contract/http/wallet';
import type { MinorUnits } from '@wallet/contract/money';
import { countCalls, holdAnswers } from '../../test/render-app';
import { renderHome } from '../../test/render-home';
import { gameAccount, memberServer, signIn, walletResponse } from '../../test/wallet-data';

beforeEach(signIn);
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const HELD_URL = '/api/wallet/transfers/held';
const LOADED = { timeout: 5_000 };
const REGION = 'Transfers on their way';

const heldTransfer = (id: string, amount: number, overrides: Partial<HeldTransfer> = {}): HeldTransfer => ({
  id,
  game: 'JOKER',
  direction: 'in',
  amount: amount as MinorUnits,
  createdAt: '2026-11-28T10:15:30.000Z',
  waitingFor: 'provider',
  ...overrides,
});

const games = [
  gameAccount('JOKER', { isActive: true }),
  gameAccount('PG', { isActive: true, amount: 2_000 }),
];

describe('home: transfers held at a game that has not answered (issue 31)', () => {
  it('shows which game, how much, since when and what it waits for, and reads the balances once it settles', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let held = [
      heldTransfer('21', 30_000),
      heldTransfer('20', 2_000, { game: 'PG', direction: 'out', waitingFor: 'confirmation' }),
    ];
    const calls = memberServer(
      () => walletResponse(70_000, games),
      (url) => (url === HELD_URL ? { body: { transfers: held, inFlight: 32_000 } } : undefined),
    );
    await renderHome();
    const region = await screen.findByRole('region', { name: REGION }, LOADED);
    const items = within(region).getAllByRole('listitem');
    expect(items.map((item) => item.querySelector('p')?.textContent)).toEqual([
      '฿300.00 to Joker',
      '฿20.00 from Pg to your wallet',
    ]);
    expect(items[0]!.textContent).toContain('Waiting');
    expect(items[0]!.textContent).toContain(
      'Waiting for Joker to answer. The money is held for you and is still yours.',
    );
    expect(items[0]!.textContent).toMatch(/Held since 28\/11\/2026 \d\d:15:30/);
    expect(items[1]!.textContent).toContain(
      'Pg has not answered yet. We keep asking: if it did not pay the money out, it stays in Pg.',
    );
    // Still the member's: the total counts it (wallet 700 + Pg 20 + 320 on its way), and says so.
    const card = screen.getByRole('region', { name: 'Total balance' });
    expect(within(card).getByText('฿1,040.00')).toBeTruthy();
    expect(within(card).getByText('Includes ฿320.00 on its way between your wallet and a game')).toBeTruthy();

    // The reconciler settled them: the next look (5 s) finds none, and the balances are read again.
    const refreshes = () => countCalls(calls, '/api/wallet/refresh/slot');
    const before = refreshes();
    held = [];
    await act(() => vi.advanceTimersByTimeAsync(5_000));
    await waitFor(() => expect(screen.queryByRole('region', { name: REGION })).toBeNull());
    await waitFor(() => expect(refreshes()).toBe(before + 1));
    // Nothing held: no more looks.
    const asked = countCalls(calls, HELD_URL);
    await act(() => vi.advanceTimersByTimeAsync(60_000));
    expect(countCalls(calls, HELD_URL)).toBe(asked);
  });

  it('says whom a slow transfer waits for after 2 s; held, home shows it and the wallet without it at once', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let held: HeldTransfer[] = [];
    let walletAmount = 100_000;
    const calls = memberServer(
      () => walletResponse(walletAmount, games),
      (url) =>
        url === HELD_URL
          ? { body: { transfers: held, inFlight: held.reduce((sum, one) => sum + one.amount, 0) } }
          : url === '/api/wallet/transfer'
            ? { status: 202, body: { status: 'PENDING', reference: 'ref-1', amount: 40_000 } }
            : undefined,
    );
    const release = holdAnswers('/api/wallet/transfer');
    await renderHome();
    await userEvent.click(await screen.findByRole('button', { name: 'Transfer' }, LOADED));
    const dialog = await screen.findByRole('dialog', { name: 'Transfer money' });
    await userEvent.selectOptions(within(dialog).getByLabelText('To'), 'JOKER');
    await userEvent.type(within(dialog).getByLabelText('Amount'), '400');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Transfer now' }));
    await waitFor(() => expect(countCalls(calls, '/api/wallet/transfer')).toBe(1));

    // A wordless spinner for the first 2 s only.
    await act(() => vi.advanceTimersByTimeAsync(1_900));
    expect(within(dialog).queryByText('Waiting for Joker…')).toBeNull();
    await act(() => vi.advanceTimersByTimeAsync(200));
    expect(within(dialog).getByText('Waiting for Joker…')).toBeTruthy();

    // Held: the ledger's wallet and the list are read before the member closes the answer.
    held = [heldTransfer('31', 40_000)];
    walletAmount = 60_000;
    const plainReads = countCalls(calls, '/api/wallet');
    release();
    expect(await within(dialog).findByText('Transfer in progress')).toBeTruthy();
    await waitFor(() => expect(countCalls(calls, '/api/wallet')).toBe(plainReads + 1));
    const region = await screen.findByRole('region', { name: REGION, hidden: true }, LOADED);
    expect(within(region).getByText('฿400.00 to Joker')).toBeTruthy();
    expect(screen.getAllByText('฿600.00', { exact: false }).length).toBeGreaterThan(0);
  });
});
