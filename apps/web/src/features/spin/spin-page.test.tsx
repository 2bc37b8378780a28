import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { IDEMPOTENCY_HEADER } from '@wallet/contract/http/wallet';
import { sanitizeHtml } from '../../lib/sanitize';
import { renderWithProviders } from '../../test/render-app';
import { spinCoupon, spinHandler, spinSlice, spinState, type SpinState } from '../../test/spin-data';
import { memberServer, signIn, walletResponse } from '../../test/wallet-data';
import { CLAIM_DEBOUNCE_MS } from './claim-dialog';
import { DURATION_MS, REDUCED_MAX_MS } from './spin-animation';
import { RESULT_DELAY_MS, SpinPage } from './spin-page';
import { RESIZE_DEBOUNCE_MS } from './spin-wheel';
import { offsetFromSliceCentre } from './wheel-geometry';

/** Every HTML fragment the page had sanitised (lib/sanitize.ts, the real one). */
const sanitised = vi.hoisted(() => [] as string[]);
vi.mock('../../lib/sanitize', async (importOriginal) => {
  const real = await importOriginal<{ sanitizeHtml: (html: string) => string }>();
  return {
    sanitizeHtml: (html: string) => {
      sanitised.push(html);
      return real.sanitizeHtml(html);
    },
  };
});

beforeEach(signIn);
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const count = (calls: { url: string }[], path: string) =>
  calls.filter((call) => call.url.split('?')[0] === path).length;

function spinServer(state: SpinState) {
  return memberServer(() => walletResponse(50_000), spinHandler(state));
}

async function openSpin() {
  await renderWithProviders(<SpinPage />, { path: '/user/spin' });
  return screen.findByRole<HTMLButtonElement>('button', { name: 'Spin' });
}

const wheel = () => screen.getByRole('img', { name: /^Prize wheel/ });
/** The slice under the pointer, and how far it is from that slice's centre (degrees). */
const pointer = () => ({
  slice: wheel().dataset.pointerSlice,
  offset: offsetFromSliceCentre(Number(wheel().dataset.rotation), 8),
});
/** The clock (timeouts and animation frames) from here on is the test's. */
const takeTheClock = () =>
  vi.useFakeTimers({
    toFake: ['setTimeout', 'clearTimeout', 'requestAnimationFrame', 'cancelAnimationFrame', 'Date'],
  });
const pass = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));
const dialog = (name: string) => screen.queryByRole('dialog', { name });

