import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { GameAccount, WalletResponse } from '@wallet/contract/http/wallet';
import { useToast } from '../../components/ui/toast';
import { ApiError } from '../../lib/api-client';
import { formatMoney } from '../../lib/format';
import { useMoneyRequester } from '../../lib/idempotency';
import { markLaunched } from './play-return';
import { credentialsQuery, launchLink, transferAll, useReloadWallet } from './wallet-api';

export type Platform = 'web' | 'android' | 'ios';

/** Puts a calm line in the window while the game's link is on its way. */
function showOpening(popup: Window, text: string) {
  try {
    popup.document.title = text;
    popup.document.body.textContent = text;
    popup.document.body.style.cssText =
      'margin:0;min-height:100vh;display:grid;place-items:center;background:#070b17;color:#c5cce3;font:16px system-ui,sans-serif';
  } catch {
    // Not ours to write to: it simply stays blank until the game loads.
  }
}

/**
 * What playing `game` on the web moves into it first (spec section 4, Playing): nothing from an
 * empty wallet; otherwise the wallet and whatever the member's other games hold.
 * NOTE: transferAll sweeps every other game into the wallet before it moves the wallet into the
 * game played (server: game-transfers.service), so the wallet alone would understate the move.
 */
export function playMoveMinor(wallet: WalletResponse, game: GameAccount): number {
  const walletAmount = wallet.wallet.amount;
  if (walletAmount <= 0) return 0;
  return wallet.games.reduce<number>(
    (total, other) => (other.code !== game.code && other.amount > 0 ? total + other.amount : total),
    walletAmount,
  );
}

/**
 * Playing (spec section 4): on the web, with money in the wallet, all of it goes to the game
 * first (and the member is told what moved), then the game opens. The Android and iOS buttons
 * lead to the game's store or app page, which is no play: they move nothing. The window opens
 * at once, inside the tap, because popup blockers refuse a window opened after a network call;
 * it is pointed at the game once the calls are done. With no window (blocked anyway), this tab
 * goes to the game.
 */
export function usePlayGame() {
  const { t } = useTranslation();
  const toast = useToast();
  const queryClient = useQueryClient();
  const money = useMoneyRequester();
  const reloadWallet = useReloadWallet();
  const [playing, setPlaying] = useState<Platform | null>(null);

  async function play(game: GameAccount, platform: Platform, wallet: WalletResponse): Promise<string | null> {
    const popup = window.open('', '_blank');
    if (popup) showOpening(popup, t('game.opening'));
    setPlaying(platform);
    try {
      if (platform === 'web' && wallet.wallet.amount > 0) {
        const moved = await transferAll(money, game.code);
        if (moved.status === 'PENDING') toast.show('info', t('game.movePending'));
        else if (moved.amount > 0) {
          const amount = formatMoney(moved.amount, wallet.wallet.currency);
          toast.show('success', t('game.moved', { amount, name: game.name }));
        }
      }
      let link: string | null;
      if (platform === 'web') {
        const { username } = await queryClient.fetchQuery(credentialsQuery(game.code));
        link = (await launchLink(game.code, username)).link;
      } else {
        link = game[platform];
      }
      const url = link ? new URL(link, window.location.href) : null;
      // NOTE: links come from the server and the provider: a javascript: or data: link would run in
      // our page (or the game's window opened by it), so only web addresses are opened.
      if (!url || (url.protocol !== 'https:' && url.protocol !== 'http:')) {
        throw new ApiError('NO_GAME', 404);
      }
      if (popup && !popup.closed) {
        // The game's page gets no handle on this one.
        popup.opener = null;
        popup.location.href = url.href;
        markLaunched(popup);
      } else {
        markLaunched(null);
        window.location.assign(url.href);
      }
      return null;
    } catch (error) {
      popup?.close();
      return error instanceof ApiError ? error.code : 'INTERNAL_SERVER_ERROR';
    } finally {
      setPlaying(null);
      void reloadWallet();
    }
  }

  return { play, playing };
}
