import type { FastifyBaseLogger } from 'fastify';
import type { GameAccount, GameCredentials, WalletResponse } from '@wallet/contract/http/wallet';
import type { Currency, MinorUnits } from '@wallet/contract/money';
import {
  GameProviderError,
  type CatalogueEntry,
  type GameProvider,
} from '../../adapters/game-provider/game-provider';
import type { Database } from '../../platform/db/database';
import { AppError } from '../../platform/errors';
import { accountKey, type LedgerService } from '../ledger/ledger.service';
import type { GameSettings, SettledGame } from './game-settings';
import { createGamesRepository, type GameAccountRow } from './games.repository';

export interface GameAccountsOptions {
  db: Database;
  ledger: LedgerService;
  provider: GameProvider;
  /** The member's currency (their wallet's and their game accounts'). */
  currencyOf: (memberId: number) => Promise<Currency>;
  /** Staff's settings of the games (decision 064). */
  settings: GameSettings;
  log: FastifyBaseLogger;
}

/** What the money paths need of a game account. */
export type GamePlayer = Pick<GameAccountRow, 'gameCode' | 'username'>;

const CATALOGUE_CACHE_MS = 60_000;

/** The login name we ask a provider for: at most 16 characters (spec section 9). */
const usernameFor = (memberId: number): string => `lw${memberId}`;

export const refuse = (code: 'NO_GAME' | 'SLOT_NO_ACCOUNT' | 'TRANSFER_FAIL', status: number): never => {
  throw new AppError(code, status);
};

/**
 * A member's accounts at the games: the catalogue, opening an account, its login, its password
 * and launch link, and the wallet view (balances from the ledger). The money lives in the ledger;
 * game-transfers.service.ts moves it.
 */
