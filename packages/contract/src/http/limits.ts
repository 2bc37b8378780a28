import { z } from 'zod';

/**
 * Play limits (issue 29, decision 061): deposit and loss limits per day, week and month, a
 * reality check, a time-out and a self-exclusion, set by the member and enforced by the server.
 * Amounts are integer minor units; null: no limit.
 */

export const LIMIT_KINDS = ['deposit', 'loss'] as const;
export type LimitKind = (typeof LIMIT_KINDS)[number];
export const LIMIT_PERIODS = ['day', 'week', 'month'] as const;
export type LimitPeriod = (typeof LIMIT_PERIODS)[number];
export const REALITY_CHECK_MINUTES = [30, 60, 120] as const;
export const TIMEOUT_DAYS = [1, 7, 30, 42] as const;
/** null: for good. */
export const EXCLUSION_MONTHS = [6, 12, 60] as const;
/** A loosening waits this long before a confirmation can make it hold. */
export const LIMIT_COOLING_OFF_MS = 24 * 3_600_000;
/** A self-exclusion over, the member asks, and it lifts this long after. */
export const EXCLUSION_LIFT_MS = 7 * 24 * 3_600_000;

/** A limit's amount: at least 1 minor unit, at most a trillion; null: none. */
const LimitAmount = z.number().int().min(1).max(1_000_000_000_000).nullable();

// NOTE: strict: a key the server does not know is refused (INVALID_INPUT), never ignored, so a
// member's (or a client's) misspelt limit cannot pass for a change made (decision 062).
export const LimitSet = z.strictObject({ day: LimitAmount, week: LimitAmount, month: LimitAmount });
export type LimitSet = z.infer<typeof LimitSet>;

export const LimitsUpdate = z.strictObject({
  deposit: LimitSet,
  loss: LimitSet,
  realityCheckMinutes: z.union([z.literal(30), z.literal(60), z.literal(120)]).nullable(),
});
export type LimitsUpdate = z.infer<typeof LimitsUpdate>;

/** One limit: the value in force, what the period used, and a loosening waiting to be confirmed. */
export const LimitView = z.object({
  value: z.number().int().nullable(),
  used: z.number().int(),
  /** The period's end, when `used` starts again from 0 (ISO). */
  resetsAt: z.string(),
  pending: z
    .object({
      value: z.number().int().nullable(),
      /** From this moment a confirmation makes it hold (ISO). */
      from: z.string(),
      confirmable: z.boolean(),
    })
    .nullable(),
});
export type LimitView = z.infer<typeof LimitView>;

const LimitViews = z.object({ day: LimitView, week: LimitView, month: LimitView });

export const LimitsResponse = z
  .object({
    deposit: LimitViews,
    loss: LimitViews,
    /** What can still be deposited now (the lowest room of the three); null: no deposit limit. */
    depositRemaining: z.number().int().nullable(),
    realityCheckMinutes: z.number().int().nullable(),
    /**
     * The play session's clock: its start and latest move toward play (ISO), and its result (wins
     * minus bets, minor units) counted in whole hours from `resultSince` (the start's hour), or null.
     */
    session: z
      .object({
        startedAt: z.string(),
        lastAt: z.string(),
        result: z.number().int(),
        resultSince: z.string(),
      })
      .nullable(),
    timeout: z.object({ until: z.string() }).nullable(),
    selfExclusion: z
      .object({
        since: z.string(),
        /** null: for good. */
        until: z.string().nullable(),
        /** When it lifts, once asked after it ended (ISO), or null. */
        liftAt: z.string().nullable(),
      })
      .nullable(),
  })
  .meta({ id: 'LimitsResponse' });
export type LimitsResponse = z.infer<typeof LimitsResponse>;

export const TimeoutRequest = z.strictObject({
  days: z.union([z.literal(1), z.literal(7), z.literal(30), z.literal(42)]),
});
export type TimeoutRequest = z.infer<typeof TimeoutRequest>;

export const SelfExclusionRequest = z.strictObject({
  months: z.union([z.literal(6), z.literal(12), z.literal(60)]).nullable(),
});
export type SelfExclusionRequest = z.infer<typeof SelfExclusionRequest>;

/**
 * Staff tighten a member's limits (issue 29, the money desk's member view): each value given holds
 * at once and must be at or under the one in force; null leaves that limit as it is. A loosening is
 * refused (LIMIT_STAFF_TIGHTEN_ONLY) and changes nothing.
 */
export const StaffLimitsUpdate = z.strictObject({ deposit: LimitSet, loss: LimitSet });
export type StaffLimitsUpdate = z.infer<typeof StaffLimitsUpdate>;

/**
 * One change of a member's limits or states, by the member (staff null) or staff: a limit's kind,
 * period and values (minor units as text; null: none), or a state's new end (ISO) in `after`.
 */
export const LimitEvent = z.object({
  what: z.string(),
  kind: z.string().nullable(),
  period: z.string().nullable(),
  before: z.string().nullable(),
  after: z.string().nullable(),
  staff: z.object({ id: z.number().int(), username: z.string() }).nullable(),
  at: z.string(),
});

export const StaffLimitsResponse = z
  .object({ limits: LimitsResponse, history: z.array(LimitEvent) })
  .meta({ id: 'StaffLimitsResponse' });
export type StaffLimitsResponse = z.infer<typeof StaffLimitsResponse>;

/** The statement's net deposits (deposits minus withdrawals) over the last 3 and 12 months. */
export const NetDepositsResponse = z
  .object({ threeMonths: z.number().int(), twelveMonths: z.number().int() })
  .meta({ id: 'NetDepositsResponse' });
export type NetDepositsResponse = z.infer<typeof NetDepositsResponse>;
