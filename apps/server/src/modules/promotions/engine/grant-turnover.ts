import { accountKey } from '../../ledger/ledger.service';
import type { GrantContext } from './grant-engine';
import { contributionOf } from './grant-rules';
import type { GrantRow } from './grants.repository';

/** Pages of a provider's round history read in one pull (the rest waits for the next). */
const MAX_ROUND_PAGES = 50;

/** A grant's turnover: counted from the providers' round history, each round once (decision 019). */
export function createGrantTurnover(context: GrantContext) {
  const { ledger, games, provider, repository, log } = context;

  /** Whether rounds of a game were played (booked, or seen with a net of 0) the grant has not counted yet. */
  async function uncounted(grant: GrantRow, gameCode: string): Promise<boolean> {
    const [mark, cursor] = await Promise.all([
      games.plays.lastSeenRound(grant.memberId, gameCode),
      repository.cursor(grant.id, gameCode, 0),
    ]);
    return mark !== null && mark > cursor.lastRoundId;
  }

  /**
   * Counts a game's rounds after the grant's cursor into its turnover; answers the cursor reached,
   * or false when the provider could not be read (or does not page).
   */
  async function countRounds(
    grant: GrantRow,
    player: { gameCode: string; username: string },
    percent: number,
  ): Promise<number | false> {
    try {
      let cursor = (await repository.cursor(grant.id, player.gameCode, 0)).lastRoundId;
      for (let page = 0; page < MAX_ROUND_PAGES; page += 1) {
        const rounds = await provider.rounds(player.gameCode, player.username, cursor);
        if (rounds.length === 0) return cursor;
        const last = rounds.at(-1)!.id;
        // A provider that answers rounds at or before the cursor is not paging: stop, count nothing.
        if (last <= cursor) return false;
        const added = rounds
          .filter((round) => round.id > cursor && round.playedAt.getTime() >= grant.claimedAt.getTime())
          .reduce((sum, round) => sum + contributionOf(round.bet, percent), 0n);
        if (await repository.advanceCursor(grant.id, player.gameCode, cursor, last, added)) cursor = last;
        // Another reader counted these rounds first: go on from where it left the cursor.
        else cursor = (await repository.cursor(grant.id, player.gameCode, 0)).lastRoundId;
      }
      return false;
    } catch (error) {
      log.warn(
        { err: error, grantId: grant.id, game: player.gameCode },
        'could not read rounds for turnover',
      );
      return false;
    }
  }

  /**
   * Adds the turnover of rounds played since each game's cursor: settled rounds (a provider's
   * history holds only those) played after the claim, in the grant's eligible categories, times
   * their contribution; and books the same rounds into the ledger, so balances judged after are
   * current. Answers whether every provider was read and booked (`current`).
   */
  async function pullTurnover(grant: GrantRow): Promise<boolean> {
    const [players, catalogue] = await Promise.all([
      games.accounts.accountsOf(grant.memberId),
      games.accounts.catalogue(),
    ]);
    const balances = await ledger.accountStates(
      players.map((player) => accountKey.game(grant.memberId, player.gameCode)),
    );
    const read = await Promise.all(
      players.map(async (player) => {
        const category = catalogue.find((entry) => entry.code === player.gameCode)?.category;
        const percent = grant.terms.contributions.find((entry) => entry.category === category)?.percent ?? 0;
        // A game with nothing in it can have had nothing staked since its last booking: unless its
        // rounds count and some booked ones are not counted yet, it needs no call (a provider down
        // at a game the member left empty never holds a grant up).
        const idle =
          (balances.find((state) => state.key === accountKey.game(grant.memberId, player.gameCode))
            ?.balance ?? 0n) === 0n;
        if (idle && (percent === 0 || !(await uncounted(grant, player.gameCode)))) return true;
        // Counted first, then booked: a round played between the two is in the balances but not
        // yet in the turnover (never the other way round, which would judge a cap on balances
        // without its wins); the look then says it is not current.
        const counted = percent === 0 ? null : await countRounds(grant, player, percent);
        const booked = await games.plays.bookPlaysQuietly(grant.memberId, player);
        if (counted === null) return booked;
        if (counted === false) return false;
        const mark = await ledger.lastBookedRound(grant.memberId, player.gameCode);
        return booked && (mark === null || mark <= counted);
      }),
    );
    return read.every(Boolean);
  }

  async function turnoverDone(grantId: number): Promise<bigint> {
    return (await repository.turnoverOf(grantId)).reduce((sum, row) => sum + row.turnover, 0n);
  }

  return { pullTurnover, turnoverDone };
}

export type GrantTurnover = ReturnType<typeof createGrantTurnover>;
