import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { formatDateTime } from '../../lib/format';
import { countCalls as count, holdAnswers, renderWithProviders } from '../../test/render-app';
import { BonusPage } from './bonus-page';
import {
  bonusOffer,
  bonusProgress,
  noGrant,
  promotion,
  runningBonus,
  userBonus,
} from '../../test/bonus-data';
import { memberServer, signIn, walletResponse } from '../../test/wallet-data';

type Answer = { status?: number; body: unknown } | undefined;

/** Wednesday 15 April 2026, 10:00 in Bangkok. */
const NOW = new Date('2026-04-15T03:00:00.000Z');

beforeEach(() => {
  signIn();
  // Only Date: the received counts of day and week offers depend on today.
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW);
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

/**
 * The member's server with the bonus calls: `state` is read on every call, so a test changes
 * what the next read answers; `handler` answers first.
 */
function bonusServer(
  state: { active: unknown; offers: unknown[]; progress?: unknown },
  handler: (url: string) => Answer = () => undefined,
) {
  return memberServer(
    () => walletResponse(95_000),
    (url) =>
      handler(url) ??
      (url === '/api/bonus'
        ? { body: { bonuses: state.offers, currency: 'BAHT' } }
        : url === '/api/bonus/check/active'
          ? { body: state.active }
          : url === '/api/bonus/progress'
            ? { body: { progress: state.progress ?? null } }
            : undefined),
  );
}

describe('bonus page with a running grant', () => {
  it('shows the grant, its turnover in numbers, and the current card', async () => {
    bonusServer({
      active: runningBonus,
      progress: bonusProgress(),
      // Received once of once, and running: marked current, and still opens (its terms).
      offers: [bonusOffer('WELCOME', { userBonus: userBonus(['2026-04-14T03:00:00.000Z'], true) })],
    });
    await renderWithProviders(<BonusPage />, { path: '/user/bonus' });

    const grant = await screen.findByRole('region', { name: 'Welcome bonus' });
    expect(within(grant).getByText('Active bonus')).toBeTruthy();
    const bar = await within(grant).findByRole('progressbar', { name: 'Turnover' });
    expect(bar.getAttribute('aria-valuenow')).toBe('25');
    expect(bar.getAttribute('aria-valuetext')).toBe('฿1,500.00 of ฿6,000.00');
    expect(within(grant).getByText('25%')).toBeTruthy();
    const missing = within(grant).getByText('Still to play').parentElement!;
    expect(within(missing).getByText('฿4,500.00')).toBeTruthy();
    expect(within(grant).getByText(formatDateTime('2026-04-21T03:00:00.000Z'))).toBeTruthy();
    expect(within(grant).getByText('Slots · counts 100%')).toBeTruthy();
    expect(within(grant).getByText('Casino · counts 50%')).toBeTruthy();
    expect(within(grant).getByText('Lotto · does not count')).toBeTruthy();
    const floor = within(grant).getByText('Bonus ends if your total balance falls below').parentElement!;
    expect(within(floor).getByText('฿10.00')).toBeTruthy();
    const cap = within(grant).getByText('Maximum withdrawal').parentElement!;
    expect(within(cap).getByText('฿3,600.00')).toBeTruthy();

    // No promotion code while a grant runs; the running offer is marked current.
    expect(screen.queryByLabelText('Promotion code')).toBeNull();
    const card = screen.getByRole<HTMLButtonElement>('button', { name: /Welcome bonus/ });
    expect(within(card).getByText('Current')).toBeTruthy();
    expect(within(card).getByText('Received 1 of 1')).toBeTruthy();
    expect(within(card).queryByText('Received')).toBeNull();
    expect(card.disabled).toBe(false);
  });

  it('confirms a cancel with what is lost now, then ends the grant once and reloads', async () => {
    const state = {
      active: runningBonus as unknown,
      progress: bonusProgress() as unknown,
      offers: [
        bonusOffer('WELCOME', { userBonus: userBonus(['2026-04-14T03:00:00.000Z'], true), maxReceived: 2 }),
      ],
    };
    const calls = bonusServer(state, (url) => {
      if (url !== '/api/bonus/clear') return undefined;
      state.active = noGrant;
      state.progress = null;
      return { body: { message: 'BONUS_CLEAR', forfeited: 18_000 } };
    });
    await renderWithProviders(<BonusPage />, { path: '/user/bonus' });
    await userEvent.click(await screen.findByRole('button', { name: 'Cancel bonus' }));

    const dialog = await screen.findByRole('dialog', { name: 'Cancel this bonus?' });
    expect(within(dialog).getByText('You lose now')).toBeTruthy();
    expect(within(dialog).getByText('฿180.00')).toBeTruthy();
    // And what stays: the balance (฿950.00) less what goes.
    const left = within(dialog).getByText('Your balance after cancelling').parentElement!;
    expect(within(left).getByText('฿770.00')).toBeTruthy();
    expect(
      within(dialog).getByText(
        'If you cancel before the turnover is met, 30% of the bonus is taken back; if the part of the bonus not yet played through is more than that, that part is taken back instead.',
      ),
    ).toBeTruthy();
    expect(count(calls, '/api/bonus/clear')).toBe(0);

    const confirm = within(dialog).getByRole('button', { name: 'Yes, cancel the bonus' });
    const release = holdAnswers('/api/bonus/clear');
    await userEvent.click(confirm);
    await userEvent.click(confirm);
    expect(count(calls, '/api/bonus/clear')).toBe(1);
    release();
    expect(await screen.findByText('Your bonus has ended. ฿180.00 was taken back.')).toBeTruthy();
    expect(count(calls, '/api/bonus/clear')).toBe(1);
    // Everything is read again: the page now offers the promotion code.
    expect(await screen.findByLabelText('Promotion code')).toBeTruthy();
    expect(screen.queryByRole('dialog', { name: 'Cancel this bonus?' })).toBeNull();
  });

  it('tells a refused cancel in an alert, in the confirm step', async () => {
    bonusServer({ active: runningBonus, progress: bonusProgress(), offers: [] }, (url) =>
      url === '/api/bonus/clear' ? { status: 404, body: { message: 'NO_DATA' } } : undefined,
    );
    await renderWithProviders(<BonusPage />, { path: '/user/bonus' });
    await userEvent.click(await screen.findByRole('button', { name: 'Cancel bonus' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel this bonus?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Yes, cancel the bonus' }));
    const alert = await within(dialog).findByRole('alert');
    expect(within(alert).getByText('Bonus not cancelled')).toBeTruthy();
    expect(within(alert).getByText('No bonus is running now.')).toBeTruthy();
  });

  it('opens an offer with a note that a bonus is already active, and claims nothing', async () => {
    const calls = bonusServer({
      active: runningBonus,
      progress: bonusProgress(),
      offers: [bonusOffer('DAILY', { type: 'day', maxReceived: 3 })],
    });
    await renderWithProviders(<BonusPage />, { path: '/user/bonus' });
    await userEvent.click(await screen.findByRole('button', { name: /Daily bonus/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Daily bonus' });
    expect(within(dialog).getByText(/You already have an active bonus/)).toBeTruthy();
    expect(within(dialog).queryByRole('button', { name: 'Receive bonus' })).toBeNull();
    await userEvent.click(within(dialog).getByRole('button', { name: 'OK, got it' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Daily bonus' })).toBeNull());
    expect(calls.some((call) => call.url.startsWith('/api/bonus/activate/'))).toBe(false);
  });
});

describe('bonus page without a running grant', () => {
  const offers = () => [
    // Received once of once: used up.
    bonusOffer('WELCOME', { userBonus: userBonus(['2025-12-01T03:00:00.000Z']) }),
    // Twice a week, received Monday: one left.
    bonusOffer('WEEKLY', {
      type: 'week',
      maxReceived: 2,
      reward: { kind: 'fixed', amount: 5_000 },
      userBonus: userBonus(['2026-04-13T02:00:00.000Z', '2026-04-10T02:00:00.000Z']),
      banners: [
        { image: '/media/bonus/weekly-1.png', html: '<p>First</p>' },
        { image: '/media/bonus/weekly-2.png', html: '<p>Second</p>' },
      ],
    }),
    // Once a day, received yesterday in Bangkok (23:30 on the 14th): open again today.
    bonusOffer('DAILY', { type: 'day', userBonus: userBonus(['2026-04-14T16:30:00.000Z']) }),
  ];

  it('lists the offers with their banners, received ones disabled', async () => {
    bonusServer({ active: noGrant, offers: offers() });
    await renderWithProviders(<BonusPage />, { path: '/user/bonus' });

    const welcome = await screen.findByRole('button', { name: /Welcome bonus/ });
    expect((welcome as HTMLButtonElement).disabled).toBe(true);
    expect(within(welcome).getByText('Received')).toBeTruthy();
    expect(within(welcome).getByText('Received 1 of 1')).toBeTruthy();
    expect(welcome.querySelector('img')?.getAttribute('src')).toBe('/media/bonus/WELCOME.png');

    const weekly = screen.getByRole('button', { name: /Weekly bonus/ });
    expect((weekly as HTMLButtonElement).disabled).toBe(false);
    expect(within(weekly).getByText('This week: received 1 of 2')).toBeTruthy();
    expect(within(weekly).getByText('฿50.00 bonus')).toBeTruthy();
    expect(weekly.querySelector('img')?.getAttribute('src')).toBe('/media/bonus/weekly-1.png');

    const daily = screen.getByRole('button', { name: /Daily bonus/ });
    expect((daily as HTMLButtonElement).disabled).toBe(false);
    expect(within(daily).getByText('Today: received 0 of 1')).toBeTruthy();
    expect(within(daily).queryByText('Current')).toBeNull();

    expect(screen.getByLabelText('Promotion code')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Cancel bonus' })).toBeNull();
  });

  it('opens an offer with its banners, notice and terms, and receives it once', async () => {
    const state = { active: noGrant as unknown, offers: offers() };
    const calls = bonusServer(state, (url) => {
      if (url !== '/api/bonus/activate/WEEKLY') return undefined;
      state.active = { status: true, type: 'bonus', code: 'WEEKLY', name: 'Weekly bonus', last: null };
      return { body: { userBonus: userBonus(['2026-04-15T03:00:00.000Z'], true), credited: 12_000 } };
    });
    await renderWithProviders(<BonusPage />, { path: '/user/bonus' });
    await userEvent.click(await screen.findByRole('button', { name: /Weekly bonus/ }));

    const dialog = await screen.findByRole('dialog', { name: 'Weekly bonus' });
    const banners = within(dialog).getByRole('region', { name: 'Pictures of this offer' });
    expect(banners.querySelectorAll('img[src^="/media/bonus/weekly"]')).toHaveLength(2);
    expect(within(banners).getByText('Second')).toBeTruthy();
    // Banner HTML goes through ServerHtml (sanitised; lib/sanitize.test.ts, under jsdom, proves it).
    expect(banners.querySelectorAll('.server-html')).toHaveLength(2);
    expect(within(dialog).getByText('Notice of WEEKLY')).toBeTruthy();
    const terms = within(dialog).getByRole('heading', { name: 'Terms' }).parentElement!;
    const rows: [string, string][] = [
      ['Bonus', '฿50.00 bonus'],
      ['Minimum deposit', '฿100.00'],
      ['You can receive it', 'Right after a deposit, before playing it, with less than ฿10.00 besides it'],
      ['Turnover', 'Play 5× (deposit + bonus)'],
      ['Games that count', 'Slots 100% · Casino 50%'],
      ['Maximum withdrawal', '3× (deposit + bonus)'],
      ['Ends by itself', 'When your total balance falls below ฿10.00'],
      ['Cancelling early', '30% of the bonus, at least the part not yet played through'],
      ['Time to play the turnover', '7 days'],
      ['How often', '2 times a week'],
    ];
    for (const [label, value] of rows) {
      expect(within(terms).getByText(label).nextElementSibling?.textContent).toBe(value);
    }

    const loads = { offers: count(calls, '/api/bonus') };
    const release = holdAnswers('/api/bonus/activate/WEEKLY');
    const receive = within(dialog).getByRole('button', { name: 'Receive bonus' });
    await userEvent.click(receive);
    await userEvent.click(receive);
    expect(count(calls, '/api/bonus/activate/WEEKLY')).toBe(1);
    release();
    expect(
      await screen.findByText('“Weekly bonus” received: ฿120.00 is in your wallet. Good luck!'),
    ).toBeTruthy();
    expect(count(calls, '/api/bonus/activate/WEEKLY')).toBe(1);
    await waitFor(() => expect(count(calls, '/api/bonus')).toBe(loads.offers + 1));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Weekly bonus' })).toBeNull());
    // The page follows: a grant runs now.
    expect(await screen.findByRole('button', { name: 'Cancel bonus' })).toBeTruthy();
  });

  it('turns Receive off, saying why, when the terms shown are not met (issue 31)', async () => {
    const calls = bonusServer({
      active: noGrant,
      offers: [
        // A deposit of ฿2,000 at least, while ฿950 is held: no such deposit can be there.
        bonusOffer('BIG', { minimumDeposit: 200_000 }),
        // Free, for a total under ฿500: ฿950 is held.
        bonusOffer('FREE', { reward: { kind: 'fixed', amount: 5_000 }, minimumDeposit: 0, floor: 50_000 }),
      ],
    });
    await renderWithProviders(<BonusPage />, { path: '/user/bonus' });
    await userEvent.click(await screen.findByRole('button', { name: /Big bonus/ }));
    let dialog = await screen.findByRole('dialog', { name: 'Big bonus' });
    let receive = within(dialog).getByRole<HTMLButtonElement>('button', { name: 'Receive bonus' });
    await waitFor(() => expect(receive.disabled).toBe(true));
    expect(document.getElementById(receive.getAttribute('aria-describedby')!)?.textContent).toBe(
      'Deposit first: this offer is received right after a deposit of at least ฿2,000.00, before playing it.',
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Close' }));

    await userEvent.click(await screen.findByRole('button', { name: /Free bonus/ }));
    dialog = await screen.findByRole('dialog', { name: 'Free bonus' });
    receive = within(dialog).getByRole<HTMLButtonElement>('button', { name: 'Receive bonus' });
    await waitFor(() => expect(receive.disabled).toBe(true));
    expect(document.getElementById(receive.getAttribute('aria-describedby')!)?.textContent).toBe(
      'Your total balance is ฿950.00: this offer is for a total balance under ฿500.00.',
    );
    expect(calls.some((call) => call.url.startsWith('/api/bonus/activate/'))).toBe(false);
  });

  it('tells a refused claim in an alert with the code translated (Thai)', async () => {
    bonusServer({ active: noGrant, offers: offers() }, (url) =>
      url === '/api/bonus/activate/DAILY'
        ? { status: 409, body: { message: 'BONUS_DEPOSIT_MINIMUM' } }
        : undefined,
    );
    await renderWithProviders(<BonusPage />, { path: '/user/bonus', locale: 'th' });
    await userEvent.click(await screen.findByRole('button', { name: /Daily bonus/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Daily bonus' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'รับโบนัส' }));
    const alert = await within(dialog).findByRole('alert');
    expect(within(alert).getByText('รับโบนัสไม่สำเร็จ')).toBeTruthy();
    expect(within(alert).getByText('ยอดฝากล่าสุดของคุณต่ำกว่ายอดฝากขั้นต่ำของโบนัสนี้')).toBeTruthy();
    // The button is there to try again once the member has deposited.
    expect(within(dialog).getByRole<HTMLButtonElement>('button', { name: 'รับโบนัส' }).disabled).toBe(false);
  });

  it('says so when there is no offer, and retries a failed load', async () => {
    let refuse = true;
    bonusServer({ active: noGrant, offers: [] }, (url) =>
      url === '/api/bonus' && refuse ? { status: 429, body: { message: 'REQUEST_LIMIT' } } : undefined,
    );
    await renderWithProviders(<BonusPage />, { path: '/user/bonus' });
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Too many requests. Please wait a moment and try again.')).toBeTruthy();
    refuse = false;
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('No bonuses right now')).toBeTruthy();
    expect(screen.getByLabelText('Promotion code')).toBeTruthy();
  });
});

describe('promotion code', () => {
  it('is required, upper-cased as typed, and opens the promotion found', async () => {
    const calls = bonusServer({ active: noGrant, offers: [] }, (url) =>
      url === '/api/promotion/find/SUMMER-50'
        ? { body: { promotion: promotion('SUMMER-50') } }
        : url === '/api/promotion/activate/SUMMER-50'
          ? { body: { userBonus: userBonus(['2026-04-15T03:00:00.000Z'], true), credited: 5_000 } }
          : undefined,
    );
    await renderWithProviders(<BonusPage />, { path: '/user/bonus' });
    const field = await screen.findByLabelText('Promotion code');
    await userEvent.click(screen.getByRole('button', { name: 'Search' }));
    expect(screen.getByText('Please fill in this field.')).toBeTruthy();
    expect(calls.some((call) => call.url.startsWith('/api/promotion/find/'))).toBe(false);

    await userEvent.type(field, 'summer-50');
    expect((field as HTMLInputElement).value).toBe('SUMMER-50');
    await userEvent.click(screen.getByRole('button', { name: 'Search' }));

    const dialog = await screen.findByRole('dialog', { name: 'Promotion SUMMER-50' });
    expect(
      within(dialog).getByText(
        'If you cancel before the turnover is met, 40% of the bonus is taken back (at least the part you have not played through yet).',
      ),
    ).toBeTruthy();
    expect(within(dialog).getByText('50%', { selector: '.server-html strong' })).toBeTruthy();
    expect(within(dialog).queryByText('Cancelling early')).toBeNull();

    await userEvent.click(within(dialog).getByRole('button', { name: 'Receive promotion' }));
    expect(
      await screen.findByText('“Promotion SUMMER-50” received: ฿50.00 is in your wallet. Good luck!'),
    ).toBeTruthy();
    expect(count(calls, '/api/promotion/activate/SUMMER-50')).toBe(1);
    await waitFor(() => expect((field as HTMLInputElement).value).toBe(''));
  });

  it('says when no promotion has the code, and translates a refused claim', async () => {
    bonusServer({ active: noGrant, offers: [] }, (url) =>
      url === '/api/promotion/find/NOPE'
        ? { body: { promotion: null } }
        : url === '/api/promotion/find/ONCE'
          ? { body: { promotion: promotion('ONCE') } }
          : url === '/api/promotion/activate/ONCE'
            ? { status: 409, body: { message: 'PROMOTION_RECEIVED' } }
            : undefined,
    );
    await renderWithProviders(<BonusPage />, { path: '/user/bonus' });
    const field = await screen.findByLabelText('Promotion code');
    await userEvent.type(field, 'nope');
    await userEvent.click(screen.getByRole('button', { name: 'Search' }));
    let dialog = await screen.findByRole('dialog', { name: 'Promotion' });
    expect(within(dialog).getByText('Promotion not found')).toBeTruthy();
    expect(
      within(dialog).getByText('No promotion has the code NOPE. Check the code and try again.'),
    ).toBeTruthy();
    await userEvent.click(within(dialog).getAllByRole('button', { name: 'Close' }).at(-1)!);

    await userEvent.clear(field);
    await userEvent.type(field, 'once');
    await userEvent.click(screen.getByRole('button', { name: 'Search' }));
    dialog = await screen.findByRole('dialog', { name: 'Promotion ONCE' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Receive promotion' }));
    const alert = await within(dialog).findByRole('alert');
    expect(within(alert).getByText('You have already received this promotion.')).toBeTruthy();
  });

  it('tells how the last bonus ended, and what it took back', async () => {
    const closedAt = new Date(Date.now() - 3_600_000).toISOString();
    bonusServer({
      active: {
        ...noGrant,
        last: { code: 'WEEKLY', name: 'Weekly bonus', state: 'completed', taken: 40_000, closedAt },
      },
      offers: [bonusOffer('WEEKLY')],
    });
    await renderWithProviders(<BonusPage />, { path: '/user/bonus' });
    const notice = await screen.findByText(/“Weekly bonus” is complete: its turnover was met on/);
    expect(notice.textContent).toContain('฿400.00 was taken back: the part above the maximum withdrawal.');
  });
});
