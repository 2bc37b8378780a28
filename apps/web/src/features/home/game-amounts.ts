import type { GameAccount, GameCategory, WalletResponse } from '@wallet/contract/http/wallet';

/**
 * The amount a game shows for `amount` minor units: amount x ftWalletSlot (spec section 3),
 * rounded half up to whole minor units. The factor is read as the exact decimal it was
 * written as ("0.1" is one tenth, not 0.1000000000000000055), so no float touches the money.
 */
export function gameSideMinor(amount: number, factor: number): number {
  const [mantissa = '0', exponent = '0'] = String(factor).toLowerCase().split('e');
  const [whole = '0', fraction = ''] = mantissa.split('.');
  let digits = BigInt(whole + fraction);
  let scale = fraction.length - Number(exponent);
  if (scale < 0) {
    digits *= 10n ** BigInt(-scale);
    scale = 0;
  }
  const divisor = 10n ** BigInt(scale);
  return Number((BigInt(amount) * digits + divisor / 2n) / divisor);
}

/** Total balance of home: the wallet plus every game account (spec section 1). */
export function totalMinor(wallet: WalletResponse): number {
  return wallet.games.reduce<number>((sum, game) => sum + game.amount, wallet.wallet.amount);
}

/** What sits in the game accounts, the wallet not counted. */
export function inGamesMinor(wallet: WalletResponse): number {
  return totalMinor(wallet) - wallet.wallet.amount;
}

export type CarouselKey = 'slot' | 'sportCasino' | 'lotto';

const CAROUSEL_OF: Record<GameCategory, CarouselKey> = {
  slot: 'slot',
  sport: 'sportCasino',
  casino: 'sportCasino',
  lotto: 'lotto',
};
const ORDER: CarouselKey[] = ['slot', 'sportCasino', 'lotto'];

/** The three carousels of home: slot; sport plus casino; lotto. Empty ones are left out. */
export function groupGames(games: GameAccount[]): { key: CarouselKey; games: GameAccount[] }[] {
  return ORDER.map((key) => ({
    key,
    games: games.filter((game) => CAROUSEL_OF[game.category] === key),
  })).filter((group) => group.games.length > 0);
}
