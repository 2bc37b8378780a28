import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { formatDateTime } from '../../lib/format';
import { qrText } from '../../test/qr-read';
import { bodyOf, countCalls as count, holdAnswers } from '../../test/render-app';
import { renderHome } from '../../test/render-home';
import {
  inviteRow,
  inviteSummary,
  rewardsHandler,
  rewardsState,
  type RewardsState,
} from '../../test/rewards-data';
import { memberServer, signIn, walletResponse } from '../../test/wallet-data';
import { inviteLink } from './invite-link';

beforeEach(signIn);
afterEach(() => {
  vi.unstubAllGlobals();
  // navigator.share and clipboard are set per test.
  Reflect.deleteProperty(navigator, 'share');
});

type Answer = { status?: number; body: unknown } | undefined;

function inviteServer(
  state: RewardsState,
  handler: (url: string, init: RequestInit) => Answer = () => undefined,
) {
  return memberServer(() => walletResponse(50_000), rewardsHandler(state, handler));
}

/** The toast showing `text`, and whether it is the danger kind. */
async function toast(text: string) {
  const span = await screen.findByText(text);
  return { danger: span.parentElement!.className.includes('bg-rose-600') };
}

const row = () => screen.findByRole('region', { name: 'Referral bonus' });

describe('referral bonus on home', () => {
  it('shows the amount to receive, and nothing while the invite bonus is closed', async () => {
    const state = rewardsState();
    inviteServer(state);
    const first = await renderHome();
    const shown = await row();
    expect(shown.querySelector('[data-referral-amount]')!.textContent).toBe('฿250.00');
    expect(within(shown).getByRole<HTMLButtonElement>('button', { name: 'Receive' }).disabled).toBe(false);
    first.unmount();

    state.summary = inviteSummary({ active: false });
    await renderHome();
    await screen.findByRole('region', { name: 'Quick actions' });
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Referral bonus' })).toBeNull());
  });

  it('holds the card’s place while the summary loads, so home does not jump when it comes', async () => {
    const state = rewardsState();
    inviteServer(state);
    const release = holdAnswers('/api/invite/bonus');
    await renderHome();
    await screen.findByRole('region', { name: 'Quick actions' });
    const placeholder = document.querySelector('[data-referral-placeholder]');
    expect(placeholder).not.toBeNull();
    expect(placeholder!.getAttribute('aria-hidden')).toBe('true');
    release();
    expect((await row()).querySelector('[data-referral-amount]')!.textContent).toBe('฿250.00');
    expect(document.querySelector('[data-referral-placeholder]')).toBeNull();
  });

  it('cannot be received below the minimum, and says from how much', async () => {
    const calls = inviteServer(rewardsState({ summary: inviteSummary({ amount: 5_000 }) }));
    await renderHome();
    const shown = await row();
    expect(within(shown).getByText('You can receive it from ฿100.00')).toBeTruthy();
    const receive = within(shown).getByRole<HTMLButtonElement>('button', { name: 'Receive' });
    expect(receive.disabled).toBe(true);
    await userEvent.click(receive);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(count(calls, '/api/invite/claim')).toBe(0);
  });

  it('confirms the claim with the amount, its turnover and both percents, then receives it once', async () => {
    const state = rewardsState();
    const calls = inviteServer(state, (url) => {
      if (url !== '/api/invite/claim') return undefined;
      state.summary = inviteSummary({ amount: 0 });
      return { body: { message: 'INVITE_BONUS_SUCCESS', credited: 25_000 } };
    });
    await renderHome();
    await userEvent.click(within(await row()).getByRole('button', { name: 'Receive' }));

    const confirm = await screen.findByRole('dialog', { name: 'Receive your referral bonus?' });
    expect(within(confirm).getByText('฿250.00')).toBeTruthy();
    // 3× turnover on ฿250.
    expect(within(confirm).getByText('฿750.00')).toBeTruthy();
    expect(within(confirm).getByText('3× the amount, before you withdraw')).toBeTruthy();
    expect(within(confirm).getByText('Turnover met: you keep 100% of it.')).toBeTruthy();
    expect(within(confirm).getByText('Cancelled before then: 40% of it is taken back.')).toBeTruthy();
    expect(count(calls, '/api/invite/claim')).toBe(0);

    const wallets = count(calls, '/api/wallet/refresh/slot');
    const button = within(confirm).getByRole('button', { name: 'Receive' });
    // A double tap while the claim is on its way sends one claim.
    const release = holdAnswers('/api/invite/claim');
    await userEvent.click(button);
    await userEvent.click(button);
    release();
    expect((await toast('Referral bonus received: ฿250.00 is in your wallet.')).danger).toBe(false);
    const claims = calls.filter((call) => call.url === '/api/invite/claim');
    expect(claims).toHaveLength(1);
    expect(claims[0]!.init.method).toBe('POST');
    expect(bodyOf(claims[0]!)).toEqual({});
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    // The row and the balances are read again.
    await waitFor(() =>
      expect(
        screen.getByRole('region', { name: 'Referral bonus' }).querySelector('[data-referral-amount]')!
          .textContent,
      ).toBe('฿0.00'),
    );
    await waitFor(() => expect(count(calls, '/api/wallet/refresh/slot')).toBe(wallets + 1));
  });

  it.each([
    ['BONUS_REMAINING', 'You still have an active bonus. Please complete its conditions first.'],
    [
      'INVITE_COLLECT',
      'Your invite commission is still below the minimum you can receive. Keep collecting, then receive it.',
    ],
  ])('tells a refused claim (%s) in a danger toast with its text', async (code, text) => {
    inviteServer(rewardsState(), (url) =>
      url === '/api/invite/claim' ? { status: 409, body: { message: code } } : undefined,
    );
    await renderHome();
    await userEvent.click(within(await row()).getByRole('button', { name: 'Receive' }));
    const confirm = await screen.findByRole('dialog', { name: 'Receive your referral bonus?' });
    await userEvent.click(within(confirm).getByRole('button', { name: 'Receive' }));
    expect((await toast(text)).danger).toBe(true);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });
});

