import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { formatDateTime } from '../../lib/format';
import { bodyOf, countCalls as count } from '../../test/render-app';
import { renderHome } from '../../test/render-home';
import {
  refundCheck,
  refundInfo,
  refundRow,
  rewardsHandler,
  rewardsState,
  type RewardsState,
} from '../../test/rewards-data';
import { memberServer, signIn, walletResponse } from '../../test/wallet-data';
import { periodText } from './refund-dialog';

beforeEach(signIn);
afterEach(() => vi.unstubAllGlobals());

type Answer = { status?: number; body: unknown } | undefined;

function refundServer(
  state: RewardsState,
  handler: (url: string, init: RequestInit) => Answer = () => undefined,
) {
  return memberServer(() => walletResponse(50_000), rewardsHandler(state, handler));
}

async function openRefund() {
  await renderHome();
  await userEvent.click(await screen.findByRole('button', { name: 'Loss refund' }));
  const dialog = await screen.findByRole('dialog', { name: 'Loss refund' });
  await within(dialog).findByText('Refund balance');
  return dialog;
}

/** The value beside a label in a dialog's rows. */
const valueOf = (scope: HTMLElement, label: string) =>
  within(scope).getByText(label).parentElement!.querySelector('dd')!.textContent;

/** The toast showing `text`, and whether it is the danger kind. */
async function toast(text: string) {
  const span = await screen.findByText(text);
  return { danger: span.parentElement!.className.includes('bg-rose-600') };
}

