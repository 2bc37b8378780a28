import { act, fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TIMING } from '@wallet/contract/constants';
import { storage } from '../../lib/storage';
import { memberServer, walletResponse } from '../../test/wallet-data';
import { renderHome } from '../../test/render-home';

let session = 0;
beforeEach(() => {
  // A new session each test: a dismissed agreement stays away for the rest of its session.
  session += 1;
  storage.setToken(`token-${session}`, false);
  // The 1.5 s pass on a fake clock, jumped ahead: the tests never wait for them.
  vi.useFakeTimers({ shouldAdvanceTime: true });
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const AGREEMENTS = '/api/lookup/agreements';
const later = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));
const agreementDialog = () => screen.queryByRole('dialog', { name: 'Member agreement' });

/** The member's server, whose agreements answer waits for `release` while `held`. */
function server(answer: () => { status?: number; body: unknown }) {
  let release = () => {};
  const state = { held: false };
  memberServer(
    () => walletResponse(0, []),
    (url) => (url === AGREEMENTS ? answer() : undefined),
  );
  const served = globalThis.fetch;
  vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
    if (url === AGREEMENTS && state.held) await new Promise<void>((resolve) => (release = resolve));
    return served(url, init);
  });
  return {
    hold: () => (state.held = true),
    release: () => {
      state.held = false;
      release();
    },
  };
}

async function openHome() {
  await renderHome();
  await screen.findByRole('heading', { name: 'Home' });
}

describe('agreement dialog', () => {
  it('waits for its text: it never opens empty, and opens with the text once it is there', async () => {
    const agreements = server(() => ({ body: { agreements: ['<p>Be 18 or older.</p>'], version: 'v2' } }));
    agreements.hold();
    await openHome();
    await later(TIMING.agreementDelayMs * 2);
    expect(agreementDialog()).toBeNull();

    agreements.release();
    const dialog = await screen.findByRole('dialog', { name: 'Member agreement' });
    expect(within(dialog).getByText('Be 18 or older.')).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Accept' }).hasAttribute('disabled')).toBe(false);
  });

  it('tells of a failed fetch with a retry, cannot be accepted then, and is accepted once its text shows', async () => {
    let fails = true;
    const agreements = server(() =>
      fails
        ? { status: 500, body: { message: 'INTERNAL_SERVER_ERROR' } }
        : { body: { agreements: ['<p>Be 18 or older.</p>'], version: 'v2' } },
    );
    await openHome();
    // The query's own retries (1 s, then 2 s) fail too.
    await later(TIMING.agreementDelayMs + 5_000);
    const dialog = await screen.findByRole('dialog', { name: 'Member agreement' });
    expect(within(dialog).getByRole('alert').textContent).toContain('The agreement could not be loaded.');
    const accept = within(dialog).getByRole('button', { name: 'Accept' });
    expect(accept.hasAttribute('disabled')).toBe(true);

    fails = false;
    agreements.hold();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Try again' }));
    expect(await within(dialog).findByRole('status', { name: 'Loading' })).toBeTruthy();
    expect(accept.hasAttribute('disabled')).toBe(true);
    expect(storage.hasSeenAgreement()).toBe(false);

    agreements.release();
    expect(await within(dialog).findByText('Be 18 or older.')).toBeTruthy();
    expect(accept.hasAttribute('disabled')).toBe(false);
    await userEvent.click(accept);
    expect(storage.hasSeenAgreement()).toBe(true);
    expect(agreementDialog()).toBeNull();
  });

  it('is not accepted by ✕: it stays away for the session, and comes back in the next one', async () => {
    server(() => ({ body: { agreements: ['<p>Be 18 or older.</p>'], version: 'v2' } }));
    const first = await renderHome();
    await later(TIMING.agreementDelayMs);
    const dialog = await screen.findByRole('dialog', { name: 'Member agreement' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(agreementDialog()).toBeNull();
    expect(storage.hasSeenAgreement()).toBe(false);

    // Back to home in the same session: not again.
    first.unmount();
    const second = await renderHome();
    await later(TIMING.agreementDelayMs * 2);
    expect(agreementDialog()).toBeNull();

    // Signed in again: it asks again.
    second.unmount();
    storage.setToken('token-next', false);
    await renderHome();
    await later(TIMING.agreementDelayMs);
    expect(await screen.findByRole('dialog', { name: 'Member agreement' })).toBeTruthy();
  });

  it('asks a member who accepted another version again, and not one who accepted this one', async () => {
    server(() => ({ body: { agreements: ['<p>Be 18 or older.</p>'], version: 'v2' } }));
    storage.markAgreementSeen('v1');
    const first = await renderHome();
    await later(TIMING.agreementDelayMs);
    const dialog = await screen.findByRole('dialog', { name: 'Member agreement' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Accept' }));
    expect(storage.hasSeenAgreement('v2')).toBe(true);

    first.unmount();
    await renderHome();
    await later(TIMING.agreementDelayMs * 2);
    expect(agreementDialog()).toBeNull();
  });

  it('is not accepted by Esc, the backdrop or Back either', async () => {
    server(() => ({ body: { agreements: ['<p>Be 18 or older.</p>'], version: 'v2' } }));
    const close = [
      // Esc: the browser fires `cancel` on the open modal.
      (dialog: HTMLElement) => void fireEvent(dialog, new Event('cancel', { cancelable: true })),
      // A tap outside the panel lands on the <dialog> element itself.
      (dialog: HTMLElement) => void fireEvent.click(dialog),
      () =>
        act(() => {
          window.history.back();
        }),
    ];
    for (const [index, put] of close.entries()) {
      storage.setToken(`token-${session}-${index}`, false);
      const view = await renderHome();
      await later(TIMING.agreementDelayMs);
      put(await screen.findByRole('dialog', { name: 'Member agreement' }));
      await later(10);
      expect(agreementDialog()).toBeNull();
      expect(storage.hasSeenAgreement()).toBe(false);
      view.unmount();
    }
  });
});
