import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { formatDateTime } from '../../lib/format';
import { bonusProgress } from '../../test/bonus-data';
import { bodyOf } from '../../test/render-app';
import { renderHome } from '../../test/render-home';
import { gameAccount, memberServer, profileResponse, signIn, walletResponse } from '../../test/wallet-data';

beforeEach(signIn);
afterEach(() => vi.unstubAllGlobals());

async function openWithdraw() {
  await userEvent.click(await screen.findByRole('button', { name: 'Withdraw' }));
  const dialog = await screen.findByRole('dialog', { name: 'Withdraw' });
  await within(dialog).findByLabelText('Amount');
  return dialog;
}

/** Types an amount and taps Continue: the review shows when every check passes. */
async function withdrawAmount(dialog: HTMLElement, amount: string) {
  const field = within(dialog).getByLabelText('Amount');
  await userEvent.clear(field);
  if (amount) await userEvent.type(field, amount);
  await userEvent.click(within(dialog).getByRole('button', { name: 'Continue' }));
}

/** The review's Withdraw now: the only tap that sends the withdrawal. */
async function confirmWithdrawal(dialog: HTMLElement) {
  const review = await within(dialog).findByRole('region', { name: 'Check before you withdraw' });
  await userEvent.click(within(review).getByRole('button', { name: 'Withdraw now' }));
}

