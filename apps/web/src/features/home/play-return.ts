import { useEffect } from 'react';

/**
 * The balances read again when the member comes back from a game (issue 31: ฿750 shown after the
 * demo slot left ฿747).
 * NOTE: a game played in its own window leaves this tab visible, so TanStack's focus manager
 * (visibilitychange only) never sees the return, and the wallet's 15 s staleTime can hide a
 * return soon after the launch. Reads stay bounded: nothing happens on focus unless a game was
 * launched, one read per return (focus and visibilitychange both fire on it), and after that
 * only while the game's window is still open and the member left for it again.
 */
const LAUNCHED = 'wallet:game-launched';

/** A game was launched, in `popup` (null: in this tab, which reloads on coming back). */
export function markLaunched(popup: Window | null) {
  window.dispatchEvent(new CustomEvent<Window | null>(LAUNCHED, { detail: popup }));
}

/** Calls `read` once each time the member comes back to this page from a launched game. */
export function useReadOnReturn(read: () => void) {
  useEffect(() => {
    // Held by this page's mount only: a page opened later starts with nothing launched.
    let armed = false;
    let gameWindow: Window | null = null;
    const gameStillOpen = () => gameWindow !== null && !gameWindow.closed;
    const launched = (event: Event) => {
      armed = true;
      gameWindow = (event as CustomEvent<Window | null>).detail;
    };
    const away = () => {
      if (gameStillOpen()) armed = true;
    };
    const back = () => {
      if (document.visibilityState === 'hidden') return away();
      if (!armed) return;
      armed = false;
      read();
    };
    window.addEventListener(LAUNCHED, launched);
    window.addEventListener('blur', away);
    window.addEventListener('focus', back);
    document.addEventListener('visibilitychange', back);
    return () => {
      window.removeEventListener(LAUNCHED, launched);
      window.removeEventListener('blur', away);
      window.removeEventListener('focus', back);
      document.removeEventListener('visibilitychange', back);
    };
  }, [read]);
}
