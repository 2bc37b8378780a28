import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { bodyOf } from '../../test/render-app';
import { renderHome } from '../../test/render-home';
import { gameAccount, memberServer, signIn, walletResponse } from '../../test/wallet-data';

beforeEach(signIn);
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const credentials = { username: 'lw100001', password: 'pass-4567' };

async function openGame(name: RegExp) {
  await userEvent.click(await screen.findByRole('button', { name }));
  return screen.findByRole('dialog');
}

function stubClipboard(writeText: (text: string) => Promise<void>) {
  Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
}

describe('game account', () => {
  it('copies the username and the password, and says so; says so too when copying fails', async () => {
    memberServer(
      () => walletResponse(0, [gameAccount('JOKER', { isActive: true, amount: 1_000 })]),
      (url) => (url === '/api/wallet/account/JOKER' ? { body: credentials } : undefined),
    );
    await renderHome();
    const dialog = await openGame(/Joker/);
    expect(await within(dialog).findByText('lw100001')).toBeTruthy();
    const copied: string[] = [];
    stubClipboard(async (text) => {
      copied.push(text);
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Copy username' }));
    // Shown inside the open dialog: outside it, a modal's top layer would hide it.
    expect(await within(dialog).findByText('Copied: lw100001')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Copy password' }));
    expect(await within(dialog).findByText('Copied: pass-4567')).toBeTruthy();
    expect(copied).toEqual(['lw100001', 'pass-4567']);

    stubClipboard(() => Promise.reject(new Error('denied')));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Copy password' }));
    expect(await within(dialog).findByText('Failed to copy')).toBeTruthy();
  });

  it('opens an account, then shows its login; resets the password and shows the new one', async () => {
    let active = false;
    const calls = memberServer(
      () => walletResponse(0, [gameAccount('PG', { isActive: active })]),
      (url) => {
        if (url === '/api/wallet/activate/PG') {
          active = true;
          return { body: credentials };
        }
        if (url === '/api/wallet/resetpassword/PG') return { body: { ...credentials, password: 'new-9876' } };
        return undefined;
      },
    );
    await renderHome();
    const dialog = await openGame(/Pg/);
    expect(within(dialog).getByText(/You have no Pg account yet/)).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Open account' }));
    expect(await within(dialog).findByText('lw100001')).toBeTruthy();
    expect(within(dialog).getByText('Your Pg account is open.')).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Show password' }));
    expect(within(dialog).getByText('pass-4567')).toBeTruthy();
    const resets = () => calls.filter((call) => call.url === '/api/wallet/resetpassword/PG').length;

    // The reset asks first: keeping the password sends nothing.
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reset password' }));
    const confirm = await screen.findByRole('dialog', { name: 'Reset the game password?' });
    expect(
      within(confirm).getByText('Your current Pg password will stop working. The new one will show here.'),
    ).toBeTruthy();
    await userEvent.click(within(confirm).getByRole('button', { name: 'Keep current password' }));
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Reset the game password?' })).toBeNull(),
    );
    expect(resets()).toBe(0);
    expect(within(dialog).getByText('pass-4567')).toBeTruthy();

    await userEvent.click(within(dialog).getByRole('button', { name: 'Reset password' }));
    const again = await screen.findByRole('dialog', { name: 'Reset the game password?' });
    await userEvent.click(within(again).getByRole('button', { name: 'Reset password' }));
    expect(await within(dialog).findByText('new-9876')).toBeTruthy();
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Reset the game password?' })).toBeNull(),
    );
    expect(await within(dialog).findByText('A new game password has been set.')).toBeTruthy();
    expect(resets()).toBe(1);
  });

  it('hides the password by default behind a 44 px toggle whose label says what a tap does', async () => {
    memberServer(
      () => walletResponse(0, [gameAccount('JOKER', { isActive: true })]),
      (url) => (url === '/api/wallet/account/JOKER' ? { body: credentials } : undefined),
    );
    await renderHome();
    const dialog = await openGame(/Joker/);
    await within(dialog).findByText('lw100001');
    expect(within(dialog).queryByText('pass-4567')).toBeNull();
    const show = within(dialog).getByRole('button', { name: 'Show password' });
    // size-11: 44 px by 44 px, the smallest touch target we allow.
    expect(show.className).toMatch(/\bsize-11\b/);
    // One way of telling the state: the label. aria-pressed on top would read "Hide password, pressed".
    expect(show.hasAttribute('aria-pressed')).toBe(false);
    await userEvent.click(show);
    expect(within(dialog).getByText('pass-4567')).toBeTruthy();
    const hide = within(dialog).getByRole('button', { name: 'Hide password' });
    expect(hide.hasAttribute('aria-pressed')).toBe(false);
    await userEvent.click(hide);
    expect(within(dialog).queryByText('pass-4567')).toBeNull();
  });

  it('tells why opening failed, translated', async () => {
    memberServer(
      () => walletResponse(0, [gameAccount('PG')]),
      (url) =>
        url === '/api/wallet/activate/PG'
          ? { status: 502, body: { message: 'SLOT_ACTIVATE_FAIL' } }
          : undefined,
    );
    await renderHome();
    const dialog = await openGame(/Pg/);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Open account' }));
    expect(await within(dialog).findByRole('alert')).toHaveProperty(
      'textContent',
      'We could not open this game account. Please try again.',
    );
  });

  it('plays: the window opens inside the tap, the wallet moves to the game first, then the game loads', async () => {
    const popup = {
      closed: false,
      opener: {},
      location: { href: '' },
      document: document.implementation.createHTMLDocument(),
      close: vi.fn(),
    };
    const open = vi.spyOn(window, 'open').mockReturnValue(popup as unknown as Window);
    const calls = memberServer(
      () => walletResponse(70_000, [gameAccount('JOKER', { isActive: true, amount: 30_000 })]),
      (url) => {
        if (url === '/api/wallet/account/JOKER') return { body: credentials };
        if (url === '/api/wallet/transferAll')
          return { body: { status: 'SUCCESS', reference: 'r', amount: 70_000 } };
        if (url === '/api/autoLogin/joker/lw100001')
          return { body: { link: '/api/sandbox/pages/play/t0k3n' } };
        return undefined;
      },
    );
    await renderHome();
    const dialog = await openGame(/Joker/);
    expect(
      within(dialog).getByText('When you play, your wallet balance of ฿700.00 moves into this game first.'),
    ).toBeTruthy();
    await userEvent.click(
      within(dialog).getByRole('button', { name: 'Play on the web (moves ฿700.00 to Joker)' }),
    );
    await waitFor(() =>
      expect(popup.location.href).toBe(`${window.location.origin}/api/sandbox/pages/play/t0k3n`),
    );
    // What moved, and where, once it has.
    expect(await within(dialog).findByText('฿700.00 moved to Joker.')).toBeTruthy();
    expect(open).toHaveBeenCalledWith('', '_blank');
    expect(popup.opener).toBeNull();
    const urls = calls.map((call) => call.url);
    expect(urls.indexOf('/api/wallet/transferAll')).toBeLessThan(
      urls.indexOf('/api/autoLogin/joker/lw100001'),
    );
    const move = calls.find((call) => call.url === '/api/wallet/transferAll')!;
    expect(bodyOf(move)).toEqual({ to: 'JOKER' });
    expect((move.init.headers as Record<string, string>)['idempotency-key']).toBeTruthy();
  });

  it('goes to the game in this tab when no window could open, and moves nothing from an empty wallet', async () => {
    vi.spyOn(window, 'open').mockReturnValue(null);
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, href: window.location.href, assign });
    const calls = memberServer(
      () => walletResponse(0, [gameAccount('JOKER', { isActive: true })]),
      (url) => {
        if (url === '/api/wallet/account/JOKER') return { body: credentials };
        if (url.startsWith('/api/autoLogin/'))
          return { body: { link: 'https://joker.example.test/play?t=1' } };
        return undefined;
      },
    );
    await renderHome();
    const dialog = await openGame(/Joker/);
    await userEvent.click(await within(dialog).findByRole('button', { name: 'Play on the web' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://joker.example.test/play?t=1'));
    expect(calls.some((call) => call.url === '/api/wallet/transferAll')).toBe(false);
    expect(within(dialog).queryByText(/moved to/)).toBeNull();
    expect(within(dialog).queryByText(/moves into this game first/)).toBeNull();
  });

  it('counts what the other games hold in the move: transferAll sweeps them into the game played', async () => {
    memberServer(() =>
      walletResponse(64_000, [
        gameAccount('JOKER', { isActive: true, amount: 5_000 }),
        gameAccount('PG', { isActive: true, amount: 10_000 }),
      ]),
    );
    await renderHome();
    const dialog = await openGame(/Joker/);
    expect(
      within(dialog).getByRole('button', { name: 'Play on the web (moves ฿740.00 to Joker)' }),
    ).toBeTruthy();
    expect(
      within(dialog).getByText(
        'When you play, your wallet balance of ฿640.00 and ฿100.00 from your other games move into this game first.',
      ),
    ).toBeTruthy();
  });

  it('moves nothing for the Android and iOS buttons: they open the store page only', async () => {
    const popup = {
      closed: false,
      opener: {},
      location: { href: '' },
      document: document.implementation.createHTMLDocument(),
      close: vi.fn(),
    };
    vi.spyOn(window, 'open').mockReturnValue(popup as unknown as Window);
    const calls = memberServer(
      () =>
        walletResponse(64_000, [
          gameAccount('JOKER', {
            isActive: true,
            android: 'https://apps.example.test/JOKER/android',
            ios: 'https://apps.example.test/JOKER/ios',
          }),
        ]),
      (url) => {
        if (url === '/api/wallet/account/JOKER') return { body: credentials };
        if (url === '/api/wallet/transferAll')
          return { body: { status: 'SUCCESS', reference: 'r', amount: 64_000 } };
        return undefined;
      },
    );
    await renderHome();
    const dialog = await openGame(/Joker/);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Android' }));
    await waitFor(() => expect(popup.location.href).toBe('https://apps.example.test/JOKER/android'));
    await userEvent.click(await within(dialog).findByRole('button', { name: 'iOS' }));
    await waitFor(() => expect(popup.location.href).toBe('https://apps.example.test/JOKER/ios'));
    expect(calls.some((call) => call.url === '/api/wallet/transferAll')).toBe(false);
    expect(within(dialog).queryByText(/moved to/)).toBeNull();
  });

  it('opens web addresses only: a javascript: launch link or store link is refused and its window closed', async () => {
    const popup = {
      closed: false,
      opener: {},
      location: { href: '' },
      document: document.implementation.createHTMLDocument(),
      close: vi.fn(),
    };
    vi.spyOn(window, 'open').mockReturnValue(popup as unknown as Window);
    memberServer(
      () =>
        walletResponse(0, [
          gameAccount('JOKER', { isActive: true, android: 'javascript:alert(document.cookie)' }),
        ]),
      (url) => {
        if (url === '/api/wallet/account/JOKER') return { body: credentials };
        if (url.startsWith('/api/autoLogin/')) return { body: { link: 'javascript:alert(1)' } };
        return undefined;
      },
    );
    await renderHome();
    const dialog = await openGame(/Joker/);
    await userEvent.click(await within(dialog).findByRole('button', { name: 'Play on the web' }));
    expect(await within(dialog).findByRole('alert')).toHaveProperty(
      'textContent',
      'This game is not available right now.',
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Android' }));
    await waitFor(() => expect(popup.close).toHaveBeenCalledTimes(2));
    expect(popup.location.href).toBe('');
  });

  it('disables what a game lacks: app links that are null, and funding an app-only game from an empty wallet', async () => {
    memberServer(
      () =>
        walletResponse(0, [
          gameAccount('IMI', { isActive: true, web: null, android: 'https://imi.example.test/app.apk' }),
        ]),
      (url) => (url === '/api/wallet/account/IMI' ? { body: credentials } : undefined),
    );
    await renderHome();
    const dialog = await openGame(/Imi/);
    const button = (name: string) => within(dialog).getByRole<HTMLButtonElement>('button', { name });
    expect(button('Play on the web').disabled).toBe(true);
    expect(button('Android').disabled).toBe(false);
    expect(button('iOS').disabled).toBe(true);
    expect(button('Transfer money').disabled).toBe(true);
  });

  // Issue 16: a phone has no hover, so each disabled button has its reason on screen, under it,
  // and as its accessible description.
  const description = (button: HTMLElement) =>
    (button.getAttribute('aria-describedby') ?? '')
      .split(' ')
      .map((id) => document.getElementById(id)?.textContent ?? '')
      .join(' ')
      .trim();

  it('says why Play, an app button and Transfer money are off, beside them', async () => {
    memberServer(
      () =>
        walletResponse(0, [
          gameAccount('IMI', { isActive: true, web: null, android: 'https://imi.example.test/app.apk' }),
        ]),
      (url) => (url === '/api/wallet/account/IMI' ? { body: credentials } : undefined),
    );
    await renderHome();
    const dialog = await openGame(/Imi/);
    const button = (name: string) => within(dialog).getByRole<HTMLButtonElement>('button', { name });
    const played = "Imi can't be played on the web or iOS.";
    expect(within(dialog).getByText(played)).toBeTruthy();
    expect(description(button('Play on the web'))).toBe(played);
    expect(description(button('iOS'))).toBe(played);
    expect(button('Android').getAttribute('aria-describedby')).toBeNull();
    const funding = 'Your wallet is empty: deposit first, then move money into Imi.';
    expect(within(dialog).getByText(funding)).toBeTruthy();
    expect(description(button('Transfer money'))).toBe(funding);
  });

  it('says a game with no way to play cannot be played now; says nothing when every way is open', async () => {
    memberServer(
      () =>
        walletResponse(10_000, [
          gameAccount('IMI', { isActive: true, web: null }),
          gameAccount('JOKER', {
            isActive: true,
            android: 'https://apps.example.test/JOKER/android',
            ios: 'https://apps.example.test/JOKER/ios',
          }),
        ]),
      (url) => (url.startsWith('/api/wallet/account/') ? { body: credentials } : undefined),
    );
    await renderHome();
    let dialog = await openGame(/Imi/);
    expect(within(dialog).getByText("Imi can't be played right now.")).toBeTruthy();
    // Money in the wallet: Transfer money works, so it says nothing.
    expect(within(dialog).getByRole<HTMLButtonElement>('button', { name: 'Transfer money' }).disabled).toBe(
      false,
    );
    expect(dialog.querySelector('[data-reason="fund"]')).toBeNull();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    dialog = await openGame(/Joker/);
    expect(within(dialog).getByRole<HTMLButtonElement>('button', { name: /^Play on the web/ }).disabled).toBe(
      false,
    );
    expect(dialog.querySelector('[data-reason]')).toBeNull();
  });

  it('says it in Thai and Lao too', async () => {
    memberServer(
      () =>
        walletResponse(0, [
          gameAccount('IMI', { isActive: true, web: null, android: 'https://imi.example.test/app.apk' }),
        ]),
      (url) => (url === '/api/wallet/account/IMI' ? { body: credentials } : undefined),
    );
    for (const [locale, played, funding] of [
      ['th', 'Imi เล่นบนเว็บ หรือ iOS ไม่ได้', 'กระเป๋าเงินของคุณยังว่างอยู่ ฝากเงินก่อน แล้วจึงโอนเข้า Imi'],
      ['lo', 'Imi ຫຼິ້ນໃນເວັບ ຫຼື iOS ບໍ່ໄດ້', 'ກະເປົາເງິນຂອງທ່ານຍັງຫວ່າງຢູ່ ຝາກເງິນກ່ອນ ແລ້ວຈຶ່ງໂອນເຂົ້າ Imi'],
    ] as const) {
      const view = await renderHome(locale);
      const dialog = await openGame(/Imi/);
      expect(dialog.querySelector('[data-reason="play"]')!.textContent).toBe(played);
      expect(dialog.querySelector('[data-reason="fund"]')!.textContent).toBe(funding);
      view.unmount();
    }
  });

  it('shows a game staff closed with the money in it, to be moved back to the wallet only', async () => {
    const calls = memberServer(() =>
      walletResponse(5_000, [
        gameAccount('JOKER', {
          isActive: true,
          amount: 12_000,
          closed: true,
          web: null,
          android: null,
          ios: null,
        }),
        gameAccount('PG', { isActive: true, amount: 0 }),
      ]),
    );
    await renderHome();
    const card = await screen.findByRole('button', { name: /Joker/ });
    expect(card.textContent).toContain('Closed');
    const dialog = await openGame(/Joker/);
    expect(dialog.querySelector('[data-reason="closed"]')!.textContent).toBe(
      'Joker is closed for now. Your money in it is safe: move it back to your wallet to use it.',
    );
    expect(within(dialog).queryByRole('button', { name: /^Play on the web/ })).toBeNull();
    // Its login is not asked for: the server answers none for a closed game.
    expect(calls.some((call) => call.url === '/api/wallet/account/JOKER')).toBe(false);

    await userEvent.click(within(dialog).getByRole('button', { name: 'Move to wallet' }));
    const transfer = await screen.findByRole('dialog');
    expect(within(transfer).getByRole<HTMLSelectElement>('combobox', { name: 'From' }).value).toBe('JOKER');
    expect(within(transfer).getByRole<HTMLSelectElement>('combobox', { name: 'To' }).value).toBe('wallet');
    const destinations = within(within(transfer).getByRole('combobox', { name: 'To' }))
      .getAllByRole('option')
      .map((option) => option.getAttribute('value'));
    expect(destinations).not.toContain('JOKER');
    expect(destinations).toContain('PG');
  });

  it('reads the game’s balance again when its dialog opens (issue 31)', async () => {
    let joker = 75_000;
    const calls = memberServer(() =>
      walletResponse(0, [gameAccount('JOKER', { isActive: true, amount: joker })]),
    );
    await renderHome();
    await screen.findAllByText('฿750.00');
    const reads = () => calls.filter((call) => call.url === '/api/wallet/refresh/slot').length;
    expect(reads()).toBe(1);
    // Played elsewhere since home was read: ฿3 lost.
    joker = 74_700;
    const dialog = await openGame(/Joker/);
    expect(await within(dialog).findByText('฿747.00')).toBeTruthy();
    expect(reads()).toBe(2);
  });

  it('reads the balances once per return from a launched game, and never on a focus without one (issue 31)', async () => {
    const popup = {
      closed: false,
      opener: {},
      location: { href: '' },
      document: document.implementation.createHTMLDocument(),
      close: vi.fn(),
    };
    vi.spyOn(window, 'open').mockReturnValue(popup as unknown as Window);
    let joker = 75_000;
    const calls = memberServer(
      () => walletResponse(0, [gameAccount('JOKER', { isActive: true, amount: joker })]),
      (url) => {
        if (url === '/api/wallet/account/JOKER') return { body: credentials };
        if (url.startsWith('/api/autoLogin/')) return { body: { link: 'https://joker.example.test/play' } };
        return undefined;
      },
    );
    await renderHome();
    const reads = () => calls.filter((call) => call.url === '/api/wallet/refresh/slot').length;
    const dialog = await openGame(/Joker/);
    await waitFor(() => expect(reads()).toBe(2));
    // No game launched: coming back to the tab reads nothing.
    fireEvent.focus(window);
    fireEvent(document, new Event('visibilitychange'));
    expect(reads()).toBe(2);

    await userEvent.click(await within(dialog).findByRole('button', { name: 'Play on the web' }));
    await waitFor(() => expect(popup.location.href).toBe('https://joker.example.test/play'));
    await waitFor(() => expect(reads()).toBe(3)); // the read after the launch itself
    joker = 74_700;
    // Back from the game's window: one read, although focus and visibilitychange both fire.
    fireEvent.focus(window);
    fireEvent(document, new Event('visibilitychange'));
    expect(await within(dialog).findByText('฿747.00')).toBeTruthy();
    expect(reads()).toBe(4);
    fireEvent.focus(window);
    expect(reads()).toBe(4);
    // Off to the still open game again, and back: one more read.
    fireEvent.blur(window);
    fireEvent.focus(window);
    await waitFor(() => expect(reads()).toBe(5));
    // The game's window closed: leaving and coming back reads nothing more.
    popup.closed = true;
    fireEvent.blur(window);
    fireEvent.focus(window);
    expect(reads()).toBe(5);
  });
});