export function createGameAccountsService(options: GameAccountsOptions) {
  const { ledger, provider, settings, log } = options;
  const repository = createGamesRepository(options.db);
  let cached: { at: number; entries: CatalogueEntry[] } | null = null;

  async function catalogue(): Promise<CatalogueEntry[]> {
    if (cached && Date.now() - cached.at < CATALOGUE_CACHE_MS) return cached.entries;
    const entries = await provider.catalogue();
    cached = { at: Date.now(), entries };
    return entries;
  }

  async function gameOf(code: string): Promise<CatalogueEntry> {
    const entry = (await catalogue()).find((game) => game.code === code);
    return entry ?? refuse('NO_GAME', 404);
  }

  /** The catalogue as staff set it, in the carousels' order, games switched off among them. */
  const games = async (): Promise<SettledGame[]> => settings.settle(await catalogue());

  /**
   * A game members may open, launch and move money into: in the catalogue and not switched off by
   * staff (NO_GAME, the spec's code, either way). Money out of a game needs only `gameOf`.
   */
  async function openGame(code: string): Promise<SettledGame> {
    const game = (await games()).find((one) => one.entry.code === code);
    return game?.enabled ? game : refuse('NO_GAME', 404);
  }

  /** The member's account at an open game (what logins and launches need). */
  async function activeAccount(memberId: number, code: string): Promise<GameAccountRow> {
    await openGame(code);
    return (await repository.accountOf(memberId, code)) ?? refuse('SLOT_NO_ACCOUNT', 404);
  }

  // A game account is never deleted and its username never changes: once seen, the money paths
  // need no look-up. (Its password does change, so credentials always read the row.)
  const players = new Map<string, GamePlayer>();
  async function playerOf(memberId: number, code: string): Promise<GamePlayer> {
    await gameOf(code);
    const known = players.get(`${memberId}:${code}`);
    if (known) return known;
    // NOTE: any game of the catalogue, open or not: money must come out of a game switched off.
    const { gameCode, username } =
      (await repository.accountOf(memberId, code)) ?? refuse('SLOT_NO_ACCOUNT', 404);
    if (players.size > 100_000) players.clear();
    players.set(`${memberId}:${code}`, { gameCode, username });
    return { gameCode, username };
  }

  // A member's currency never changes: asked once per process.
  const currencies = new Map<number, Currency>();
  async function currencyOf(memberId: number): Promise<Currency> {
    const known = currencies.get(memberId);
    if (known) return known;
    const currency = await options.currencyOf(memberId);
    if (currencies.size > 100_000) currencies.clear();
    currencies.set(memberId, currency);
    return currency;
  }

  async function openWallet(memberId: number): Promise<Currency> {
    const currency = await currencyOf(memberId);
    await ledger.openAccount(accountKey.wallet(memberId), currency);
    return currency;
  }

  async function balanceOf(key: string): Promise<bigint> {
    const [state] = await ledger.accountStates([key]);
    return state?.balance ?? 0n;
  }

  function gameAccountView(
    { entry, enabled }: SettledGame,
    account: GameAccountRow | undefined,
    amount: bigint,
  ): GameAccount {
    if (!enabled) {
      // Listed only for the money in it: moved back to the wallet, never played or topped up.
      return {
        code: entry.code,
        name: entry.name,
        logo: entry.logo,
        background: entry.background,
        isActive: account !== undefined,
        amount: Number(amount) as MinorUnits,
        ftWalletSlot: entry.walletFactor,
        web: null,
        android: null,
        ios: null,
        category: entry.category,
        closed: true,
      };
    }
    return {
      code: entry.code,
      name: entry.name,
      logo: entry.logo,
      background: entry.background,
      isActive: account !== undefined,
      amount: Number(amount) as MinorUnits,
      ftWalletSlot: entry.walletFactor,
      web: entry.web,
      android: entry.android,
      ios: entry.ios,
      category: entry.category,
    };
  }

  return {
    catalogue,
    games,
    openGame,
    playerOf,
    currencyOf,
    openWallet,
    balanceOf,
    accountsOf: (memberId: number) => repository.accountsOf(memberId),
    markSeen: (memberId: number, gameCode: string, round: number) =>
      repository.markSeen(memberId, gameCode, round),
    seenRound: async (memberId: number, gameCode: string) =>
      (await repository.accountOf(memberId, gameCode))?.seenRound ?? 0,
    membersWithAccounts: () => repository.membersWithAccounts(),

    /**
     * The balance of each game account the member opened, read only (the console's member view;
     * `wallet` opens the wallet first, a write staff reading must not make).
     */
    async balancesOf(memberId: number): Promise<{ code: string; name: string; amount: bigint }[]> {
      const [entries, accounts] = await Promise.all([catalogue(), repository.accountsOf(memberId)]);
      if (accounts.length === 0) return [];
      const states = await ledger.accountStates(
        accounts.map((account) => accountKey.game(memberId, account.gameCode)),
      );
      return accounts.map((account) => ({
        code: account.gameCode,
        name: entries.find((entry) => entry.code === account.gameCode)?.name ?? account.gameCode,
        amount:
          states.find((state) => state.key === accountKey.game(memberId, account.gameCode))?.balance ?? 0n,
      }));
    },

    async wallet(memberId: number): Promise<WalletResponse> {
      const currency = await openWallet(memberId);
      const [settled, accounts] = await Promise.all([games(), repository.accountsOf(memberId)]);
      const walletKey = accountKey.wallet(memberId);
      const states = await ledger.accountStates([
        walletKey,
        ...accounts.map((account) => accountKey.game(memberId, account.gameCode)),
      ]);
      const stateOf = (key: string) => states.find((state) => state.key === key);
      const wallet = stateOf(walletKey)!;
      return {
        wallet: {
          amount: Number(wallet.balance) as MinorUnits,
          currency,
          updatedAt: wallet.updatedAt.toISOString(),
        },
        // NOTE: a game staff switched off stays listed while the member has money in it, so the
        // total stays whole and the money can be moved back (decision 064).
        games: settled.flatMap((game) => {
          const account = accounts.find((row) => row.gameCode === game.entry.code);
          const amount = account ? (stateOf(accountKey.game(memberId, game.entry.code))?.balance ?? 0n) : 0n;
          return game.enabled || amount !== 0n ? [gameAccountView(game, account, amount)] : [];
        }),
      };
    },

    async activate(memberId: number, code: string): Promise<GameCredentials> {
      await openGame(code);
      if (await repository.accountOf(memberId, code)) throw new AppError('SLOT_ALREADY_ACTIVE', 409);
      const currency = await openWallet(memberId);
      const username = usernameFor(memberId);
      let login;
      try {
        login = await provider.createPlayer(code, username);
      } catch (error) {
        // An earlier attempt created the player and died before remembering it: adopt it.
        if (!(error instanceof GameProviderError) || error.code !== 'PLAYER_EXISTS') {
          log.warn({ err: error, memberId, code }, 'provider could not create the player');
          throw new AppError('SLOT_ACTIVATE_FAIL', 502);
        }
        login = await provider.credentials(code, username).catch(() => {
          throw new AppError('GAME_ACTIVATION_FAIL', 502);
        });
      }
      await ledger.openAccount(accountKey.game(memberId, code), currency);
      const inserted = await repository.insertAccount({
        memberId,
        gameCode: code,
        username: login.username,
        password: login.password,
      });
      if (!inserted) throw new AppError('SLOT_ALREADY_ACTIVE', 409);
      return login;
    },

    async credentials(memberId: number, code: string): Promise<GameCredentials> {
      const account = await activeAccount(memberId, code);
      return { username: account.username, password: account.password };
    },

    async resetPassword(memberId: number, code: string): Promise<GameCredentials> {
      const account = await activeAccount(memberId, code);
      try {
        const login = await provider.resetPassword(code, account.username);
        await repository.setPassword(memberId, code, login.password);
        return login;
      } catch (error) {
        log.warn({ err: error, memberId, code }, 'provider could not reset the password');
        throw new AppError('SLOT_RESET_PASSWORD_FAIL', 502);
      }
    },

    /** A launch link for the member's own account at a game (spec section 7, Auto login). */
    async launchLink(memberId: number, game: string, username: string): Promise<string> {
      const account = await activeAccount(memberId, game.toUpperCase());
      // NOTE: the path names an account; only the caller's own may be opened.
      if (account.username !== username) throw new AppError('FORBIDDEN', 403);
      // Staff switched the web launch off (decision 064).
      if (!(await openGame(account.gameCode)).launch.web) refuse('NO_GAME', 404);
      let link: string | null;
      try {
        link = await provider.launch(account.gameCode, account.username, 'web');
      } catch (error) {
        log.warn({ err: error, memberId, game }, 'provider gave no launch link');
        throw new AppError('SERVICE_UNAVAILABLE', 503);
      }
      return link ?? refuse('NO_GAME', 404);
    },
  };
}

export type GameAccountsService = ReturnType<typeof createGameAccountsService>;