describe('refund dialog', () => {
  it('shows the last period, the refund balance and the terms', async () => {
    refundServer(rewardsState());
    const dialog = await openRefund();
    expect(valueOf(dialog, 'Day')).toBe('14/04/2026');
    expect(valueOf(dialog, 'Your net loss')).toBe('฿1,000.00');
    expect(valueOf(dialog, 'Refund')).toBe('฿50.00');
    expect(dialog.querySelector('[data-refund-state]')!.textContent).toBe('Ready');
    expect(dialog.querySelector('[data-refund-balance]')!.textContent).toBe('฿120.00');
    expect(within(dialog).getByText('5% of your net loss each day')).toBeTruthy();
    expect(valueOf(dialog, 'Most per period')).toBe('฿10,000.00');
    expect(valueOf(dialog, 'Paid when')).toBe('Refund above ฿10.00');
    expect(valueOf(dialog, 'Games that count')).toBe('Slots, Casino');
    expect(valueOf(dialog, 'Current period closes')).toBe(
      formatDateTime(new Date(2026, 3, 16).toISOString()).slice(0, 16),
    );
    const receive = within(dialog).getByRole<HTMLButtonElement>('button', { name: 'Receive refund' });
    expect(receive.disabled).toBe(false);
  });

  it('waits while a bonus runs: receive and refund to wallet are disabled, with the reason', async () => {
    // Even a check that says the refund could be received: the running bonus decides.
    const calls = refundServer(rewardsState({ check: refundCheck({ bonus: true, result: true }) }));
    const dialog = await openRefund();
    const receive = within(dialog).getByRole<HTMLButtonElement>('button', { name: 'Receive refund' });
    expect(receive.disabled).toBe(true);
    expect(
      within(dialog).getByText(
        'A bonus is running. Receive your refund or move it to your wallet once the bonus ends.',
      ),
    ).toBeTruthy();
    expect(within(dialog).getByRole<HTMLButtonElement>('button', { name: 'Move to wallet' }).disabled).toBe(
      true,
    );
    await userEvent.click(receive);
    expect(count(calls, '/api/refund/receive')).toBe(0);
  });

  it('names a running bonus only when it holds something back', async () => {
    // Right after a refund to wallet: that refund is the bonus, and nothing waits for it.
    refundServer(
      rewardsState({
        check: refundCheck({
          bonus: true,
          result: false,
          reason: 'BONUS_REMAINING',
          refundAmount: 0,
          info: refundInfo({ state: 'received' }),
        }),
      }),
    );
    const dialog = await openRefund();
    expect(within(dialog).getByText("You have received this period's refund.")).toBeTruthy();
    expect(within(dialog).queryByText(/A bonus is running/)).toBeNull();
    expect(within(dialog).getByRole<HTMLButtonElement>('button', { name: 'Received' }).disabled).toBe(true);
  });

  it('says why a period cannot be received yet', async () => {
    refundServer(
      rewardsState({
        check: refundCheck({
          result: false,
          reason: 'REFUND_MINIMUM',
          info: refundInfo({ state: 'below_minimum', amount: 500 }),
        }),
      }),
    );
    const dialog = await openRefund();
    expect(within(dialog).getByText('A refund must be more than ฿10.00.')).toBeTruthy();
    expect(within(dialog).getByRole<HTMLButtonElement>('button', { name: 'Receive refund' }).disabled).toBe(
      true,
    );
  });

  it('receives the refund, then checks again', async () => {
    const state = rewardsState();
    const calls = refundServer(state, (url) => {
      if (url !== '/api/refund/receive') return undefined;
      state.check = refundCheck({
        result: false,
        reason: 'NO_REFUND',
        refundAmount: 17_000,
        info: refundInfo({ state: 'received' }),
      });
      return { body: { message: 'REFUND_SUCCESS', received: 5_000 } };
    });
    const dialog = await openRefund();
    const checks = count(calls, '/api/refund/check');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Receive refund' }));
    expect((await toast('฿50.00 added to your refund balance.')).danger).toBe(false);
    await waitFor(() => expect(count(calls, '/api/refund/check')).toBe(checks + 1));
    await waitFor(() => expect(dialog.querySelector('[data-refund-balance]')!.textContent).toBe('฿170.00'));
    expect(within(dialog).getByRole<HTMLButtonElement>('button', { name: 'Received' }).disabled).toBe(true);
    expect(count(calls, '/api/refund/receive')).toBe(1);
  });

  it('tells a refused receive in a danger toast, and checks again', async () => {
    const calls = refundServer(rewardsState(), (url) =>
      url === '/api/refund/receive' ? { status: 409, body: { message: 'REFUND_CONDITION' } } : undefined,
    );
    const dialog = await openRefund();
    const checks = count(calls, '/api/refund/check');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Receive refund' }));
    expect(
      (
        await toast(
          'Your refund for the last period is still being worked out. Please try again in a few minutes.',
        )
      ).danger,
    ).toBe(true);
    await waitFor(() => expect(count(calls, '/api/refund/check')).toBe(checks + 1));
  });

  it('moves the refund balance to the wallet after a confirm that tells both percents and the turnover', async () => {
    const state = rewardsState();
    const calls = refundServer(state, (url) => {
      if (url !== '/api/refund/addWallet') return undefined;
      state.check = refundCheck({ refundAmount: 0, bonus: true, result: false, reason: 'BONUS_REMAINING' });
      return { body: { message: 'REFUND_SUCCESS', credited: 12_000 } };
    });
    const dialog = await openRefund();
    const wallets = count(calls, '/api/wallet/refresh/slot');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Move to wallet' }));

    const confirm = await screen.findByRole('dialog', { name: 'Move your refund to the wallet?' });
    expect(within(confirm).getByText('฿120.00')).toBeTruthy();
    // 2× turnover on ฿120.
    expect(within(confirm).getByText('฿240.00')).toBeTruthy();
    expect(within(confirm).getByText('Turnover met: you keep 100% of it.')).toBeTruthy();
    expect(within(confirm).getByText('Cancelled before then: 25% of it is taken back.')).toBeTruthy();
    expect(count(calls, '/api/refund/addWallet')).toBe(0);

    await userEvent.click(within(confirm).getByRole('button', { name: 'Move now' }));
    expect((await toast('฿120.00 moved to your wallet.')).danger).toBe(false);
    expect(count(calls, '/api/refund/addWallet')).toBe(1);
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Move your refund to the wallet?' })).toBeNull(),
    );
    // The balances and the refund are read again: nothing left to move, a bonus now runs.
    await waitFor(() => expect(count(calls, '/api/wallet/refresh/slot')).toBe(wallets + 1));
    await waitFor(() => expect(within(dialog).queryByRole('button', { name: 'Move to wallet' })).toBeNull());
    expect(dialog.querySelector('[data-refund-balance]')!.textContent).toBe('฿0.00');
  });

  it('tells a refused refund to wallet in a danger toast', async () => {
    refundServer(rewardsState(), (url) =>
      url === '/api/refund/addWallet' ? { status: 409, body: { message: 'BONUS_REMAINING' } } : undefined,
    );
    const dialog = await openRefund();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Move to wallet' }));
    const confirm = await screen.findByRole('dialog', { name: 'Move your refund to the wallet?' });
    await userEvent.click(within(confirm).getByRole('button', { name: 'Move now' }));
    expect(
      (await toast('You still have an active bonus. Please complete its conditions first.')).danger,
    ).toBe(true);
    // The confirm closes; the refund dialog under it stays open (its close is not the other's).
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Move your refund to the wallet?' })).toBeNull(),
    );
    expect(dialog.hasAttribute('open')).toBe(true);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Move to wallet' }));
    const again = await screen.findByRole('dialog', { name: 'Move your refund to the wallet?' });
    await userEvent.click(within(again).getByRole('button', { name: 'Not now' }));
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Move your refund to the wallet?' })).toBeNull(),
    );
    expect(dialog.hasAttribute('open')).toBe(true);
  });

  it('lists the refunds received 10 a page', async () => {
    const state = rewardsState({
      refunds: (page) => ({
        total: 12,
        refunds:
          page === 1
            ? Array.from({ length: 10 }, (_, i) => refundRow(i + 1))
            : [refundRow(11), refundRow(12)],
      }),
    });
    const calls = refundServer(state);
    const dialog = await openRefund();
    const list = (await within(dialog).findByRole('heading', { name: 'Refunds received' })).parentElement!;
    expect(within(list).getAllByRole('listitem')).toHaveLength(10);
    const first = within(list).getAllByRole('listitem')[0]!;
    expect(within(first).getByText('01/04/2026')).toBeTruthy();
    expect(within(first).getByText('+฿1.00')).toBeTruthy();
    expect(within(first).getByText('Loss ฿20.00')).toBeTruthy();
    await userEvent.click(within(list).getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(2));
    expect(calls.filter((call) => call.url === '/api/refund').map((call) => bodyOf(call))).toEqual([
      { page: 1, limit: 10 },
      { page: 2, limit: 10 },
    ]);
  });

  it('stays silent when the refunds cannot be listed', async () => {
    refundServer(rewardsState(), (url) =>
      url === '/api/refund' ? { status: 500, body: { message: 'INTERNAL_SERVER_ERROR' } } : undefined,
    );
    const dialog = await openRefund();
    // The read is tried three times (the query client's retries of a 5xx), then given up quietly.
    await waitFor(() => expect(within(dialog).queryByRole('status', { name: 'Loading' })).toBeNull(), {
      timeout: 6_000,
    });
    expect(within(dialog).queryByRole('heading', { name: 'Refunds received' })).toBeNull();
    expect(within(dialog).queryByRole('alert')).toBeNull();
    expect(screen.queryByText('Something went wrong')).toBeNull();
  });
});

describe('periodText', () => {
  it('writes a day as one date, a week as its first and last day, an odd closing hour with its hours', () => {
    const at = (day: number, hour = 0) => new Date(2026, 3, day, hour).toISOString();
    expect(periodText(at(14), at(15))).toBe('14/04/2026');
    expect(periodText(at(6), at(13))).toBe('06/04/2026 – 12/04/2026');
    expect(periodText(at(14, 12), at(15, 12))).toBe('14/04/2026 12:00 – 15/04/2026 12:00');
  });
});
