import type { GameProvider } from '../../adapters/game-provider/game-provider';
import type { Database } from '../../platform/db/database';
import { accountKey, type LedgerService } from '../ledger/ledger.service';
import { createGamesRepository } from './games.repository';

/**
 * Our game-account balances against the provider's: for every game account with no money in
 * flight, the provider's balance must equal ours plus the rounds played and not booked yet.
 * Returns one line per difference.
 */
export async function checkGameBalances(
  db: Database,
  ledger: LedgerService,
  provider: Pick<GameProvider, 'balance' | 'rounds'>,
): Promise<string[]> {
  const problems: string[] = [];
  for (const account of await createGamesRepository(db).allAccounts()) {
    const key = accountKey.game(account.memberId, account.gameCode);
    if (await ledger.hasPendingHold(key)) continue;
    const [state] = await ledger.accountStates([key]);
    let unbooked = 0n;
    let after = (await ledger.lastBookedRound(account.memberId, account.gameCode)) ?? 0;
    for (;;) {
      const rounds = await provider.rounds(account.gameCode, account.username, after);
      if (rounds.length === 0) break;
      for (const round of rounds) unbooked += round.win - round.bet;
      after = rounds.at(-1)!.id;
    }
    const theirs = await provider.balance(account.gameCode, account.username);
    const ours = (state?.balance ?? 0n) + unbooked;
    if (theirs !== ours) {
      problems.push(
        `${key}: the provider holds ${theirs}, the books say ${ours} (with ${unbooked} not booked yet)`,
      );
    }
  }
  return problems;
}
