import type { FastifyBaseLogger } from 'fastify';
import type { OfferChannel } from '@wallet/contract/http/bonus';
import type { ErrorCode } from '@wallet/contract/errors';
import type { Currency } from '@wallet/contract/money';
import type { GameProvider } from '../../adapters/game-provider/game-provider';
import { AppError } from '../../platform/errors';
import { uniqueViolation } from '../../platform/db/unique-violation';
import type { GamesService } from '../games/games.service';
import {
  accountKey,
  type CreditedDeposit,
  type LedgerService,
  type MemberHoldings,
} from '../ledger/ledger.service';
import {
  closingDue,
  closingTermsOf,
  contributionOf,
  periodStart,
  requiredTurnover,
  rewardOf,
  sameMarketDay,
  takeBack,
} from './grant-rules';
import type {
  ClaimQueries,
  ClosingState,
  Executor,
  GrantRow,
  OfferRow,
  PromotionsRepository,
} from './promotions.repository';
import type { GrantTerms } from './promotions.tables';

export interface GrantEngineOptions {
  ledger: LedgerService;
  games: GamesService;
  provider: GameProvider;
  repository: PromotionsRepository;
  currencyOf: (memberId: number) => Promise<Currency>;
  /** The clock of claims, periods and expiry (tests move it). */
  now: () => Date;
  /** How long one closer has a grant: two provider calls per game with room to spare. */
  closingLeaseMs: number;
  /** How often the schedule pulls a running grant's turnover. */
  pullIntervalMs: number;
  log: FastifyBaseLogger;
}

/**
 * What a member holds now: the wallet, the games, the money in flight, their total, the holds still
 * waiting for an answer, and whether any money is moving (decision 034).
 */
export type Holdings = MemberHoldings;

const DAY_MS = 86_400_000;
const min = (a: bigint, b: bigint) => (a < b ? a : b);
/** Pages of a provider's round history read in one pull (the rest waits for the next). */
const MAX_ROUND_PAGES = 50;
/** Sweeps of the games into the wallet one closing tries before it waits for a later look. */
const TAKE_BACK_ATTEMPTS = 4;
/** Grants the schedule brings up to date at once. */
const SWEEP_PARALLEL = 4;

/** The keys a grant's two kinds of movement are made under: each once, whoever makes it. */
export const grantKeys = {
  credit: (grantId: number) => `grant:${grantId}:credit`,
  close: (grantId: number) => `grant:${grantId}:close`,
};

/**
 * Where a grant's credit comes from: an offer's from the operator's bonus account; a program's
 * from what the member collected (invite commission) or received (refunds), decision 020.
 */
export function creditSourceOf(grant: Pick<GrantRow, 'memberId' | 'currency' | 'program'>): string {
  if (grant.program === 'invite') return accountKey.invite(grant.memberId);
  if (grant.program === 'refund') return accountKey.refund(grant.memberId);
  if (grant.program === 'prize') return accountKey.prize(grant.memberId);
  return accountKey.operator('bonus', grant.currency);
}

/** Where a grant's take-back goes: the operator account its money came from in the end. */
const takeBackAccountOf = (grant: Pick<GrantRow, 'currency' | 'program'>) =>
  accountKey.operator(grant.program ?? 'bonus', grant.currency);

/** A program's grant: its terms (from the program's settings) and what it credits. */
export interface ProgramClaim {
  program: 'invite' | 'refund' | 'prize';
  terms: GrantTerms;
  /**
   * What it credits: this much of the member's program account (a spin-wheel coupon's prize,
   * decision 021); absent, all of it (invite commission, refunds).
   */
  amount?: bigint;
  /**
   * Work of the caller in the claim's own transaction, after the grant row and before its credit
   * (a coupon marked claimed): it commits with the grant or neither does.
   */
  alongside?: (tx: Executor, grantId: number) => Promise<void>;
  /**
   * Work of the caller at the very start of the claim's transaction, before any account is locked
   * (a coupon's row locked and checked): rows the caller's other paths lock before the accounts
   * are taken in that same order here, so the two never wait on each other.
   */
  first?: (tx: Executor) => Promise<void>;
  /** The least it may credit; under it the claim is refused with `tooLittle`. */
  minimum: bigint;
  tooLittle: ErrorCode;
  /** Nothing to credit at all. */
  nothing: ErrorCode;
}

