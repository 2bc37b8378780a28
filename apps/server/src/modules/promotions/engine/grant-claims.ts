import type { OfferChannel } from '@wallet/contract/http/bonus';
import type { ErrorCode } from '@wallet/contract/errors';
import { AppError } from '../../../platform/errors';
import { uniqueViolation } from '../../../platform/db/unique-violation';
import { accountKey, type CreditedDeposit } from '../../ledger/ledger.service';
import type { GrantContext, Holdings } from './grant-engine';
import { creditSourceOf, grantKeys, statementOf } from './grant-movements';
import { periodStart, requiredTurnover, rewardOf, sameMarketDay } from './grant-rules';
import type { ClaimQueries, Executor, GrantRow } from './grants.repository';
import { offerIn, type OfferIn } from './offer-amounts';
import type { GrantTerms } from './grants.tables';

const DAY_MS = 86_400_000;
const min = (a: bigint, b: bigint) => (a < b ? a : b);

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

/**
 * An offer's terms as a grant copies them, in the member's currency (decision 067): a later edit
 * of the offer never changes a running grant.
 */
export function termsOf(offer: OfferIn): GrantTerms {
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

/** Claims of offers and of programs, and the credit each grant makes once (decision 019). */
export function createGrantClaims(context: GrantContext) {
  const { ledger, games, repository, now, holdings } = context;
  const options = context;

  /**
   * The deposit a claim of this offer is made on (decision 019): the member's latest credited
   * deposit, not used by a grant before, at most `depositWithinMinutes` old, at least the minimum,
   * first of all or of the day when the offer says so, with nothing else worth the floor in play
   * (the wallet before it, and everything now besides it, money in flight included). An offer of a
   * fixed amount without a minimum deposit needs no deposit, only nothing in play.
   */
  async function qualifyingDeposit(
    q: ClaimQueries,
    offer: OfferIn,
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

  /**
   * The one rule of whether a member may claim an offer now (the claim itself, and what home and
   * the deposit's success tell the member: `claimable`): the offer open, no grant running, not
   * received up to its count in its period, a qualifying deposit, a bonus above 0 within budget.
   * Throws the refusal's AppError; answers the deposit and the bonus.
   */
  async function judge(
    q: ClaimQueries,
    offer: OfferIn,
    memberId: number,
    deposits: CreditedDeposit[],
    held: Holdings,
    at: Date,
  ): Promise<{ deposit: { transferId: number | null; amount: bigint }; bonus: bigint }> {
    const channel = offer.channel;
    const open =
      offer.active &&
      (!offer.startsAt || offer.startsAt.getTime() <= at.getTime()) &&
      (!offer.endsAt || at.getTime() < offer.endsAt.getTime());
    if (!open) throw new AppError('BONUS_UNAVAILABLE', 409);
    const running = await q.activeGrant(memberId);
    if (running) throw runningRefusal(running, offer.id);
    const received = await q.receivedSince(memberId, offer.id, periodStart(offer.type, at));
    if (received >= offer.maxReceived)
      throw new AppError(channel === 'promotion' ? 'PROMOTION_RECEIVED' : 'BONUS_MAX_CLAIMED', 409);
    const deposit = await qualifyingDeposit(q, offer, deposits, held, at);
    const bonus = rewardOf(offer.reward, deposit.amount);
    if (bonus <= 0n) throw new AppError('BONUS_DEPOSIT_MINIMUM', 409);
    if (offer.budget !== null && offer.granted + bonus > offer.budget) throw new AppError('BONUS_FULL', 409);
    return { deposit, bonus };
  }

  /**
   * The bonus offers the member's latest deposit would get if claimed now (issue 31): each judged
   * by `judge`, the claim's own rule, on what the member holds now, with nothing locked or written.
   * Offers that need no deposit are left out (nothing was deposited for them). `until`: when the
   * deposit becomes too old for the offer (or the offer ends), whichever is first.
   * NOTE: plays not booked yet are not booked here (home's read of the wallet books them first).
   */
  async function claimable(
    memberId: number,
  ): Promise<{ offer: OfferIn; deposit: bigint; bonus: bigint; until: Date }[]> {
    const walletKey = accountKey.wallet(memberId);
    const [deposits, held, rows, currency] = await Promise.all([
      ledger.recentDeposits(walletKey, 2),
      holdings(memberId),
      repository.offers('bonus'),
      options.currencyOf(memberId),
    ]);
    // In the member's currency's figures, as the claim judges them (decision 067).
    const offers = rows.map((row) => offerIn(row, currency));
    if (deposits.length === 0) return [];
    const at = now();
    return repository.reads(async (q) => {
      const found = [];
      for (const offer of offers) {
        try {
          const { deposit, bonus } = await judge(q, offer, memberId, deposits, held, at);
          if (deposit.transferId === null) continue;
          const stale = deposits[0]!.createdAt.getTime() + offer.depositWithinMinutes * 60_000;
          const until = new Date(Math.min(stale, offer.endsAt?.getTime() ?? stale));
          found.push({ offer, deposit: deposit.amount, bonus, until });
        } catch (error) {
          if (!(error instanceof AppError)) throw error;
        }
      }
      return found;
    });
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
        const locked = await q.lockOffer(code);
        if (!locked || locked.channel !== channel)
          throw new AppError(channel === 'promotion' ? 'NO_PROMOTION' : 'NO_DATA', 404);
        // The member's currency's figures (decision 067): a kip deposit meets the kip minimum.
        const offer = offerIn(locked, currency);
        // The wallet as it is under its lock: nothing moves it, and no other claim of this member
        // gets past here, until this claim is in.
        await ledger.lockedBalance(tx, walletKey);
        const balances = await ledger.memberBalancesIn(tx, memberId);
        const current = {
          ...held,
          ...balances,
          total: balances.wallet + balances.games + balances.inFlight,
        };
        const { deposit, bonus } = await judge(q, offer, memberId, deposits, current, at);
        await q.addGranted(offer.id, currency, bonus);
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

  return { claim, claimProgram, claimable, credit };
}