describe('withdraw', () => {
  it('shows a review before anything is sent, then a receipt with reference, time and status (issue 31)', async () => {
    const calls = memberServer(
      () => walletResponse(1_000_000),
      (url) =>
        url === '/api/wallet/withdrawAll'
          ? {
              status: 202,
              body: {
                status: 'PENDING',
                reference: 'm1:key:withdraw',
                amount: 30_000,
                id: '4321',
                createdAt: '2026-11-28T07:05:09.000Z',
              },
            }
          : undefined,
    );
    await renderHome();
    const dialog = await openWithdraw();
    await withdrawAmount(dialog, '300');
    const review = await within(dialog).findByRole('region', { name: 'Check before you withdraw' });
    expect(within(review).getByText('฿300.00')).toBeTruthy();
    expect(within(review).getByText('Siam Commercial Bank')).toBeTruthy();
    // The holder's name whole, on a line of its own that wraps (never cut to "SOMC…").
    const holder = within(review).getByText('SOMCHAI JAIDEE');
    expect(holder.className).toContain('break-words');
    expect(holder.className).not.toContain('truncate');
    expect(within(review).getByText('123-456-7890')).toBeTruthy();
    expect(calls.some((call) => call.url === '/api/wallet/withdrawAll')).toBe(false);

    // Change amount goes back with the amount kept; nothing was sent.
    await userEvent.click(within(review).getByRole('button', { name: 'Change amount' }));
    expect(within(dialog).getByLabelText<HTMLInputElement>('Amount').value).toBe('300');
    await withdrawAmount(dialog, '300');
    await confirmWithdrawal(dialog);
    expect(calls.filter((call) => call.url === '/api/wallet/withdrawAll')).toHaveLength(1);

    const receipt = await within(dialog).findByRole('region', { name: 'Withdrawal receipt' });
    expect(within(receipt).getByText('00004321')).toBeTruthy();
    expect(within(receipt).getByText(formatDateTime('2026-11-28T07:05:09.000Z'))).toBeTruthy();
    expect(within(receipt).getByText('In progress')).toBeTruthy();
    expect(within(receipt).getByText('SOMCHAI JAIDEE')).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Save image' })).toBeTruthy();
  });

  it('names the limits of the withdraw lookup in its messages, and the balance with games included', async () => {
    const calls = memberServer(() =>
      walletResponse(20_000_00, [gameAccount('JOKER', { isActive: true, amount: 100_000_00 })]),
    );
    await renderHome();
    const dialog = await openWithdraw();
    expect(within(dialog).getByText('Minimum ฿100.00 · maximum ฿50,000.00')).toBeTruthy();
    expect(within(dialog).getByText('฿120,000.00')).toBeTruthy();
    expect(
      within(dialog).getByText('Money in your game accounts comes back to your wallet first.'),
    ).toBeTruthy();
    expect(within(dialog).getByText(/123-456-7890/)).toBeTruthy();

    await withdrawAmount(dialog, '99.99');
    expect(within(dialog).getByText('Minimum ฿100.00')).toBeTruthy();
    await withdrawAmount(dialog, '50000.01');
    expect(within(dialog).getByText('Maximum ฿50,000.00')).toBeTruthy();
    await withdrawAmount(dialog, '');
    expect(within(dialog).getByText('Minimum ฿100.00')).toBeTruthy();
    expect(calls.some((call) => call.url === '/api/wallet/withdrawAll')).toBe(false);
  });

  it('says before money moves that a kip wallet is not paid to a baht account, and shows kip whole', async () => {
    const wallet = walletResponse(2_000_000_00);
    wallet.wallet.currency = 'LAK';
    const calls = memberServer(
      () => wallet,
      (url) => (url === '/api/account/profile' ? { body: profileResponse } : undefined),
    );
    await renderHome();
    const dialog = await openWithdraw();
    expect(within(dialog).getByRole('alert').textContent).toBe(
      "Your registered bank account is not in your wallet's currency, so a withdrawal cannot be paid to it. Please contact support to change the account.",
    );
    // Kip in whole kip (decision 068).
    expect(within(dialog).getByText('₭2,000,000')).toBeTruthy();
    expect(within(dialog).getByRole<HTMLButtonElement>('button', { name: 'Continue' }).disabled).toBe(true);
    expect(calls.some((call) => call.url === '/api/wallet/withdrawAll')).toBe(false);
  });

  it('turns the server’s limit code into the same named message', async () => {
    memberServer(
      () => walletResponse(1_000_000),
      (url) =>
        url === '/api/wallet/withdrawAll'
          ? { status: 400, body: { message: 'WITHDRAW_MAXIMUM' } }
          : undefined,
    );
    await renderHome();
    const dialog = await openWithdraw();
    await withdrawAmount(dialog, '200');
    await confirmWithdrawal(dialog);
    // Back at the amount, with the limit named at it.
    expect(await within(dialog).findByText('Maximum ฿50,000.00')).toBeTruthy();
    expect(within(dialog).getByLabelText<HTMLInputElement>('Amount').value).toBe('200');
  });

  it('sends minor units, then tells the member to wait for the money at their bank', async () => {
    const calls = memberServer(
      () => walletResponse(1_000_000),
      (url) =>
        url === '/api/wallet/withdrawAll'
          ? { body: { status: 'SUCCESS', reference: 'w-1', amount: 25_050 } }
          : undefined,
    );
    await renderHome();
    const dialog = await openWithdraw();
    await withdrawAmount(dialog, '250.50');
    await confirmWithdrawal(dialog);
    expect(await within(dialog).findByText('Withdrawal requested')).toBeTruthy();
    expect(
      within(dialog).getByText(
        '฿250.50 is on its way to Siam Commercial Bank 123-456-7890. Please wait for the transfer to reach your bank account.',
      ),
    ).toBeTruthy();
    const sent = calls.find((call) => call.url === '/api/wallet/withdrawAll')!;
    expect(bodyOf(sent)).toEqual({ amount: 25_050 });
    expect((sent.init.headers as Record<string, string>)['idempotency-key']).toBeTruthy();
    const loads = () => calls.filter((call) => call.url === '/api/wallet/refresh/slot').length;
    const before = loads();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(loads()).toBe(before + 1));
  });

  it('says calmly that a pending withdrawal is held', async () => {
    memberServer(
      () => walletResponse(1_000_000),
      (url) =>
        url === '/api/wallet/withdrawAll'
          ? { status: 202, body: { status: 'PENDING', reference: 'w-2', amount: 50_000 } }
          : undefined,
    );
    await renderHome();
    const dialog = await openWithdraw();
    await withdrawAmount(dialog, '500');
    await confirmWithdrawal(dialog);
    expect(await within(dialog).findByText('Withdrawal in progress')).toBeTruthy();
    expect(within(dialog).getByText(/฿500.00 is being processed. Your money is held safely/)).toBeTruthy();
  });

  it('shows where a running bonus’s turnover stands when the withdrawal answers BONUS_CONDITION', async () => {
    // No bonus ran when the dialog opened; one was claimed (another tab) before the submit.
    let claimed = false;
    memberServer(
      () => walletResponse(1_000_000),
      (url) =>
        url === '/api/wallet/withdrawAll'
          ? ((claimed = true), { status: 409, body: { message: 'BONUS_CONDITION' } })
          : url === '/api/bonus/progress'
            ? { body: { progress: claimed ? bonusProgress() : null } }
            : undefined,
    );
    const { router } = await renderHome();
    const dialog = await openWithdraw();
    await withdrawAmount(dialog, '500');
    await confirmWithdrawal(dialog);

    const alert = await within(dialog).findByRole('alert');
    expect(
      within(alert).getByText('The conditions for ending the bonus have not been met yet.'),
    ).toBeTruthy();
    // Which bonus holds the money, by name.
    const held = await within(dialog).findByRole('region', { name: 'Welcome bonus' });
    expect(within(held).getByText('Active bonus')).toBeTruthy();
    const bar = await within(dialog).findByRole('progressbar', { name: 'Turnover' });
    expect(bar.getAttribute('aria-valuenow')).toBe('25');
    expect(within(dialog).getByText('฿1,500.00')).toBeTruthy();
    expect(within(dialog).getByText('/ ฿6,000.00')).toBeTruthy();
    const missing = within(dialog).getByText('Still to play').parentElement!;
    expect(within(missing).getByText('฿4,500.00')).toBeTruthy();
    expect(within(dialog).getByText(formatDateTime('2026-04-21T03:00:00.000Z'))).toBeTruthy();
    // The short form: no per-game shares here.
    expect(within(dialog).queryByText('Turnover by game')).toBeNull();
    expect(within(dialog).queryByLabelText('Amount')).toBeNull();

    await userEvent.click(within(dialog).getByRole('button', { name: 'View my bonus' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/user/bonus'));
  });

  it('says before any tap that less than the minimum cannot be withdrawn (issue 16)', async () => {
    memberServer(() => walletResponse(3_000, [gameAccount('JOKER', { isActive: true, amount: 2_000 })]));
    await renderHome();
    const dialog = await openWithdraw();
    expect(within(dialog).getByText('You can withdraw from ฿100.00; you have ฿50.00 now.')).toBeTruthy();
  });

  it('says nothing of the minimum while the balance reaches it', async () => {
    memberServer(() => walletResponse(10_000));
    await renderHome();
    const dialog = await openWithdraw();
    expect(dialog.querySelector('[data-reason="withdraw"]')).toBeNull();
  });

  it('shows the lock and the turnover left as it opens while a bonus’s turnover is unmet (issue 31)', async () => {
    const calls = memberServer(
      () => walletResponse(40_000),
      (url) => (url === '/api/bonus/progress' ? { body: { progress: bonusProgress() } } : undefined),
    );
    const { router } = await renderHome();
    await userEvent.click(await screen.findByRole('button', { name: 'Withdraw' }));
    const dialog = await screen.findByRole('dialog', { name: 'Withdraw' });
    const alert = await within(dialog).findByRole('alert');
    expect(
      within(alert).getByText('The conditions for ending the bonus have not been met yet.'),
    ).toBeTruthy();
    const missing = within(dialog).getByText('Still to play').parentElement!;
    expect(within(missing).getByText('฿4,500.00')).toBeTruthy();
    // No amount to type, nothing sent, and one read of the progress for this opening.
    expect(within(dialog).queryByLabelText('Amount')).toBeNull();
    expect(calls.some((call) => call.url === '/api/wallet/withdrawAll')).toBe(false);
    expect(calls.filter((call) => call.url === '/api/bonus/progress')).toHaveLength(1);
    await userEvent.click(within(dialog).getByRole('button', { name: 'View my bonus' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/user/bonus'));
  });

  it('shows the form when the running bonus’s turnover is met: the withdrawal completes it', async () => {
    memberServer(
      () => walletResponse(40_000),
      (url) =>
        url === '/api/bonus/progress'
          ? { body: { progress: bonusProgress({ done: 600_000, missing: 0 }) } }
          : undefined,
    );
    await renderHome();
    const dialog = await openWithdraw();
    expect(within(dialog).queryByRole('alert')).toBeNull();
  });
});
