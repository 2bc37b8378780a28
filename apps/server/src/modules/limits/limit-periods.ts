import type { LimitPeriod } from '@wallet/contract/http/limits';
import { marketDay } from '../promotions/rewards/rewards.service';

/**
 * The running day, week and month of a play limit, in the market's time (decision 061): Thailand
 * and Laos keep UTC+7 all year, the market day that withdrawals' daily count and the loss refund
 * already use. Weeks start on Monday, months on their first day; each starts at market midnight.
 */
const MARKET_OFFSET = '+07:00';
const DAY_MS = 86_400_000;

export interface RunningPeriod {
  start: Date;
  end: Date;
}

const midnight = (day: string) => new Date(`${day}T00:00:00${MARKET_OFFSET}`);

export function runningPeriod(period: LimitPeriod, now: Date): RunningPeriod {
  const day = marketDay(now);
  const today = midnight(day);
  if (period === 'day') return { start: today, end: new Date(today.getTime() + DAY_MS) };
  if (period === 'week') {
    // getUTCDay of the market date itself: 0 Sunday ... 6 Saturday; Monday starts the week.
    const weekday = (new Date(`${day}T00:00:00Z`).getUTCDay() + 6) % 7;
    const start = new Date(today.getTime() - weekday * DAY_MS);
    return { start, end: new Date(start.getTime() + 7 * DAY_MS) };
  }
  const [year, month] = day.split('-').map(Number) as [number, number];
  const next = month === 12 ? `${year + 1}-01-01` : `${year}-${String(month + 1).padStart(2, '0')}-01`;
  return { start: midnight(`${day.slice(0, 7)}-01`), end: midnight(next) };
}

/** `months` calendar months after `from` (the day clipped to the month's last), for an exclusion's end. */
export function monthsAfter(from: Date, months: number): Date {
  const to = new Date(from);
  const day = to.getUTCDate();
  to.setUTCDate(1);
  to.setUTCMonth(to.getUTCMonth() + months);
  const last = new Date(Date.UTC(to.getUTCFullYear(), to.getUTCMonth() + 1, 0)).getUTCDate();
  to.setUTCDate(Math.min(day, last));
  return to;
}