/** An offer's terms as a grant copies them: a later edit of the offer never changes a running grant. */
export function termsOf(offer: OfferRow): GrantTerms {
  return {
    code: offer.code,
    channel: offer.channel,
    names: offer.names,
    type: offer.type,
    maxReceived: offer.maxReceived,
    reward: offer.reward,
    minimumDeposit: offer.minimumDeposit.toString(),
    turnoverMultiple: offer.turnoverMultiple,
    contributions: offer.contributions,
    withdrawCapMultiple: offer.withdrawCapMultiple,
    floor: offer.floor.toString(),
    percentFail: offer.percentFail,
    grantDays: offer.grantDays,
  };
}

/**
 * The grant engine (docs/decisions/019-bonus-grant-engine.md): claims an offer as a grant, counts
 * its turnover from the providers' round history, and closes it (completed, cancelled, ended under
 * the floor, expired) with the one ledger movement each closing makes. Later kinds of reward
 * (refunds, invite bonuses, prizes) are offers of their own on this same engine.
 */
export function createGrantEngine(options: GrantEngineOptions) {
  const { ledger, games, provider, repository, now, log } = options;

  async function holdings(memberId: number): Promise<Holdings> {
    // NOTE: one statement: balances, money in flight and its holds from one snapshot of the ledger.
    return ledger.memberHoldings(memberId);
  }

  /**
   * The deposit a claim of this offer is made on (decision 019): the member's latest credited
   * deposit, not used by a grant before, at most `depositWithinMinutes` old, at least the minimum,
   * first of all or of the day when the offer says so, with nothing else worth the floor in play
   * (the wallet before it, and everything now besides it, money in flight included). An offer of a
   * fixed amount without a minimum deposit needs no deposit, only nothing in play.
   */
  async function qualifyingDeposit(
    q: ClaimQueries,
    offer: OfferRow,
    deposits: CreditedDeposit[],
    held: Holdings,
    at: Date,
  ): Promise<{ transferId: number | null; amount: bigint }> {
    if (offer.reward.kind === 'fixed' && offer.minimumDeposit === 0n) {
      if (held.total >= offer.floor) throw new AppError('BONUS_BALANCE_NOT_EMPTY', 409);
      return { transferId: null, amount: 0n };
    }
    const [latest, previous] = deposits;
    if (!latest || latest.createdAt.getTime() < at.getTime() - offer.depositWithinMinutes * 60_000)
      throw new AppError('BONUS_NO_DEPOSIT', 409);
    if (await q.depositUsed(latest.transferId)) throw new AppError('BONUS_DEPOSIT_USED', 409);
    if (latest.amount < offer.minimumDeposit) throw new AppError('BONUS_DEPOSIT_MINIMUM', 409);
    const notFirst =
      (offer.depositRule === 'first_ever' && previous !== undefined) ||
      (offer.depositRule === 'first_of_day' &&
        previous !== undefined &&
        sameMarketDay(previous.createdAt, latest.createdAt));
    if (notFirst) throw new AppError('BONUS_DEPOSIT_RULE', 409);
    if (latest.balanceBefore >= offer.floor || held.total - latest.amount >= offer.floor)
      throw new AppError('BONUS_BALANCE_NOT_EMPTY', 409);
    // The deposit must still be there, untouched: not withdrawn, not on its way somewhere, not
    // played down (a bonus claimed only after losing would be a bonus on nothing). Money in flight
    // counts as in play above but not as there here: it may be leaving for good (decision 034).
    if (held.total - held.inFlight < latest.amount) throw new AppError('BONUS_DEPOSIT_SPENT', 409);
    return { transferId: latest.transferId, amount: latest.amount };
  }

  /** The bonus credit, from the operator's bonus account (a program's: the member's own), once per grant. */
  async function credit(grant: GrantRow): Promise<void> {
    const walletKey = accountKey.wallet(grant.memberId);
    await ledger.openAccount(walletKey, grant.currency);
    await ledger.transfer({
      idempotencyKey: grantKeys.credit(grant.id),
      debit: creditSourceOf(grant),
      credit: walletKey,
      amount: grant.bonus,
      kind: 'bonus',
      metadata: {
        memberId: grant.memberId,
        grantId: grant.id,
        statement: statementOf('bonus', grant),
      },
    });
    await repository.markCredited(grant.id);
  }

  /** How the statement shows a grant's movement: its offer named in each language. */
  function statementOf(type: 'bonus' | 'finish_bonus', grant: GrantRow) {
    const { channel, code, names } = grant.terms;
    return {
      type,
      from: type === 'bonus' ? channel : 'wallet',
      to: type === 'bonus' ? 'wallet' : channel,
      detail: { kind: channel, code, names, grantId: grant.id },
    };
  }

  /**
   * Claims an offer for a member: refused with the code that says why, else one grant, credited.
   * 20 claims at once give one grant: the offer's row lock orders claims of one offer, and the
   * database's one-active-grant index refuses the rest. The member's wallet row is locked in the
   * claim's transaction, so a withdrawal either comes before the claim (and the claim sees the
   * deposit gone) or after it (and the withdrawal sees the grant; withdrawals.service.ts).
   */
  async function claim(memberId: number, code: string, channel: OfferChannel): Promise<GrantRow> {
    const currency = await options.currencyOf(memberId);
    const walletKey = accountKey.wallet(memberId);
    const players = await games.accounts.accountsOf(memberId);
    // What was played at the providers is booked first: the balances judged below are current.
    await Promise.all(players.map((player) => games.plays.bookPlaysQuietly(memberId, player)));
    // Read before the claim's transaction: the ledger's history and the providers are not part of
    // it (the balances are read again in it, under the wallet's lock).
    const [deposits, held] = await Promise.all([ledger.recentDeposits(walletKey, 2), holdings(memberId)]);
    // Turnover counts rounds after the ones already booked (and played after the claim).
    const cursors = await Promise.all(
      players.map(async (player) => ({
        gameCode: player.gameCode,
        lastRoundId: (await ledger.lastBookedRound(memberId, player.gameCode)) ?? 0,
      })),
    );
    const at = now();
    let grant: GrantRow;
    try {
      grant = await repository.claim(async (q, tx) => {
        const offer = await q.lockOffer(code);
        if (!offer || offer.channel !== channel)
          throw new AppError(channel === 'promotion' ? 'NO_PROMOTION' : 'NO_DATA', 404);
        const open =
          offer.active &&
          (!offer.startsAt || offer.startsAt.getTime() <= at.getTime()) &&
          (!offer.endsAt || at.getTime() < offer.endsAt.getTime());
        if (!open) throw new AppError('BONUS_UNAVAILABLE', 409);
        // The wallet as it is under its lock: nothing moves it, and no other claim of this member
        // gets past here, until this claim is in.
        await ledger.lockedBalance(tx, walletKey);
        const balances = await ledger.memberBalancesIn(tx, memberId);
        const running = await q.activeGrant(memberId);
        if (running) throw runningRefusal(running, offer.id);
        const received = await q.receivedSince(memberId, offer.id, periodStart(offer.type, at));
        if (received >= offer.maxReceived)
          throw new AppError(channel === 'promotion' ? 'PROMOTION_RECEIVED' : 'BONUS_MAX_CLAIMED', 409);
        const current = {
          ...held,
          ...balances,
          total: balances.wallet + balances.games + balances.inFlight,
        };
        const deposit = await qualifyingDeposit(q, offer, deposits, current, at);
        const bonus = rewardOf(offer.reward, deposit.amount);
        if (bonus <= 0n) throw new AppError('BONUS_DEPOSIT_MINIMUM', 409);
        if (offer.budget !== null && offer.granted + bonus > offer.budget)
          throw new AppError('BONUS_FULL', 409);
        await q.addGranted(offer.id, bonus);
        const inserted = await q.insertGrant({
          memberId,
          offerId: offer.id,
          terms: termsOf(offer),
          currency,
          depositTransferId: deposit.transferId,
          deposit: deposit.amount,
          bonus,
          requiredTurnover: requiredTurnover(offer.turnoverMultiple, deposit.amount, bonus),
          state: 'active',
          claimedAt: at,
          expiresAt: new Date(at.getTime() + offer.grantDays * DAY_MS),
        });
        await q.insertCursors(inserted.id, cursors);
        return inserted;
      });
    } catch (error) {
      const violated = uniqueViolation(error);
      // Claims of two offers at once: the index let one through; the others meet it running.
      if (violated === 'promotion_grants_one_active' || violated?.includes('deposit_transfer_id')) {
        const running = await repository.activeGrantOf(memberId);
        if (running) throw runningRefusal(running, (await repository.offerByCode(code))?.id ?? null);
        throw new AppError('BONUS_DEPOSIT_USED', 409);
      }
      throw error;
    }
    await credit(grant);
    return { ...grant, credited: true };
  }

  /**
   * Claims a program's grant (invite bonus, loss refund; decision 020): everything the member's
   * source account holds, credited from it to the wallet in the claim's own transaction, so the
   * grant and its money commit together. Refused while any grant runs (BONUS_REMAINING): 10 claims
   * at once make one grant, the rest meet it running (the wallet's row lock orders them).
   */
  async function claimProgram(memberId: number, claim: ProgramClaim): Promise<GrantRow> {
    const currency = await options.currencyOf(memberId);
    const walletKey = accountKey.wallet(memberId);
    const players = await games.accounts.accountsOf(memberId);
    await Promise.all(players.map((player) => games.plays.bookPlaysQuietly(memberId, player)));
    const cursors = await Promise.all(
      players.map(async (player) => ({
        gameCode: player.gameCode,
        lastRoundId: (await ledger.lastBookedRound(memberId, player.gameCode)) ?? 0,
      })),
    );
    const source = creditSourceOf({ memberId, currency, program: claim.program });
    await ledger.openAccount(walletKey, currency);
    await ledger.openAccount(source, currency);
    const at = now();
    try {
      return await repository.claim(async (q, tx) => {
        await claim.first?.(tx);
        await ledger.lockedBalance(tx, walletKey);
        if (await q.activeGrant(memberId)) throw new AppError('BONUS_REMAINING', 409);
        const held = await ledger.lockedBalance(tx, source);
        const amount = claim.amount ?? held;
        if (amount <= 0n || held < amount) throw new AppError(claim.nothing, 409);
        if (amount < claim.minimum) throw new AppError(claim.tooLittle, 409);
        const inserted = await q.insertGrant({
          memberId,
          offerId: null,
          program: claim.program,
          // NOTE: a floor above the amount would end the grant at its first look and take it all
          // back from a member who has nothing else (decision 020).
          terms: { ...claim.terms, floor: String(min(BigInt(claim.terms.floor), amount)) },
          currency,
          depositTransferId: null,
          deposit: 0n,
          bonus: amount,
          requiredTurnover: requiredTurnover(claim.terms.turnoverMultiple, 0n, amount),
          state: 'active',
          claimedAt: at,
          expiresAt: new Date(at.getTime() + claim.terms.grantDays * DAY_MS),
          credited: true,
        });
        await q.insertCursors(inserted.id, cursors);
        await claim.alongside?.(tx, inserted.id);
        await ledger.transferIn(tx, {
          idempotencyKey: grantKeys.credit(inserted.id),
          debit: source,
          credit: walletKey,
          amount,
          kind: 'bonus',
          metadata: { memberId, grantId: inserted.id, statement: statementOf('bonus', inserted) },
        });
        return inserted;
      });
    } catch (error) {
      if (uniqueViolation(error) === 'promotion_grants_one_active')
        throw new AppError('BONUS_REMAINING', 409);
      throw error;
    }
  }

  /** A claim while a grant runs: the same offer is already active; another keeps it waiting. */
  const runningRefusal = (running: GrantRow, offerId: number | null) =>
    new AppError(running.offerId === offerId ? 'BONUS_ALREADY_ACTIVE' : 'BONUS_REMAINING', 409);

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

  /**
   * Closes a running grant as `state` (or as the state an earlier, cut-off closer chose), making
   * its one take-back movement into the operator's bonus account: never more than the member holds,
   * after the games' balances came back to the wallet through the normal two-phase transfer when
   * the wallet alone does not hold it. Answers false when another closer holds the grant now, or
   * when the take-back could not be made yet (the grant stays closing; the schedule tries again).
   */
  async function close(grant: GrantRow, state: ClosingState): Promise<boolean> {
    const claimed = await repository.claimClosing(grant.id, state, options.closingLeaseMs);
    if (!claimed) return false;
    try {
      const taken = await takeBackFor(grant, claimed.closingState, claimed.lease);
      if (taken === null) {
        await repository.releaseClosing(grant.id, claimed.lease);
        return false;
      }
      return await repository.finishClosing(grant.id, claimed.lease, taken, now());
    } catch (error) {
      await repository.releaseClosing(grant.id, claimed.lease);
      throw error;
    }
  }

  /**
   * The closing movement, made once: what it took (0: nothing to take), or null to try later.
   * The amount is fixed by the first closer that works it out, from everything the member held
   * then, money in flight included (decision 034), and a retry never takes more, whatever the
   * member deposits meanwhile. It is at most what the member holds when taken. When the wallet is
   * short, the games are swept into it, under keys of this closer and attempt, so money the member
   * moves back into a game meanwhile is swept again; what is short in flight is waited for: the
   * grant stays closing until its holds are answered, and the schedule takes it then.
   */
  async function takeBackFor(grant: GrantRow, state: ClosingState, lease: string): Promise<bigint | null> {
    const key = grantKeys.close(grant.id);
    const earlier = await ledger.findTransfer(key);
    if (earlier) return earlier.amount;
    const fixed = grant.closingAmount ?? (await fixTakeBack(grant, state, lease));
    if (fixed === null) return null;
    const walletKey = accountKey.wallet(grant.memberId);
    for (let attempt = 0; attempt < TAKE_BACK_ATTEMPTS; attempt += 1) {
      if (!(await repository.renewClosing(grant.id, lease, options.closingLeaseMs))) return null;
      const held = await holdings(grant.memberId);
      // Never more than the member holds now (money lost in a game meanwhile is not there to take);
      // money in flight is held, so the take waits for it rather than taking less.
      const wanted = min(fixed, held.total);
      if (wanted <= 0n) return 0n;
      if (wanted > held.wallet) {
        if (held.games === 0n) break;
        await games.transfers.sweepToWallet(grant.memberId, `${key}:${lease}:${attempt}`);
        continue;
      }
      try {
        await ledger.transfer({
          idempotencyKey: key,
          debit: walletKey,
          credit: takeBackAccountOf(grant),
          amount: wanted,
          kind: 'bonus_close',
          metadata: {
            memberId: grant.memberId,
            grantId: grant.id,
            state,
            statement: statementOf('finish_bonus', grant),
          },
        });
        return wanted;
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        // The member's money moved between the look and the take (a transfer, a game): look again.
        if (error.code === 'MONEY_NOT_ENOUGH') continue;
        if (error.code === 'IDEMPOTENCY_KEY_REUSED') return (await ledger.findTransfer(key))!.amount;
        throw error;
      }
    }
    // Still short: money in flight, on its way back from a game, or moved away again. Later, not less.
    log.info({ grantId: grant.id, state }, 'take-back waits for money in flight or in the games');
    return null;
  }

  /** Works out what a closing takes back and fixes it with its basis; null when the lease was lost. */
  async function fixTakeBack(grant: GrantRow, state: ClosingState, lease: string): Promise<bigint | null> {
    const players = await games.accounts.accountsOf(grant.memberId);
    // Judged on current balances: what was played is booked first.
    await Promise.all(players.map((player) => games.plays.bookPlaysQuietly(grant.memberId, player)));
    // Deposits after the promotion's own are the member's: they add to what the cap lets keep.
    const since =
      grant.depositTransferId ?? (await ledger.findTransfer(grantKeys.credit(grant.id)))?.id ?? null;
    const [held, later, done] = await Promise.all([
      holdings(grant.memberId),
      since === null ? 0n : ledger.depositsAfter(accountKey.wallet(grant.memberId), since),
      turnoverDone(grant.id),
    ]);
    return repository.fixClosingAmount(
      grant.id,
      lease,
      takeBack(state, closingTermsOf(grant), held.total, later, done),
      {
        wallet: held.wallet.toString(),
        games: held.games.toString(),
        inFlight: held.inFlight.toString(),
        holds: held.holds,
        later: later.toString(),
        done: done.toString(),
      },
    );
  }

  /**
   * Brings a grant up to date: its credit made, its turnover pulled, and closed if its time came
   * (turnover met, under the floor, expired). Answers the grant as it stands after.
   */
  async function refresh(grantId: number): Promise<GrantRow | null> {
    const grant = await repository.grant(grantId);
    if (!grant || grant.state !== 'active') return grant;
    if (!grant.credited) await credit(grant);
    if (grant.closingState) {
      await close(grant, grant.closingState);
      return repository.grant(grantId);
    }
    const current = await pullTurnover(grant);
    const [done, held] = await Promise.all([turnoverDone(grant.id), holdings(grant.memberId)]);
    const due = closingDue({
      done,
      required: grant.requiredTurnover,
      held: held.total,
      floor: BigInt(grant.terms.floor),
      now: now(),
      expiresAt: grant.expiresAt,
      moneyInFlight: held.moving,
      current,
      capped: grant.terms.withdrawCapMultiple !== null,
    });
    if (due) await close(grant, due);
    return repository.grant(grantId);
  }

  return {
    holdings,
    claim,
    claimProgram,
    refresh,
    close,
    turnoverDone,

    /** The member's running grant, brought up to date; null when none runs. */
    async current(memberId: number): Promise<GrantRow | null> {
      const active = await repository.activeGrantOf(memberId);
      if (!active) return null;
      const after = await refresh(active.id);
      return after?.state === 'active' ? after : null;
    },

    /**
     * Refuses a withdrawal while a running grant's turnover is unmet (BONUS_CONDITION); a grant
     * whose turnover is met is completed first, its cap applied.
     */
    async assertWithdrawable(memberId: number): Promise<void> {
      const active = await repository.activeGrantOf(memberId);
      if (!active) return;
      const after = await refresh(active.id);
      if (after?.state !== 'active') return;
      // Met, but closed by another look at this moment, or its cap waits for a provider to
      // answer: the member may ask again shortly.
      if (after.closingState === 'completed' || (await turnoverDone(after.id)) >= after.requiredTurnover)
        throw new AppError('SERVICE_UNAVAILABLE', 503);
      throw new AppError('BONUS_CONDITION', 422);
    },

    /** Whether a grant runs (the withdrawal's second look, after its hold). */
    hasRunningGrant: async (memberId: number) => (await repository.activeGrantOf(memberId)) !== null,

    /** The member cancels: a met turnover completes instead. Answers what was taken back. */
    async cancel(memberId: number): Promise<bigint> {
      const active = await repository.activeGrantOf(memberId);
      if (!active) throw new AppError('NO_DATA', 404);
      let after = await refresh(active.id);
      // A met turnover completes; when it could not complete just now (its cap waits for a
      // provider), cancelling must not take a forfeit the member no longer owes.
      if (
        after?.state === 'active' &&
        !after.closingState &&
        (await turnoverDone(after.id)) >= after.requiredTurnover
      )
        throw new AppError('SERVICE_UNAVAILABLE', 503);
      if (after?.state === 'active') {
        await close(after, 'cancelled');
        after = await repository.grant(active.id);
      }
      // Another process is closing it at this very moment: the member may ask again shortly.
      if (!after || after.state === 'active') throw new AppError('SERVICE_UNAVAILABLE', 503);
      return after.closedAmount ?? 0n;
    },

    /**
     * The schedule: finishes claims cut off before their credit and closings cut off midway, then
     * pulls the turnover of running grants that are due, each claimed by one process (FOR UPDATE
     * SKIP LOCKED), a few at a time. One grant's failure is logged and never stops the others.
     */
    async sweep(stopping: () => boolean = () => false): Promise<number> {
      const work = async (id: number, step: (id: number) => Promise<unknown>) => {
        try {
          await step(id);
        } catch (error) {
          log.warn({ err: error, grantId: id }, 'could not bring a grant up to date');
        }
      };
      const creditOf = async (id: number) => {
        const grant = await repository.grant(id);
        if (grant && !grant.credited) await credit(grant);
      };
      let handled = 0;
      for (const id of await repository.uncredited(30_000)) {
        if (stopping()) return handled;
        await work(id, creditOf);
        handled += 1;
      }
      for (const id of await repository.abandonedClosings()) {
        if (stopping()) return handled;
        await work(id, refresh);
        handled += 1;
      }
      for (let batch = 0; batch < 10 && !stopping(); batch += 1) {
        const due = await repository.claimDue(SWEEP_PARALLEL, options.pullIntervalMs);
        if (due.length === 0) break;
        handled += due.length;
        await Promise.all(due.map((id) => work(id, refresh)));
      }
      return handled;
    },
  };
}

export type GrantEngine = ReturnType<typeof createGrantEngine>;
