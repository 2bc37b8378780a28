import type { FastifyBaseLogger } from 'fastify';
import type { WalletResponse } from '@wallet/contract/http/wallet';
import type { GameProvider } from '../../adapters/game-provider/game-provider';
import { AppError } from '../../platform/errors';
import { accountKey, type LedgerService } from '../ledger/ledger.service';
import type { GameAccountsService, GamePlayer } from './game-accounts.service';

export interface PlaysOptions {
  ledger: LedgerService;
  provider: GameProvider;
  accounts: GameAccountsService;
  log: FastifyBaseLogger;
}

/**
 * What members played at the providers: the rounds are booked into the ledger from the
 * provider's own history, each round once, and the provider's balance is compared with ours.
 */
export function createPlaysService(options: PlaysOptions) {
  const { ledger, provider, accounts, log } = options;

  /**
   * Books the rounds played at the provider since the last booking: wins come from, losses go
   * to, the operator's provider clearing account. Keyed by the first round, so two refreshes at
   * once book the same rounds once.
   */
  async function bookPlays(memberId: number, account: GamePlayer): Promise<boolean> {
    const gameKey = accountKey.game(memberId, account.gameCode);
    const after = (await ledger.lastBookedRound(memberId, account.gameCode)) ?? 0;
    const rounds = await provider.rounds(account.gameCode, account.username, after);
    if (rounds.length === 0) return true;
    // NOTE: marked whatever the net: rounds that win back their bets move no money, yet were played
    // (their bets are turnover), and the game may be emptied before anyone counts them.
    await accounts.markSeen(memberId, account.gameCode, rounds.at(-1)!.id);
    const net = rounds.reduce((sum, round) => sum + round.win - round.bet, 0n);
    if (net === 0n) return true;
    const currency = await accounts.currencyOf(memberId);
    const clearing = accountKey.operator('provider_clearing', currency);
    try {
      await ledger.transfer({
        idempotencyKey: `play:${memberId}:${account.gameCode}:${after}`,
        debit: net > 0n ? clearing : gameKey,
        credit: net > 0n ? gameKey : clearing,
        amount: net > 0n ? net : -net,
        kind: 'play',
        metadata: { memberId, game: account.gameCode, fromRound: after, toRound: rounds.at(-1)!.id },
      });
      return true;
    } catch (error) {
      // Another refresh booked from the same round first (with more rounds), or money is held
      // on its way out: the next refresh books what is left.
      if (error instanceof AppError) {
        log.info({ memberId, game: account.gameCode, code: error.code }, 'plays not booked now');
        return false;
      }
      throw error;
    }
  }

  /** Books what it can; answers whether the ledger now holds every round the provider reported. */
  async function bookPlaysQuietly(memberId: number, account: GamePlayer): Promise<boolean> {
    try {
      return await bookPlays(memberId, account);
    } catch (error) {
      log.warn({ err: error, memberId, game: account.gameCode }, 'could not read plays from the provider');
      return false;
    }
  }

  /** A difference with nothing in flight is logged for staff, never "fixed" by moving money. */
  async function compareBalance(memberId: number, account: GamePlayer): Promise<void> {
    try {
      const theirs = await provider.balance(account.gameCode, account.username);
      const gameKey = accountKey.game(memberId, account.gameCode);
      const ours = await accounts.balanceOf(gameKey);
      if (theirs === ours || (await ledger.hasPendingHold(gameKey))) return;
      log.error(
        { memberId, game: account.gameCode, theirs: String(theirs), ours: String(ours) },
        'game balance differs from the provider',
      );
    } catch (error) {
      log.warn({ err: error, memberId, game: account.gameCode }, 'could not read the provider balance');
    }
  }

  return {
    bookPlaysQuietly,

    /**
     * The last round of a member's game known to have been played: booked into the ledger, or
     * read from the provider with nothing to book (its net 0). A game left empty since cannot
     * have been played after it.
     */
    async lastSeenRound(memberId: number, gameCode: string): Promise<number | null> {
      const [booked, seen] = await Promise.all([
        ledger.lastBookedRound(memberId, gameCode),
        accounts.seenRound(memberId, gameCode),
      ]);
      return booked === null && seen === 0 ? null : Math.max(booked ?? 0, seen);
    },

    /**
     * Asks every provider the member has an account at: books what was played, then compares
     * the provider's balance with ours.
     */
    async refresh(memberId: number): Promise<WalletResponse> {
      const gameAccounts = await accounts.accountsOf(memberId);
      await Promise.all(
        gameAccounts.map(async (account) => {
          await bookPlaysQuietly(memberId, account);
          await compareBalance(memberId, account);
        }),
      );
      return accounts.wallet(memberId);
    },
  };
}

export type PlaysService = ReturnType<typeof createPlaysService>;
