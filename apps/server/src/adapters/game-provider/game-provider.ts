import type { GameCategory } from '@wallet/contract/http/wallet';

/**
 * What the server needs from a game provider. One implementation speaks HTTP
 * (`HttpGameProvider`); in sandbox mode it talks to the sandbox provider mounted on this same
 * server, in production to the operator's provider gateway. Amounts are integer minor units of
 * the member's currency.
 *
 * Money calls (`deposit`, `withdraw`) carry our reference (the ledger hold key) and never throw:
 * they answer what is known. `unknown` (timeout, connection lost, 5xx without a verdict) means
 * the money may or may not have moved; only `status(reference)` can tell later.
 */
export interface GameProvider {
  /** Every game the provider offers, with artwork and links. */
  catalogue(): Promise<CatalogueEntry[]>;
  /** Creates the player (username of at most 16 characters); the provider chooses the password. */
  createPlayer(gameCode: string, username: string): Promise<GameLogin>;
  credentials(gameCode: string, username: string): Promise<GameLogin>;
  resetPassword(gameCode: string, username: string): Promise<GameLogin>;
  /** The player's balance at the provider, minor units. */
  balance(gameCode: string, username: string): Promise<bigint>;
  deposit(gameCode: string, move: ProviderMove): Promise<MoveOutcome>;
  withdraw(gameCode: string, move: ProviderMove): Promise<MoveOutcome>;
  /** What became of a reference: applied, failed (for good), or never seen. */
  status(gameCode: string, reference: string): Promise<ReferenceStatus>;
  /** A launch link that signs the player in; null when the game has no such platform. */
  launch(gameCode: string, username: string, platform: LaunchPlatform): Promise<string | null>;
  /** Rounds played after round `afterRoundId` (exclusive), oldest first. */
  rounds(gameCode: string, username: string, afterRoundId: number): Promise<PlayedRound[]>;
}

export interface CatalogueEntry {
  code: string;
  name: string;
  category: GameCategory;
  /** Game-side amount = amount x walletFactor. */
  walletFactor: number;
  logo: string;
  background: string;
  web: string | null;
  android: string | null;
  ios: string | null;
}

export interface GameLogin {
  username: string;
  password: string;
}

export interface ProviderMove {
  username: string;
  /** Our reference; the provider applies a reference at most once. */
  reference: string;
  amount: bigint;
  /**
   * After this instant the provider refuses the reference for good (and remembers it as
   * failed). That is what lets the reconciler treat a reference the provider never saw as a
   * definite failure once this time has passed.
   */
  expiresAt: Date;
}

export type MoveOutcome =
  { kind: 'applied' } | { kind: 'failed'; reason: string } | { kind: 'unknown'; reason: string };

export type ReferenceStatus = 'applied' | 'failed' | 'not_found';

export type LaunchPlatform = 'web' | 'android' | 'ios';

export interface PlayedRound {
  id: number;
  /** Minor units staked. */
  bet: bigint;
  /** Minor units paid back (0 on a loss). */
  win: bigint;
  playedAt: Date;
}

/** A provider call other than a money move failed (unreachable, refused, malformed answer). */
export class GameProviderError extends Error {
  constructor(
    message: string,
    /** The provider's own error code when it gave one, e.g. PLAYER_EXISTS, NO_PLAYER. */
    readonly code: string | null = null,
  ) {
    super(message);
    this.name = 'GameProviderError';
  }
}
