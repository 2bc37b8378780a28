import type { FastifyBaseLogger } from 'fastify';
import type { Currency } from '@wallet/contract/money';
import type { GameProvider } from '../../adapters/game-provider/game-provider';
import type { Database } from '../../platform/db/database';
import type { LedgerService } from '../ledger/ledger.service';
import { createGameAccountsService } from './game-accounts.service';
import { createGameTransfersService } from './game-transfers.service';
import { createPlaysService } from './plays.service';

export interface GamesServiceOptions {
  db: Database;
  ledger: LedgerService;
  provider: GameProvider;
  /** The member's currency (their wallet's and their game accounts'). */
  currencyOf: (memberId: number) => Promise<Currency>;
  /** A reference we send a provider is refused by it for good after this long. */
  referenceTtlMs: number;
  /** How long a provider call may take; added to the TTL before "never seen" counts as failed. */
  providerTimeoutMs: number;
  log: FastifyBaseLogger;
}

/**
 * The games area, made of three services: game accounts (catalogue, logins, the wallet view),
 * plays (rounds booked from the provider's history, balances compared) and game transfers (the
 * two-phase money between the wallet and the games).
 */
export function createGamesService(options: GamesServiceOptions) {
  const accounts = createGameAccountsService(options);
  const plays = createPlaysService({ ...options, accounts });
  const transfers = createGameTransfersService({ ...options, accounts, plays });
  return { accounts, plays, transfers };
}

export type GamesService = ReturnType<typeof createGamesService>;
