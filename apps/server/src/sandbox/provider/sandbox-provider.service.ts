import { randomInt } from 'node:crypto';
import type {
  LaunchPlatform,
  PlayedRound,
  ReferenceStatus,
} from '../../adapters/game-provider/game-provider';
import {
  ROUNDS_PAGE_LIMIT,
  type ProviderCatalogue,
  type TransferDirection,
  type TransferFailureReason,
} from '../../adapters/game-provider/protocol';
import { hashToken, looksLikeToken, newToken } from '../../platform/crypto';
import type { Database } from '../../platform/db/database';
import { uniqueViolation } from '../../platform/db/unique-violation';
import { AppError } from '../../platform/errors';
import { drawReels, multipleOf, type Reels } from './sandbox-provider.slot';
import {
  appLink,
  catalogue,
  PAGES_PATH,
  sandboxGame,
  type CatalogueGame,
} from './sandbox-provider.catalogue';
import {
  createSandboxProviderRepository,
  type FaultMode,
  type SandboxProviderRepository,
  type StoredTransfer,
} from './sandbox-provider.repository';

/**
 * A refusal in the provider's own words (`{ "error": CODE }`), as a remote provider would answer;
 * the provider API and the play pages turn it into their answer.
 */
export class ProviderRefusal extends Error {
  constructor(
    readonly code: string,
    readonly statusCode: number,
  ) {
    super(code);
    this.name = 'ProviderRefusal';
  }
}

export interface TransferOrder {
  gameCode: string;
  username: string;
  reference: string;
  direction: TransferDirection;
  amount: bigint;
  expiresAt: Date;
}

export type TransferOutcome = { status: 'applied'; balance: bigint } | { status: 'failed'; reason: string };

export interface Fault {
  mode: FaultMode;
  latencyMs: number;
}

/** Rounds played at once by sandbox control: `count` rounds, each taking `bet` and paying `win`. */
export interface RoundsOrder {
  count: number;
  bet: bigint;
  win: bigint;
  /** When they were played (a test's earlier period); default now. */
  playedAt?: Date;
}

/** The balance after the rounds in order, or null when one of them finds less than its bet. */
export function balanceAfterRounds(balance: bigint, { count, bet, win }: RoundsOrder): bigint | null {
  let left = balance;
  for (let round = 0; round < count; round += 1) {
    if (bet > left) return null;
    left = left - bet + win;
  }
  return left;
}

export interface SpinResult {
  reels: Reels;
  bet: bigint;
  win: bigint;
  balance: bigint;
}

/** A launch link signs its holder in for this long. */
const LAUNCH_TTL_MS = 3_600_000;
const PASSWORD_ALPHABET = 'abcdefghjkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789';
const newPassword = (): string =>
  Array.from({ length: 10 }, () => PASSWORD_ALPHABET[randomInt(PASSWORD_ALPHABET.length)]).join('');

const REFERENCE_UNIQUE = 'sandbox_provider_transfers_reference_unique';
/** How long a fault setting read from the database is trusted (see `fault`). */
const FAULT_CACHE_MS = 1_000;

export interface SandboxProviderServiceOptions {
  db: Database;
  now?: () => Date;
}

/**
 * The sandbox game provider: players, their game-side balances, idempotent transfers, launch
 * links and rounds played on the demo slot. It stands for a remote system, so it keeps its own
 * tables and knows nothing of the wallet.
 */
