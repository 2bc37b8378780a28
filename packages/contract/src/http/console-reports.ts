import { z } from 'zod';

/**
 * The console's reports (issue 28, section 3; decisions 055 and 056). Permission `reports.read`.
 * Days are market days (UTC+7) as YYYY-MM-DD; amounts are integer minor units of the row's
 * currency, signed where a figure can go below zero (a day whose take-backs exceed its credits).
 */

/** The longest range one report reads. */
export const REPORT_MAX_DAYS = 400;

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const dayMs = (day: string) => Date.parse(`${day}T00:00:00Z`);
export const MarketDay = z
  .string()
  .regex(DAY, 'REPORT_RANGE_INVALID')
  .refine((day) => !Number.isNaN(dayMs(day)) && new Date(dayMs(day)).toISOString().startsWith(day), {
    message: 'REPORT_RANGE_INVALID',
  });

/** Days from `from` to `to`, both included. */
export const daysBetween = (from: string, to: string) =>
  Math.round((dayMs(to) - dayMs(from)) / 86_400_000) + 1;

/** `from` to `to`, both included, in order and at most REPORT_MAX_DAYS long. */
export const ReportRange = z
  .object({ from: MarketDay, to: MarketDay })
  .refine((range) => range.from <= range.to && daysBetween(range.from, range.to) <= REPORT_MAX_DAYS, {
    message: 'REPORT_RANGE_INVALID',
  });
export type ReportRange = z.infer<typeof ReportRange>;

export const DailyReportQuery = z
  .object({ from: MarketDay, to: MarketDay, format: z.enum(['json', 'csv']).default('json') })
  .refine((range) => range.from <= range.to && daysBetween(range.from, range.to) <= REPORT_MAX_DAYS, {
    message: 'REPORT_RANGE_INVALID',
  });
export type DailyReportQuery = z.infer<typeof DailyReportQuery>;

const signed = z.int().min(-Number.MAX_SAFE_INTEGER).max(Number.MAX_SAFE_INTEGER);
const count = z.int().nonnegative();

/**
 * One market day in one currency. `deposits` is the sum of `depositChannels`: `slip`, `notice`
 * (a manual notice staff credited), `giftLink`, `qr:<provider>`, `adjustment` (staff's manual
 * deposit), and `sandbox` or `other` where they occur.
 */
export const DailyReportRow = z
  .object({
    day: z.string(),
    currency: z.string(),
    deposits: signed,
    // NOTE: an object with any keys, not z.record: zod's record code would join the shared zod chunk
    // that the member's first download carries (scripts/check-login-budget.mjs).
    depositChannels: z.object({}).catchall(signed),
    withdrawals: signed,
    /** Staff adjustments taken out of wallets (not a withdrawal, not in netCash). */
    adjustmentsOut: signed,
    /** deposits − withdrawals. */
    netCash: signed,
    /** Offers' bonuses credited minus taken back. */
    bonusCost: signed,
    refunds: signed,
    inviteCommission: signed,
    wheelPrizes: signed,
    /** Stakes and payouts of the rounds the providers reported. */
    bets: signed,
    wins: signed,
    /** bets − wins. */
    ggr: signed,
    /** ggr − (bonusCost + refunds + inviteCommission + wheelPrizes). */
    ngr: signed,
    newMembers: count,
    firstDepositors: count,
    activeMembers: count,
  })
  .meta({ id: 'DailyReportRow' });
export type DailyReportRow = z.infer<typeof DailyReportRow>;

export const DailyReportResponse = z
  .object({
    from: z.string(),
    to: z.string(),
    /** Today's market day: its row (if in range) is today so far. */
    today: z.string(),
    rows: z.array(DailyReportRow),
  })
  .meta({ id: 'DailyReportResponse' });
export type DailyReportResponse = z.infer<typeof DailyReportResponse>;

/** The CSV's columns in order: `depositChannels` spread as `deposits_<channel>` after `deposits`. */
export const DAILY_REPORT_COLUMNS = [
  'day',
  'currency',
  'deposits',
  'withdrawals',
  'adjustmentsOut',
  'netCash',
  'bonusCost',
  'refunds',
  'inviteCommission',
  'wheelPrizes',
  'bets',
  'wins',
  'ggr',
  'ngr',
  'newMembers',
  'firstDepositors',
  'activeMembers',
] as const satisfies readonly (keyof DailyReportRow)[];

/** Per game (decision 056): the rounds of the range as the play tally counted them. */
export const GameReportRow = z
  .object({
    gameCode: z.string(),
    currency: z.string(),
    bets: signed,
    wins: signed,
    ggr: signed,
    players: count,
    rounds: count,
  })
  .meta({ id: 'GameReportRow' });
export type GameReportRow = z.infer<typeof GameReportRow>;
export const GameReportResponse = z
  .object({ from: z.string(), to: z.string(), rows: z.array(GameReportRow) })
  .meta({ id: 'GameReportResponse' });
export type GameReportResponse = z.infer<typeof GameReportResponse>;

/** Per offer (decision 056): its grants claimed in the range, and where they stand now. */
export const OfferReportRow = z
  .object({
    code: z.string(),
    currency: z.string(),
    claims: count,
    credited: signed,
    takenBack: signed,
    /** credited − takenBack. */
    cost: signed,
    completed: count,
    cancelled: count,
    expired: count,
    /** Played down under the floor. */
    ended: count,
    running: count,
    averageCompleteSeconds: count.nullable(),
    /** Claims made on the member's first deposit ever. */
    firstDeposits: count,
    /** cost ÷ firstDeposits (rounded), null with none. */
    costPerFirstDeposit: signed.nullable(),
  })
  .meta({ id: 'OfferReportRow' });
export type OfferReportRow = z.infer<typeof OfferReportRow>;
export const OfferReportResponse = z
  .object({ from: z.string(), to: z.string(), rows: z.array(OfferReportRow) })
  .meta({ id: 'OfferReportResponse' });
export type OfferReportResponse = z.infer<typeof OfferReportResponse>;

/** The invite programme (decision 056): top inviters, and self-referrals flagged. */
export const InviteReportResponse = z
  .object({
    from: z.string(),
    to: z.string(),
    inviters: z.array(
      z.object({
        inviterId: z.int(),
        /** The member's name (no phone: marketing and viewers read this too). */
        name: z.string(),
        currency: z.string(),
        invitees: count,
        earned: signed,
        claimed: signed,
      }),
    ),
    flags: z.array(z.object({ inviteeId: z.int(), inviterId: z.int(), reason: z.string(), at: z.string() })),
    flagCount: count,
  })
  .meta({ id: 'InviteReportResponse' });
export type InviteReportResponse = z.infer<typeof InviteReportResponse>;
