import { GAME_CODES, type GameCategory, type GameCode } from '@wallet/contract/http/wallet';
import type { ProviderCatalogue } from '../../adapters/game-provider/protocol';

/** Where the sandbox provider's pages and artwork live, relative to the site. */
export const PAGES_PATH = '/api/sandbox/pages';

/** The look of a game: two colours and an emblem, all drawn by us (no third-party artwork). */
export type Emblem = 'circle' | 'diamond' | 'hexagon' | 'star' | 'ring' | 'bolt' | 'crown' | 'wave';

interface SandboxGame {
  name: string;
  category: GameCategory;
  walletFactor: number;
  /** false: played in its app only, as a few real games are. */
  hasWeb: boolean;
  android: boolean;
  ios: boolean;
  colours: readonly [string, string];
  emblem: Emblem;
}

/**
 * The sandbox provider's games: one per game code the product knows. Factors other than 1 and
 * missing platforms are there on purpose, so the member app meets them as it would in a real
 * catalogue.
 */
const GAMES: Record<GameCode, SandboxGame> = {
  JOKER: game('Joker', 'slot', 1, ['#7b2ff7', '#f107a3'], 'star'),
  SEXYGAME: game('Sexy Game', 'casino', 1, ['#b3124a', '#ff8a5c'], 'diamond'),
  BETFLIX: game('Betflix', 'slot', 1, ['#0f0f1a', '#e50914'], 'bolt'),
  ASKMEBET: game('AskMeBet', 'casino', 1, ['#0b6e4f', '#f5c542'], 'crown'),
  UFABET: game('UFABET', 'sport', 1, ['#0a3d91', '#35c3f3'], 'circle'),
  SUPERSLOT: game('SuperSlot', 'slot', 1, ['#ff6a00', '#ffd200'], 'star', { ios: false }),
  PG: game('PG', 'slot', 1, ['#1d2671', '#c33764'], 'hexagon'),
  SLOTXO: game('SlotXO', 'slot', 10, ['#005c97', '#363795'], 'ring'),
  IMI: game('IMI', 'slot', 1, ['#3a1c71', '#ffaf7b'], 'wave', { web: false }),
  USUN: game('USUN', 'slot', 1, ['#f7971e', '#c0392b'], 'circle', { web: false, ios: false }),
  AREASLOT: game('AreaSlot', 'slot', 1, ['#11998e', '#38ef7d'], 'hexagon'),
  CIRCUS: game('Circus', 'slot', 2, ['#cb2d3e', '#ef473a'], 'crown', { android: false }),
  SLOTRACHA: game('SlotRacha', 'slot', 1, ['#8e2de2', '#4a00e0'], 'diamond', { web: false }),
  PGSLOT: game('PG Slot', 'slot', 1, ['#232526', '#f2994a'], 'bolt'),
  JOKER2: game('Joker 2', 'slot', 0.5, ['#6a3093', '#a044ff'], 'ring'),
  HUAYHD: game('Huay HD', 'lotto', 1, ['#c31432', '#240b36'], 'wave', { android: false, ios: false }),
};

function game(
  name: string,
  category: GameCategory,
  walletFactor: number,
  colours: readonly [string, string],
  emblem: Emblem,
  platforms: { web?: boolean; android?: boolean; ios?: boolean } = {},
): SandboxGame {
  return {
    name,
    category,
    walletFactor,
    colours,
    emblem,
    hasWeb: platforms.web ?? true,
    android: platforms.android ?? true,
    ios: platforms.ios ?? true,
  };
}

export interface CatalogueGame extends SandboxGame {
  code: GameCode;
}

export const isGameCode = (code: string): code is GameCode => Object.hasOwn(GAMES, code);

export function sandboxGame(code: string): CatalogueGame | null {
  return isGameCode(code) ? { code, ...GAMES[code] } : null;
}

/** The app stores' pages of a game (.invalid: nothing real behind them). */
export const appLink = (code: string, platform: 'android' | 'ios'): string =>
  `https://apps.sandbox.invalid/${code}/${platform}`;

/** The catalogue as the provider API answers it. */
export function catalogue(): ProviderCatalogue['games'] {
  return GAME_CODES.map((code) => {
    const entry = GAMES[code];
    return {
      code,
      name: entry.name,
      category: entry.category,
      walletFactor: entry.walletFactor,
      logo: `${PAGES_PATH}/art/${code}/logo.svg`,
      background: `${PAGES_PATH}/art/${code}/background.svg`,
      web: entry.hasWeb ? `https://${code.toLowerCase()}.games.sandbox.invalid/` : null,
      android: entry.android ? appLink(code, 'android') : null,
      ios: entry.ios ? appLink(code, 'ios') : null,
    };
  });
}