export function createSandboxProviderService({ db, now = () => new Date() }: SandboxProviderServiceOptions) {
  const faults = new Map<string, { fault: Fault; at: number }>();
  const repository = createSandboxProviderRepository(db);

  const gameOrRefuse = (gameCode: string): CatalogueGame => {
    const game = sandboxGame(gameCode);
    if (!game) throw new ProviderRefusal('NO_GAME', 404);
    return game;
  };

  /** What an earlier copy of a reference decided; a different move under the same reference is refused. */
  async function outcomeOf(
    q: Pick<SandboxProviderRepository, 'player'>,
    stored: StoredTransfer,
    order: TransferOrder,
  ): Promise<TransferOutcome> {
    const same =
      stored.gameCode === order.gameCode &&
      stored.username === order.username &&
      stored.direction === order.direction &&
      stored.amount === order.amount;
    if (!same) throw new ProviderRefusal('REFERENCE_REUSED', 409);
    if (stored.status === 'failed') return { status: 'failed', reason: stored.reason ?? 'PROVIDER_ERROR' };
    const player = await q.player(order.gameCode, order.username);
    return { status: 'applied', balance: player?.balance ?? 0n };
  }

  /** One statement (db/migrations/0009_sandbox_provider_transfer.sql): lock, look up, record, apply. */
  async function decide(order: TransferOrder, forcedFailure: TransferFailureReason | null) {
    const decided = await repository.decideTransfer(order, forcedFailure, now());
    if (decided.earlier) {
      const same =
        decided.gameCode === order.gameCode &&
        decided.username === order.username &&
        decided.direction === order.direction &&
        decided.amount === order.amount;
      if (!same) throw new ProviderRefusal('REFERENCE_REUSED', 409);
    }
    return decided.status === 'failed'
      ? ({ status: 'failed', reason: decided.reason ?? 'PROVIDER_ERROR' } as const)
      : ({ status: 'applied', balance: decided.balance ?? 0n } as const);
  }

  async function launchOf(token: string) {
    if (!looksLikeToken(token)) return null;
    return repository.launch(hashToken(token), now());
  }

  return {
    catalogue(): ProviderCatalogue['games'] {
      return catalogue();
    },

    game(gameCode: string): CatalogueGame | null {
      return sandboxGame(gameCode);
    },

    async createPlayer(gameCode: string, username: string) {
      gameOrRefuse(gameCode);
      const password = newPassword();
      if (!(await repository.insertPlayer(gameCode, username, password))) {
        throw new ProviderRefusal('PLAYER_EXISTS', 409);
      }
      return { username, password };
    },

    async player(gameCode: string, username: string) {
      const player = await repository.player(gameCode, username);
      if (!player) throw new ProviderRefusal('NO_PLAYER', 404);
      return { username: player.username, password: player.password, balance: player.balance };
    },

    async resetPassword(gameCode: string, username: string) {
      const password = newPassword();
      if (!(await repository.setPassword(gameCode, username, password))) {
        throw new ProviderRefusal('NO_PLAYER', 404);
      }
      return { username, password };
    },

    /**
     * Applies a deposit or withdrawal at most once per reference, even when copies race: the
     * player's row lock orders them, the unique reference settles copies for a missing player.
     * `forcedFailure` records the reference as failed for that reason (fault injection).
     */
    async transfer(order: TransferOrder, forcedFailure: TransferFailureReason | null = null) {
      try {
        return await decide(order, forcedFailure);
      } catch (error) {
        if (uniqueViolation(error) !== REFERENCE_UNIQUE) throw error;
        const stored = await repository.transfer(order.reference);
        if (!stored) throw error;
        return outcomeOf(repository, stored, order);
      }
    },

    /** What became of a reference of this game. */
    async status(gameCode: string, reference: string): Promise<ReferenceStatus> {
      const stored = await repository.transfer(reference);
      return stored && stored.gameCode === gameCode ? stored.status : 'not_found';
    },

    /** A link that signs the player in; null when the game has no such platform. */
    async launch(gameCode: string, username: string, platform: LaunchPlatform): Promise<string | null> {
      const game = gameOrRefuse(gameCode);
      if (!(await repository.player(gameCode, username))) throw new ProviderRefusal('NO_PLAYER', 404);
      const available = platform === 'web' ? game.hasWeb : game[platform];
      if (!available) return null;
      const token = newToken();
      const at = now();
      await repository.deleteLaunchesExpiredBy(at);
      await repository.insertLaunch({
        tokenHash: hashToken(token),
        gameCode,
        username,
        expiresAt: new Date(at.getTime() + LAUNCH_TTL_MS),
      });
      if (platform === 'web') return `${PAGES_PATH}/play/${token}`;
      const query = new URLSearchParams({ player: username, token });
      return `${appLink(gameCode, platform)}/open?${query.toString()}`;
    },

    async rounds(gameCode: string, username: string, afterId: number): Promise<PlayedRound[]> {
      const rows = await repository.roundsAfter(gameCode, username, afterId, ROUNDS_PAGE_LIMIT);
      return rows.map((row) => ({ id: row.id, bet: row.bet, win: row.win, playedAt: row.playedAt }));
    },

    /**
     * The game's fault setting. Read on every provider call, so kept for FAULT_CACHE_MS: a
     * setting made through this process applies at once, one made through another process
     * sharing the database within that time.
     */
    async fault(gameCode: string): Promise<Fault> {
      const known = faults.get(gameCode);
      if (known && Date.now() - known.at < FAULT_CACHE_MS) return known.fault;
      const row = await repository.fault(gameCode);
      const fault: Fault = row
        ? { mode: row.mode, latencyMs: row.latencyMs }
        : { mode: 'none', latencyMs: 0 };
      faults.set(gameCode, { fault, at: Date.now() });
      return fault;
    },

    /** Sandbox control, called like the member app's calls: hence AppError. */
    async setFault(gameCode: string, fault: Fault): Promise<void> {
      if (!sandboxGame(gameCode)) throw new AppError('NO_GAME', 404);
      await repository.setFault(gameCode, fault.mode, fault.latencyMs);
      faults.set(gameCode, { fault, at: Date.now() });
    },

    /** The game and player a launch token signs in; refused once the link expired. */
    async playerOfLaunch(token: string) {
      const launch = await launchOf(token);
      if (!launch) throw new ProviderRefusal('LINK_EXPIRED', 404);
      const player = await repository.player(launch.gameCode, launch.username);
      if (!player) throw new ProviderRefusal('NO_PLAYER', 404);
      return { game: gameOrRefuse(launch.gameCode), username: player.username, balance: player.balance };
    },

    /**
     * One spin of the demo slot, in one transaction with the player's row locked: the bet is
     * taken, the win paid and the round recorded together, or nothing happens.
     */
    async spin(token: string, bet: bigint): Promise<SpinResult> {
      const launch = await launchOf(token);
      if (!launch) throw new ProviderRefusal('LINK_EXPIRED', 404);
      return repository.transaction(async (q) => {
        const player = await q.lockPlayer(launch.gameCode, launch.username);
        if (!player) throw new ProviderRefusal('NO_PLAYER', 404);
        if (bet > player.balance) throw new ProviderRefusal('INSUFFICIENT_BALANCE', 400);
        const reels = drawReels();
        const win = bet * BigInt(multipleOf(reels));
        const balance = player.balance - bet + win;
        await q.setBalance(launch.gameCode, launch.username, balance);
        await q.insertRound({
          gameCode: launch.gameCode,
          username: launch.username,
          bet,
          win,
          playedAt: now(),
        });
        return { reels, bet, win, balance };
      });
    },

    /**
     * Sandbox control (tests and trying bonuses): `count` rounds for one player, recorded like
     * spins of the demo slot, in one transaction with the player's row locked. All or none: the
     * balance after them is worked out before anything is written. Called like the member app's
     * calls: hence AppError.
     */
    async playRounds(gameCode: string, username: string, order: RoundsOrder) {
      if (!sandboxGame(gameCode)) throw new AppError('NO_GAME', 404);
      return repository.transaction(async (q) => {
        const player = await q.lockPlayer(gameCode, username);
        if (!player) throw new AppError('SLOT_NO_ACCOUNT', 404);
        const balance = balanceAfterRounds(player.balance, order);
        if (balance === null) throw new AppError('MONEY_NOT_ENOUGH', 400);
        // The answer carries the balance as a JSON number: it must stay exact.
        if (balance > BigInt(Number.MAX_SAFE_INTEGER)) throw new AppError('INVALID_INPUT', 400);
        const at = now();
        const playedAt = order.playedAt ?? at;
        // Only the past, and not before the oldest period anyone still counts.
        if (playedAt.getTime() > at.getTime() || playedAt.getTime() < at.getTime() - 35 * 86_400_000)
          throw new AppError('INVALID_INPUT', 400);
        await q.setBalance(gameCode, username, balance);
        await q.insertRounds(
          Array.from({ length: order.count }, () => ({
            gameCode,
            username,
            bet: order.bet,
            win: order.win,
            playedAt,
          })),
        );
        return { played: order.count, balance };
      });
    },
  };
}

export type SandboxProviderService = ReturnType<typeof createSandboxProviderService>;
