import type { FastifyBaseLogger } from 'fastify';
import type { Currency } from '@wallet/contract/money';
import type { GameProvider } from '../../adapters/game-provider/game-provider';
import type { Database } from '../../platform/db/database';
import type { RedisHandle } from '../../platform/redis';
import type { LedgerService } from '../ledger/ledger.service';
import { createGameAccountsService } from './game-accounts.service';
import { createGameSettings } from './game-settings';
import { createGameSettingsDesk } from './game-settings-desk';
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
  /**
   * Where staff's game settings are kept in step across processes (decision 064): Redis when
   * set; `database`'s kind and url tell whether one process serves and which database is shared.
   */
  redis: RedisHandle | null;
  database: { kind: 'embedded' | 'server'; url?: string };
  log: FastifyBaseLogger;
}

/**
 * The games area, made of three services: game accounts (catalogue, logins, the wallet view),
 * plays (rounds booked from the provider's history, balances compared) and game transfers (the
 * two-phase money between the wallet and the games); and the console's desk of staff's settings
 * of the games (decision 064), which the first and the last read.
 */
export function createGamesService(options: GamesServiceOptions) {
  const settings = createGameSettings({
    db: options.db,
    redis: options.redis,
    embedded: options.database.kind === 'embedded',
    scope: options.database.url ? new URL(options.database.url).pathname.slice(1) || 'postgres' : 'embedded',
  });
  const accounts = createGameAccountsService({ ...options, settings });
  const plays = createPlaysService({ ...options, accounts });
  const transfers = createGameTransfersService({ ...options, accounts, plays });
  const settingsDesk = createGameSettingsDesk({ accounts, settings, ledger: options.ledger });
  return { accounts, plays, transfers, settingsDesk };
}

export type GamesService = ReturnType<typeof createGamesService>;
