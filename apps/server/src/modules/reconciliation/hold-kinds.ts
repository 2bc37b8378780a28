import type { GamesService } from '../games/games.service';
import type { ClaimedHold } from '../ledger/ledger.service';
import type { WithdrawalsService } from '../withdrawals/withdrawals.service';
import type { HoldKind } from './reconciler';

/**
 * The kinds of hold the reconciler finishes, each with the outside system that answers for it and
 * the age at which a reference that system never saw can be settled: it expires after
 * `REFERENCE_TTL_SECONDS`, and a call carrying it may arrive until its timeout has passed
 * (decisions 010 and 037).
 */
export function holdKinds(options: {
  games: GamesService;
  withdrawals: WithdrawalsService;
  referenceTtlMs: number;
  providerTimeoutMs: number;
  payoutTimeoutMs: number;
}): Record<string, HoldKind> {
  const game: HoldKind = {
    resolve: (hold: ClaimedHold) => options.games.transfers.resolveHold(hold),
    // NOTE: one system per game, as the provider's faults may be: a game whose calls fail must not
    // be woken by another game's answers.
    system: (hold) => `game provider ${String(hold.metadata.game)}`,
    settlesAfterMs: options.referenceTtlMs + options.providerTimeoutMs,
  };
  return {
    game_deposit: game,
    game_withdraw: game,
    withdrawal: {
      resolve: (hold) => options.withdrawals.resolveHold(hold),
      system: () => 'payout service',
      settlesAfterMs: options.referenceTtlMs + options.payoutTimeoutMs,
    },
  };
}
