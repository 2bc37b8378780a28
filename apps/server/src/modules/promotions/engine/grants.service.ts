import type { Currency } from '@wallet/contract/money';
import type { Database } from '../../../platform/db/database';
import { createGrantEngine, type GrantEngineOptions, type ProgramClaim } from './grant-engine';
import { createGrantsRepository } from './grants.repository';
import { createOfferRecords } from './offer-records';
import { programTerms, type ProgramTerms } from './program-terms';

export { termsOf, type GrantEngine, type ProgramClaim } from './grant-engine';
export { offerIn, type OfferIn } from './offer-amounts';
export { capOf, forfeitOnCancel } from './grant-rules';
export { ProgramTerms, programTerms } from './program-terms';
export type { Executor, GrantRow, NewOffer, OfferRow } from './grants.repository';
export type { GrantTerms, LocalText, StoredBanner } from './grants.tables';
export type { OfferChangeQueries, OfferCounts } from './offer-records';

/** The engine's options but those this service sets (its repository, lease and pull interval). */
export interface GrantsServiceOptions extends Omit<
  GrantEngineOptions,
  'repository' | 'closingLeaseMs' | 'pullIntervalMs'
> {
  db: Database;
  /** How long a provider call may take (a closing may sweep every game: its lease covers that). */
  providerTimeoutMs: number;
}

/** How often the schedule pulls each running grant's turnover. */
const PULL_INTERVAL_MS = 5 * 60_000;

/**
 * The grant engine as the other parts of promotions and other modules see it (decision 019, and
 * 042 for the folders): bonus (`bonus/`), the invite bonus and loss refund (`rewards/`) and the spin
 * wheel's bonus prizes make and read grants only through this service.
 */
export function createGrantsService(options: GrantsServiceOptions) {
  const repository = createGrantsRepository(options.db);
  const engine = createGrantEngine({
    ...options,
    repository,
    closingLeaseMs: 4 * options.providerTimeoutMs + 10_000,
    pullIntervalMs: PULL_INTERVAL_MS,
  });

  return {
    engine,

    /** Offers (bonus and promotion codes) as recorded; running grants keep the terms they copied. */
    offers: {
      /** Adds offers whose code is new; an offer the operator changed is left as it is. */
      seed: (offers: Parameters<typeof repository.seedOffers>[0]) => repository.seedOffers(offers),
      list: (channel: 'bonus' | 'promotion') => repository.offers(channel),
      byCode: (code: string) => repository.offerByCode(code),
      byId: (id: number) => repository.offerById(id),
      update: (code: string, changes: Parameters<typeof repository.updateOffer>[1]) =>
        repository.updateOffer(code, changes),
      /** Staff's view and changes (the console's offers screen): paused offers too, grants counted. */
      records: createOfferRecords(options.db),
    },

    /** The member's grants, newest first. */
    grantsOf: (memberId: number) => repository.grantsOf(memberId),
    /** The member's latest grants with their turnover counted so far (the console's member view). */
    historyOf: (memberId: number, limit: number) => repository.historyOf(memberId, limit),
    /** The member's running grant as recorded (not brought up to date). */
    activeGrantOf: (memberId: number) => repository.activeGrantOf(memberId),
    /** A grant's turnover counted per game. */
    turnoverOf: (grantId: number) => repository.turnoverOf(grantId),
    /** When each of the member's grants ran (the loss refund leaves their rounds out). */
    grantWindows: (memberId: number) => repository.grantWindows(memberId),

    /** Refuses a withdrawal while a grant's turnover is unmet (the withdrawals module asks). */
    assertWithdrawable: (memberId: number) => engine.assertWithdrawable(memberId),

    /** The bonus schedule: the running grants brought up to date (platform/jobs.ts runs it). */
    sweep: (stopping: () => boolean = () => false) => engine.sweep(stopping),

    /**
     * A spin-wheel bonus prize claimed (decision 021): a grant on the prize's terms, credited with
     * `amount` from the member's prize account; in the claim's transaction the coupon is locked
     * `first` (before the accounts, as every other path of coupons does) and marked claimed
     * `alongside` the grant. Refused with BONUS_REMAINING while another grant runs.
     */
    grantPrize: (
      memberId: number,
      prize: { amount: bigint; terms: ProgramTerms; currency: Currency },
      coupon: Required<Pick<ProgramClaim, 'first' | 'alongside'>>,
    ) =>
      engine.claimProgram(memberId, {
        program: 'prize',
        terms: programTerms('prize', prize.terms, prize.currency),
        amount: prize.amount,
        ...coupon,
        minimum: 0n,
        tooLittle: 'NO_CLAIMABLE_COUPON',
        nothing: 'NO_CLAIMABLE_COUPON',
      }),
  };
}

export type GrantsService = ReturnType<typeof createGrantsService>;
