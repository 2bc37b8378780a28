import type { FastifyBaseLogger } from 'fastify';
import type { Currency } from '@wallet/contract/money';
import type { GameProvider } from '../../../adapters/game-provider/game-provider';
import { AppError } from '../../../platform/errors';
import type { GamesService } from '../../games/games.service';
import type { LedgerService, MemberHoldings } from '../../ledger/ledger.service';
import { createGrantClaims } from './grant-claims';
import { createGrantClosing } from './grant-closing';
import { createGrantTurnover } from './grant-turnover';
import { closingDue } from './grant-rules';
import type { GrantRow, GrantsRepository } from './grants.repository';

export { termsOf, type ProgramClaim } from './grant-claims';
export { creditSourceOf, grantKeys } from './grant-movements';

export interface GrantEngineOptions {
  ledger: LedgerService;
  games: GamesService;
  provider: GameProvider;
  repository: GrantsRepository;
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

/** What the engine's parts share: its options and the one read of what a member holds. */
export interface GrantContext extends GrantEngineOptions {
  holdings: (memberId: number) => Promise<Holdings>;
}

/** Grants the schedule brings up to date at once. */
const SWEEP_PARALLEL = 4;

/**
 * The grant engine (docs/decisions/019-bonus-grant-engine.md): claims an offer as a grant, counts
 * its turnover from the providers' round history, and closes it (completed, cancelled, ended under
 * the floor, expired) with the one ledger movement each closing makes. Later kinds of reward
 * (refunds, invite bonuses, prizes) are offers of their own on this same engine.
 */
export function createGrantEngine(options: GrantEngineOptions) {
  const { ledger, repository, now, log } = options;

  async function holdings(memberId: number): Promise<Holdings> {
    // NOTE: one statement: balances, money in flight and its holds from one snapshot of the ledger.
    return ledger.memberHoldings(memberId);
  }

  const context: GrantContext = { ...options, holdings };
  const { claim, claimProgram, claimable, credit } = createGrantClaims(context);
  const { pullTurnover, turnoverDone } = createGrantTurnover(context);
  const { close } = createGrantClosing(context, { turnoverDone });

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
    claimable,
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