async function openInvite() {
  await renderHome();
  await userEvent.click(await screen.findByRole('button', { name: 'Invite friends' }));
  const dialog = await screen.findByRole('dialog', { name: 'Invite friends' });
  await within(dialog).findByText('Your invite link');
  return dialog;
}

/** The value beside a label in a dialog's rows. */
const valueOf = (scope: HTMLElement, label: string) =>
  within(scope).getByText(label).parentElement!.querySelector('dd')!.textContent;

describe('invite dialog', () => {
  it('builds the link from the invite code, with a QR code of it and a copy button', async () => {
    const writeText = vi.fn(async () => undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    inviteServer(rewardsState());
    const dialog = await openInvite();
    const link = `${window.location.origin}/register?code=PR100001`;
    expect(dialog.querySelector('[data-invite-link]')!.textContent).toBe(link);
    expect(within(dialog).getByText('PR100001')).toBeTruthy();

    const qr = await within(dialog).findByRole('img', { name: 'QR code of your invite link' });
    expect(qrText(qr)).toBe(link);

    await userEvent.click(within(dialog).getByRole('button', { name: 'Copy invite link' }));
    expect(writeText).toHaveBeenCalledWith(link);
    expect(await within(dialog).findByText(`Copied: ${link}`)).toBeTruthy();
    // No share sheet in this browser: no share button.
    expect(within(dialog).queryByRole('button', { name: 'Share invite link' })).toBeNull();
  });

  it("offers the phone's share sheet where the browser has one", async () => {
    const share = vi.fn(async () => undefined);
    Object.defineProperty(navigator, 'share', { value: share, configurable: true });
    inviteServer(rewardsState());
    const dialog = await openInvite();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Share invite link' }));
    expect(share).toHaveBeenCalledWith(
      expect.objectContaining({ url: `${window.location.origin}/register?code=PR100001` }),
    );
  });

  it('tells the invite bonus in numbers and words', async () => {
    inviteServer(rewardsState());
    const dialog = await openInvite();
    expect(within(dialog).getByText('Ready to receive').nextElementSibling!.textContent).toBe('฿250.00');
    expect(within(dialog).getByText('Earned in total').nextElementSibling!.textContent).toBe('฿1,250.00');
    expect(valueOf(dialog, 'Friends invited')).toBe('4');
    expect(valueOf(dialog, 'How you earn')).toBe(
      '10% of every deposit your friends make, once they have played it',
    );
    expect(valueOf(dialog, 'Least you can receive')).toBe('฿100.00');
    expect(valueOf(dialog, 'Most you can earn a day')).toBe('฿5,000.00');
    expect(valueOf(dialog, 'Turnover to play')).toBe('3× the amount, before you withdraw');
    expect(valueOf(dialog, 'Turnover met')).toBe('You keep 100%');
    expect(valueOf(dialog, 'Cancelled before')).toBe('40% taken back');
  });

  it('words the loss rule, no cap and no minimum', async () => {
    inviteServer(
      rewardsState({
        summary: inviteSummary({
          rule: 'loss',
          percent: 2.5,
          dailyCap: 0,
          minimumClaim: 0,
          turnoverMultiple: 0,
        }),
      }),
    );
    const dialog = await openInvite();
    expect(valueOf(dialog, 'How you earn')).toBe("2.5% of your friends' net loss each day");
    expect(valueOf(dialog, 'Least you can receive')).toBe('No minimum');
    expect(valueOf(dialog, 'Most you can earn a day')).toBe('No limit');
    expect(valueOf(dialog, 'Turnover to play')).toBe('No turnover needed');
  });

  it('lists the commission earned 10 a page', async () => {
    const calls = inviteServer(
      rewardsState({
        invites: (page) => ({
          total: 11,
          invites:
            page === 1
              ? Array.from({ length: 10 }, (_, i) => inviteRow(i + 1))
              : [inviteRow(11, { source: 'loss' })],
        }),
      }),
    );
    const dialog = await openInvite();
    const list = (await within(dialog).findByRole('heading', { name: 'Commission earned' })).parentElement!;
    expect(within(list).getAllByRole('listitem')).toHaveLength(10);
    const first = within(list).getAllByRole('listitem')[0]!;
    expect(within(first).getByText('Friend 1')).toBeTruthy();
    expect(within(first).getByText('+฿10.00')).toBeTruthy();
    expect(within(first).getByText('From a deposit')).toBeTruthy();
    expect(within(first).getByText(formatDateTime(inviteRow(1).createdAt))).toBeTruthy();

    await userEvent.click(within(list).getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(1));
    expect(within(list).getByText("From a day's loss")).toBeTruthy();
    expect(calls.filter((call) => call.url === '/api/invite').map((call) => bodyOf(call))).toEqual([
      { page: 1, limit: 10 },
      { page: 2, limit: 10 },
    ]);
  });

  it('stays silent when the commission cannot be listed', async () => {
    inviteServer(rewardsState(), (url) =>
      url === '/api/invite' ? { status: 500, body: { message: 'INTERNAL_SERVER_ERROR' } } : undefined,
    );
    const dialog = await openInvite();
    // The read is tried three times (the query client's retries of a 5xx), then given up quietly.
    await waitFor(() => expect(within(dialog).queryByRole('status', { name: 'Loading' })).toBeNull(), {
      timeout: 6_000,
    });
    expect(within(dialog).queryByRole('heading', { name: 'Commission earned' })).toBeNull();
    expect(within(dialog).queryByRole('alert')).toBeNull();
    // The rest of the dialog is there.
    expect(within(dialog).getByText('Your invite bonus')).toBeTruthy();
  });
});

describe('inviteLink', () => {
  it('is {origin}/register?code={code}, whatever the origin carries', () => {
    expect(inviteLink('https://wallet.example', 'PR100001')).toBe(
      'https://wallet.example/register?code=PR100001',
    );
    expect(inviteLink('https://wallet.example:8443/', 'PR7')).toBe(
      'https://wallet.example:8443/register?code=PR7',
    );
    // A code is a query value: anything odd in it stays inside it.
    expect(inviteLink('https://wallet.example', 'PR1&x=2')).toBe(
      'https://wallet.example/register?code=PR1%26x%3D2',
    );
  });
});
