import type { FastifyBaseLogger } from 'fastify';
import type { GameProvider, PlayedRound } from '../../../adapters/game-provider/game-provider';
import type { GamesService } from '../../games/games.service';
import { accountKey, type LedgerService } from '../../ledger/ledger.service';
import { hourOf } from './reward-periods';
import type { RewardsRepository, TallyBucket } from './rewards.repository';

/** Pages of a provider's round history read in one count (the rest waits for the next). */
const MAX_ROUND_PAGES = 50;

/**
 * Counts a member's settled rounds into hour sums (play_tally), the loss refund's and the invite
 * loss rule's measure of play (decision 020). Each game keeps its own cursor, moved with the sums
 * in one compare-and-set, so two counters at once count a round once. A round played while one of
 * the member's grants ran (from its claim to its close) is counted apart: losses under a bonus are
 * not refunded.
 */
export function createPlayTally(options: {
  games: GamesService;
  ledger: LedgerService;
  provider: GameProvider;
  repository: RewardsRepository;
  /** When each of the member's grants ran (the grant engine's records). */
  grantWindows: (memberId: number) => Promise<{ from: Date; to: Date | null }[]>;
  log: FastifyBaseLogger;
}) {
  const { games, ledger, provider, repository, log } = options;

  function bucketsOf(rounds: PlayedRound[], windows: { from: Date; to: Date | null }[]): TallyBucket[] {
    const buckets = new Map<string, TallyBucket>();
    for (const round of rounds) {
      const at = round.playedAt.getTime();
      const underGrant = windows.some(
        (window) => at >= window.from.getTime() && (window.to === null || at < window.to.getTime()),
      );
      const hour = hourOf(round.playedAt);
      const key = `${hour.getTime()}:${underGrant}`;
      const bucket = buckets.get(key) ?? { hour, underGrant, stakes: 0n, payouts: 0n, rounds: 0 };
      bucket.stakes += round.bet;
      bucket.payouts += round.win;
      bucket.rounds += 1;
      buckets.set(key, bucket);
    }
    return [...buckets.values()];
  }

  /** Counts one game's rounds since its cursor; false when the provider could not be read through. */
  async function countGame(memberId: number, player: { gameCode: string; username: string }) {
    let cursor = await repository.tallyCursor(memberId, player.gameCode);
    for (let page = 0; page < MAX_ROUND_PAGES; page += 1) {
      const rounds = await provider.rounds(player.gameCode, player.username, cursor);
      if (rounds.length === 0) return true;
      // NOTE: read after the page, not before the count: a grant claimed while a slow count runs
      // must still mark the rounds played under it (they are never refunded).
      const windows = await options.grantWindows(memberId);
      const last = rounds.at(-1)!.id;
      // A provider that answers rounds at or before the cursor is not paging: stop, count nothing.
      if (last <= cursor) return false;
      const fresh = rounds.filter((round) => round.id > cursor);
      if (await repository.addTally(memberId, player.gameCode, cursor, last, bucketsOf(fresh, windows)))
        cursor = last;
      // Another counter moved the cursor first: go on from where it is now.
      else cursor = await repository.tallyCursor(memberId, player.gameCode);
    }
    return false;
  }

  return {
    /** Counts every game of the member up to now; answers whether all providers were read. */
    async countMember(memberId: number): Promise<boolean> {
      const players = await games.accounts.accountsOf(memberId);
      const balances = await ledger.accountStates(
        players.map((player) => accountKey.game(memberId, player.gameCode)),
      );
      const read = await Promise.all(
        players.map(async (player) => {
          // An empty game whose booked rounds are all counted cannot have been played since (as the
          // grant engine reads it): a provider down at a game the member left empty holds nothing up.
          const key = accountKey.game(memberId, player.gameCode);
          const empty = (balances.find((state) => state.key === key)?.balance ?? 0n) === 0n;
          if (empty) {
            const [booked, cursor] = await Promise.all([
              games.plays.lastSeenRound(memberId, player.gameCode),
              repository.tallyCursor(memberId, player.gameCode),
            ]);
            if ((booked ?? 0) <= cursor) return true;
          }
          try {
            return await countGame(memberId, player);
          } catch (error) {
            log.warn({ err: error, memberId, game: player.gameCode }, 'could not count rounds for losses');
            return false;
          }
        }),
      );
      return read.every(Boolean);
    },
  };
}

export type PlayTally = ReturnType<typeof createPlayTally>;