describe('spin page', () => {
  it('blocks the spin at zero coins, greys the coin count and says how to earn coins', async () => {
    const state = spinState({ coins: 0 });
    const calls = spinServer(state);
    const spin = await openSpin();
    expect(spin.disabled).toBe(true);
    const centre = screen.getByRole<HTMLButtonElement>('button', {
      name: 'Spin the wheel. You have 0 coins.',
    });
    expect(centre.disabled).toBe(true);
    expect(centre.dataset.empty).toBe('true');
    expect(centre.textContent).toBe('0coins');
    const rules = document.querySelector<HTMLElement>('[data-coin-rules]')!;
    expect(within(rules).getByText('No coins: deposit to earn coins')).toBeTruthy();
    expect(within(rules).getByText('1 coin for every ฿500.00 you deposit')).toBeTruthy();
    expect(within(rules).getByText('1 free coin each day you open the wheel')).toBeTruthy();
    fireEvent.click(spin);
    fireEvent.click(centre);
    await act(() => Promise.resolve());
    expect(count(calls, '/api/spinwheel/spin')).toBe(0);
  });

  it('spins once however fast it is tapped, lands on the drawn slice and shows the result 2 s after the wheel stops', async () => {
    vi.spyOn(Math, 'random').mockReturnValue(0.9);
    const state = spinState({ coins: 2, draw: 'CASH50' });
    const calls = spinServer(state);
    const spin = await openSpin();
    const centre = screen.getByRole<HTMLButtonElement>('button', {
      name: 'Spin the wheel. You have 2 coins.',
    });
    expect(centre.dataset.empty).toBeUndefined();
    expect(pointer().slice).toBe('CASH20');
    const setups = count(calls, '/api/spinwheel/setup');
    const couponReads = count(calls, '/api/spinwheel/coupon');

    takeTheClock();
    // Two taps before React renders, then the centre: one spin.
    act(() => {
      fireEvent.click(spin);
      fireEvent.click(spin);
    });
    fireEvent.click(centre);
    await pass(50);
    expect(count(calls, '/api/spinwheel/spin')).toBe(1);
    const sent = calls.find((call) => call.url === '/api/spinwheel/spin')!;
    expect((sent.init.headers as Record<string, string>)[IDEMPOTENCY_HEADER]).toMatch(/^[\w-]{16,}$/);
    expect(spin.disabled).toBe(true);
    expect(spin.textContent).toBe('Spinning…');
    // The answer's coins show at once.
    expect(screen.getByRole('button', { name: 'Spin the wheel. You have 1 coin.' })).toBeTruthy();

    // Turning: 4 extra turns (random 0.9) take at least 4 s.
    await pass(DURATION_MS.min - 200);
    expect(Math.abs(pointer().offset) > 1e-6 || pointer().slice !== 'CASH50').toBe(true);
    fireEvent.click(spin);
    expect(count(calls, '/api/spinwheel/spin')).toBe(1);

    // Stopped by 5 s, exactly on the centre of the drawn slice; no dialog yet.
    await pass(DURATION_MS.max - DURATION_MS.min + 300);
    const stopped = pointer();
    expect(stopped.slice).toBe('CASH50');
    expect(Math.abs(stopped.offset)).toBeLessThan(1e-9);
    const rotation = wheel().dataset.rotation;
    await pass(RESULT_DELAY_MS - 600);
    expect(wheel().dataset.rotation).toBe(rotation);
    expect(dialog('Congratulations!')).toBeNull();

    // 2 s after it stopped: the prize, and everything read again.
    await pass(600);
    const result = screen.getByRole('dialog', { name: 'Congratulations!' });
    expect(within(result).getByText('฿50')).toBeTruthy();
    expect(within(result).getByText('฿50.00 to your wallet')).toBeTruthy();
    expect(
      within(result).getByText(/^Claim it from My coupons by \d\d\/\d\d\/\d{4} \d\d:\d\d\.$/),
    ).toBeTruthy();
    await pass(100);
    expect(count(calls, '/api/spinwheel/setup')).toBe(setups + 1);
    expect(count(calls, '/api/spinwheel/coupon')).toBe(couponReads + 1);
    expect(screen.getByRole('row', { name: /฿50 .*฿50\.00/ })).toBeTruthy();
    expect(spin.disabled).toBe(false);
  });

  it('says so when nothing is won', async () => {
    spinServer(spinState({ draw: 'NONE' }));
    const spin = await openSpin();
    takeTheClock();
    fireEvent.click(spin);
    await pass(DURATION_MS.max + RESULT_DELAY_MS + 100);
    expect(pointer().slice).toBe('NONE');
    const result = screen.getByRole('dialog', { name: 'No prize this time' });
    expect(within(result).getByText('Better luck on your next spin!')).toBeTruthy();
    expect(within(result).queryByRole('button', { name: 'Claim now' })).toBeNull();
  });

  it('turns briefly, without extra turns, for members who prefer reduced motion', async () => {
    vi.stubGlobal('matchMedia', (query: string) => ({
      matches: query === '(prefers-reduced-motion: reduce)',
      media: query,
      addEventListener() {},
      removeEventListener() {},
    }));
    spinServer(spinState({ draw: 'COIN3' }));
    const spin = await openSpin();
    takeTheClock();
    fireEvent.click(spin);
    // Stopped on the slice within 600 ms (a full spin takes 4 s at least).
    await pass(REDUCED_MAX_MS + 50);
    expect(pointer().slice).toBe('COIN3');
    expect(Math.abs(pointer().offset)).toBeLessThan(1e-9);
    await pass(RESULT_DELAY_MS);
    expect(screen.getByRole('dialog', { name: 'Congratulations!' })).toBeTruthy();
  });

  it("is sharp at the screen's pixel ratio and fits the window again 500 ms after a resize", async () => {
    vi.stubGlobal('devicePixelRatio', 2);
    spinServer(spinState());
    await openSpin();
    // A wide window: 350 px at most.
    expect(wheel().style.width).toBe('350px');
    expect(wheel().getAttribute('width')).toBe('700');
    takeTheClock();
    vi.stubGlobal('innerWidth', 320);
    act(() => void window.dispatchEvent(new Event('resize')));
    await pass(RESIZE_DEBOUNCE_MS - 10);
    vi.stubGlobal('innerWidth', 390);
    act(() => void window.dispatchEvent(new Event('resize')));
    await pass(RESIZE_DEBOUNCE_MS - 10);
    expect(wheel().style.width).toBe('350px');
    await pass(10);
    // 85 % of 390 px.
    expect(wheel().style.width).toBe('331px');
    expect(wheel().getAttribute('width')).toBe('662');
  });

  it.each(['NO_COIN', 'SPIN_INACTIVE', 'SPIN_SOLD_OUT'])(
    'tells a refused spin (%s) in an alert with its text, and reads the wheel again',
    async (code) => {
      const state = spinState({ spinRefusal: code });
      const calls = spinServer(state);
      const spin = await openSpin();
      const setups = count(calls, '/api/spinwheel/setup');
      fireEvent.click(spin);
      const alert = await screen.findByRole('dialog', { name: 'Something went wrong' });
      const texts: Record<string, string> = {
        NO_COIN: 'You have no coins left. Deposit to earn more coins.',
        SPIN_INACTIVE: 'The spin wheel is closed right now.',
        SPIN_SOLD_OUT:
          'All prizes are given out for today. Your coin was not used; please try again tomorrow.',
      };
      expect(within(alert).getByRole('alert').textContent).toBe(texts[code]);
      await waitFor(() => expect(count(calls, '/api/spinwheel/setup')).toBe(setups + 1));
      await userEvent.click(within(alert).getByRole('button', { name: 'OK' }));
      expect(dialog('Something went wrong')).toBeNull();
      expect(spin.disabled).toBe(false);
    },
  );

  it('shows the coupons 3 a page, claimable first, with prize, dates, amount, claim or status', async () => {
    const state = spinState({
      coupons: [
        spinCoupon(1, 3, { status: 'claimed' }),
        spinCoupon(2, 5),
        spinCoupon(3, 2),
        spinCoupon(4, 4, { status: 'expired' }),
        spinCoupon(5, 0),
      ],
    });
    const calls = spinServer(state);
    await openSpin();
    const table = await screen.findByRole('table', { name: 'My coupons' });
    const rows = () =>
      within(table)
        .getAllByRole('row')
        .slice(1)
        .map((row) => [...row.querySelectorAll('td')].map((cell) => cell.textContent));
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Prize', 'Amount']);
    expect(rows()).toEqual([
      ['3 coinsClaim by 02/03/2026\u00a002:00', '3 coinsClaim'],
      ['฿20Claim by 02/03/2026\u00a005:00', '฿20.00Claim'],
      ['฿50Won 01/03/2026\u00a001:00', '฿50.00Claimed'],
    ]);
    expect(calls.some((call) => call.url === '/api/spinwheel/coupon?page=1&limit=3')).toBe(true);
    expect(screen.getByText('Page 1 of 2')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(rows()[0]![0]).toBe('Try againWon 01/03/2026\u00a003:00'));
    expect(rows()).toEqual([
      ['Try againWon 01/03/2026\u00a003:00', '—No prize'],
      ['Bonus ฿100Won 01/03/2026\u00a004:00', '฿100.00Expired'],
    ]);
    expect(calls.some((call) => call.url === '/api/spinwheel/coupon?page=2&limit=3')).toBe(true);
    expect(within(table).queryByRole('button', { name: 'Claim' })).toBeNull();
  });

  it('claims once per double tap, 500 ms after the tap, then tells it and reads everything again', async () => {
    const state = spinState({ coupons: [spinCoupon(1, 3)] });
    const calls = spinServer(state);
    await openSpin();
    const table = await screen.findByRole('table', { name: 'My coupons' });
    await userEvent.click(within(table).getByRole('button', { name: 'Claim' }));
    const confirm = screen.getByRole('dialog', { name: 'Claim this prize?' });
    expect(within(confirm).getByText('฿50.00 goes to your wallet.')).toBeTruthy();
    const reads = {
      coupons: count(calls, '/api/spinwheel/coupon'),
      setup: count(calls, '/api/spinwheel/setup'),
    };

    takeTheClock();
    const button = within(confirm).getByRole('button', { name: 'Claim' });
    act(() => {
      fireEvent.click(button);
      fireEvent.click(button);
    });
    await pass(CLAIM_DEBOUNCE_MS - 1);
    expect(count(calls, '/api/spinwheel/coupon/claim')).toBe(0);
    expect(button.getAttribute('aria-busy')).toBe('true');
    await pass(1);
    fireEvent.click(button);
    await pass(CLAIM_DEBOUNCE_MS + 100);
    expect(count(calls, '/api/spinwheel/coupon/claim')).toBe(1);
    const claimed = calls.find((call) => call.url === '/api/spinwheel/coupon/claim')!;
    expect(JSON.parse(claimed.init.body as string)).toEqual({ coupon: 'coupon-1' });
    expect(screen.getByText('฿50.00 is in your wallet.')).toBeTruthy();
    expect(dialog('Claim this prize?')).toBeNull();
    expect(count(calls, '/api/spinwheel/coupon')).toBeGreaterThan(reads.coupons);
    expect(count(calls, '/api/spinwheel/setup')).toBeGreaterThan(reads.setup);
    expect(within(table).getByText('Claimed')).toBeTruthy();
  });

  it("tells each refused claim in an alert with its code's text", async () => {
    const state = spinState({ coupons: [spinCoupon(1, 4)] });
    const calls = spinServer(state);
    await openSpin();
    const table = await screen.findByRole('table', { name: 'My coupons' });
    const texts: Record<string, string> = {
      NO_CLAIMABLE_COUPON: 'This coupon cannot be claimed any more: it may have been claimed already.',
      INVALID_PRIZE_CODE: 'This prize is no longer offered. Please contact support.',
      INVALID_CODE: 'This coupon was not found.',
      INVALID_COUPON_TYPE: 'This coupon has no prize to claim.',
      COUPON_EXPIRED: 'This coupon has expired: its time to claim is over.',
      BONUS_REMAINING:
        'This prize is a bonus. Finish the turnover of your running bonus, or cancel it, before you claim it.',
    };
    takeTheClock();
    for (const [code, text] of Object.entries(texts)) {
      state.claimRefusal = code;
      fireEvent.click(within(table).getByRole('button', { name: 'Claim' }));
      const confirm = screen.getByRole('dialog', { name: 'Claim this prize?' });
      expect(within(confirm).getByText(/^A ฿100\.00 bonus goes to your wallet\./)).toBeTruthy();
      fireEvent.click(within(confirm).getByRole('button', { name: 'Claim' }));
      await pass(CLAIM_DEBOUNCE_MS + 100);
      const alert = screen.getByRole('dialog', { name: 'Something went wrong' });
      expect(within(alert).getByRole('alert').textContent, code).toBe(text);
      expect(dialog('Claim this prize?')).toBeNull();
      fireEvent.click(within(alert).getByRole('button', { name: 'OK' }));
      await pass(10);
    }
    expect(count(calls, '/api/spinwheel/coupon/claim')).toBe(Object.keys(texts).length);
  });

  it('claims a prize from its result dialog at once, with no second confirm', async () => {
    const state = spinState({ draw: 'COIN3' });
    const calls = spinServer(state);
    const spin = await openSpin();
    takeTheClock();
    fireEvent.click(spin);
    await pass(DURATION_MS.max + RESULT_DELAY_MS + 100);
    const result = screen.getByRole('dialog', { name: 'Congratulations!' });
    expect(within(result).getByText('3 coins', { selector: '.text-lg' })).toBeTruthy();
    // A double tap claims once.
    const claimNow = within(result).getByRole('button', { name: 'Claim now' });
    act(() => {
      fireEvent.click(claimNow);
      fireEvent.click(claimNow);
    });
    expect(dialog('Claim this prize?')).toBeNull();
    await pass(100);
    const claims = calls.filter((call) => call.url === '/api/spinwheel/coupon/claim');
    expect(claims.map((call) => JSON.parse(call.init.body as string) as unknown)).toEqual([
      { coupon: 'won-1' },
    ]);
    expect(screen.getByText('3 coins added. Spin again!')).toBeTruthy();
    expect(dialog('Congratulations!')).toBeNull();
    expect(dialog('Claim this prize?')).toBeNull();
  });

  it("publishes every slice's chance, marks one out for today, and shows descriptions sanitised", async () => {
    const slices = spinState().slices;
    slices[6] = spinSlice(6, { available: false });
    slices[4] = spinSlice(4, {
      htmlDescription:
        '<p onclick="steal()">Turnover <strong>1×</strong></p><script>steal()</script><img src=x onerror="steal()">',
    });
    spinServer(spinState({ slices }));
    await openSpin();
    await userEvent.click(screen.getByRole('button', { name: 'Chances' }));
    const sheet = screen.getByRole('dialog', { name: 'Chances' });
    const items = within(sheet).getAllByRole('listitem');
    expect(items.map((item) => item.dataset.slice)).toEqual(slices.map((slice) => slice.code));
    const row = (code: string) => items.find((item) => item.dataset.slice === code)!;
    expect(row('CASH50').textContent).toBe('฿50฿50.00 to your walletChance 12.5%');
    expect(row('NONE').textContent).toBe('Try againNo prizeChance 25%');
    expect(row('COIN3').textContent).toBe('3 coins3 coinsChance 7.5%');
    expect(row('CASH200').textContent).toBe('฿200฿200.00 to your walletOut for todayChance 4%');
    expect(within(sheet).getByText('A prize out for today is not drawn until it is back.')).toBeTruthy();
    // NOTE: happy-dom lets DOMPurify miss things (lib/sanitize.test.ts runs in jsdom): what is
    // shown here is what the real sanitiser answered for the description.
    const description = row('BONUS100').querySelector('.server-html')!;
    expect(sanitised).toContain(slices[4].htmlDescription);
    const shown = document.createElement('div');
    shown.innerHTML = sanitizeHtml(slices[4].htmlDescription);
    expect(description.innerHTML).toBe(shown.innerHTML);
    expect(description.querySelector('strong')!.textContent).toBe('1×');
    expect(row('BONUS100').querySelector('[data-odds]')!.textContent).toBe('10%');
  });

  it('says when the wheel is closed', async () => {
    spinServer(spinState({ active: false }));
    await renderWithProviders(<SpinPage />, { path: '/user/spin' });
    expect(await screen.findByText('The spin wheel is closed')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Spin' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Chances' })).toBeNull();
  });
});
