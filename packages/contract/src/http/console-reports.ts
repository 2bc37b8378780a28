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
    depositChannels: z.record(z.string(), signed),
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
