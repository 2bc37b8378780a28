/**
 * Periods of the loss refund and of the invite bonus's loss rule (decision 020). Thailand
 * (Asia/Bangkok) and Laos (Asia/Vientiane) keep UTC+7 all year, without daylight saving, so a
 * period closes at the same UTC instant every day. Periods close on whole hours: play is counted
 * per hour (play_tally), so any closing hour sums whole buckets.
 */
const MARKET_OFFSET_MS = 7 * 3_600_000;
const HOUR_MS = 3_600_000;
const DAY_MS = 86_400_000;

export interface Period {
  start: Date;
  end: Date;
}

/**
 * The latest period that closed at or before `now`, and when the running one closes. Days close
 * at `closeHour` market time; weeks on Monday at that hour.
 */
export function lastClosedPeriod(
  length: 'day' | 'week',
  closeHour: number,
  now: Date,
): Period & { nextEnd: Date } {
  // Market time shifted back by the closing hour: a period then starts at a shifted midnight.
  const shifted = now.getTime() + MARKET_OFFSET_MS - closeHour * HOUR_MS;
  let days = Math.floor(shifted / DAY_MS);
  // 1970-01-01 was a Thursday: shifted so that Monday is day 0 of a week.
  if (length === 'week') days -= (days + 3) % 7;
  const end = days * DAY_MS - MARKET_OFFSET_MS + closeHour * HOUR_MS;
  const span = length === 'week' ? 7 * DAY_MS : DAY_MS;
  return { start: new Date(end - span), end: new Date(end), nextEnd: new Date(end + span) };
}

/**
 * A period is closed this long after its end: a round played just before the end may reach the
 * provider's history of settled rounds a little later.
 */
export const CLOSE_GRACE_MS = 10 * 60_000;

/** The instant whose last closed period is the one closed at `now` (its grace passed). */
export const graced = (now: Date) => new Date(now.getTime() - CLOSE_GRACE_MS);

/** The market day of an instant, as YYYY-MM-DD (a daily cap counts per this day). */
export function marketDay(at: Date): string {
  return new Date(at.getTime() + MARKET_OFFSET_MS).toISOString().slice(0, 10);
}

/** The hour an instant falls in (the bucket of play_tally). */
export function hourOf(at: Date): Date {
  return new Date(Math.floor(at.getTime() / HOUR_MS) * HOUR_MS);
}
