import { and, gte, lte } from 'drizzle-orm';
import type { DailyReportResponse, DailyReportRow } from '@wallet/contract/http/console-reports';
import type { Database } from '../../platform/db/database';
import { computeDays, type DailySources } from './daily-figures';
import { addDays, DAY_MS, dayStart, daysFrom, marketDayOf, runsOf } from './market-days';
import { reportDays } from './reports.tables';

/**
 * A closed day is built this long after it ends: any transfer stamped in it has committed (a
 * transfer carries its transaction's start time).
 */
export const SETTLE_MS = 5 * 60_000;
/**
 * A day's sources may still change this long after it ends: the play tally counts rounds when the
 * rewards' periods close, catching up a week after an outage (decision 020). Built later, final.
 */
export const FINAL_AFTER_MS = 8 * DAY_MS;
/** A day not final yet is built again when its last build is this old. */
const REBUILD_AFTER_MS = 10 * 60_000;
/** The schedule builds at most this far back (an older missing day is computed when read). */
const BUILD_BACK_DAYS = 40;

export interface DailyReportOptions {
  db: Database;
  sources: DailySources;
  /** The currency of a day that saw no money (the market's). */
  currency: string;
  now: () => Date;
}

/**
 * The daily profit and loss (issue 28 section 3, decision 055): closed days from `report_days`,
 * built by the schedule from the sources; today, and any closed day not built yet, computed from
 * the sources when read. So every figure is what the ledger and the tally say.
 */
export function createDailyReport(options: DailyReportOptions) {
  const { db, sources, currency, now } = options;

  async function stored(from: string, to: string): Promise<Map<string, DailyReportRow[]>> {
    const rows = await db
      .select({ day: reportDays.day, rows: reportDays.rows })
      .from(reportDays)
      .where(and(gte(reportDays.day, from), lte(reportDays.day, to)));
    return new Map(rows.map((row) => [row.day, row.rows]));
  }

  /** Computes the days from their sources, run by run of consecutive days. */
  async function computed(days: string[]): Promise<Map<string, DailyReportRow[]>> {
    const all = new Map<string, DailyReportRow[]>();
    for (const [first, last] of runsOf(days))
      for (const [day, rows] of await computeDays(sources, first, last, currency)) all.set(day, rows);
    return all;
  }

  async function build(day: string, at: Date): Promise<void> {
    const rows = (await computeDays(sources, day, day, currency)).get(day)!;
    await db
      .insert(reportDays)
      .values({ day, rows, builtAt: at })
      .onConflictDoUpdate({ target: reportDays.day, set: { rows, builtAt: at } });
  }

  return {
    /** The rows from `from` to `to` (market days, both included), by day then currency. */
    async report(from: string, to: string): Promise<DailyReportResponse> {
      const today = marketDayOf(now());
      const closedTo = to < today ? to : addDays(today, -1);
      const have = from <= closedTo ? await stored(from, closedTo) : new Map<string, DailyReportRow[]>();
      const missing = daysFrom(from, to).filter((day) => !have.has(day));
      const live = await computed(missing);
      const rows = daysFrom(from, to).flatMap((day) => have.get(day) ?? live.get(day) ?? []);
      return { from, to, today, rows };
    },

    /**
     * The schedule's run: builds each closed day of the last BUILD_BACK_DAYS that is missing, and
     * builds again one not final whose last build is REBUILD_AFTER_MS old. Idempotent: any process
     * may run it at any time; two runs at once write the same rows. Answers the days built.
     */
    async rebuild(stopping: () => boolean = () => false): Promise<number> {
      const at = now();
      const today = marketDayOf(at);
      const first = addDays(today, -BUILD_BACK_DAYS);
      const builtAt = new Map(
        (
          await db
            .select({ day: reportDays.day, builtAt: reportDays.builtAt })
            .from(reportDays)
            .where(gte(reportDays.day, first))
        ).map((row) => [row.day, row.builtAt.getTime()]),
      );
      let built = 0;
      for (const day of daysFrom(first, addDays(today, -1))) {
        if (stopping()) break;
        const end = dayStart(addDays(day, 1)).getTime();
        if (at.getTime() < end + SETTLE_MS) continue;
        const last = builtAt.get(day);
        const final = last !== undefined && last >= end + FINAL_AFTER_MS;
        if (final || (last !== undefined && at.getTime() - last < REBUILD_AFTER_MS)) continue;
        await build(day, at);
        built += 1;
      }
      return built;
    },

    /** The stored days and what their sources say now, for `ledger:check` (decision 055). */
    async storedAndComputed(first: string, last: string) {
      return { stored: await stored(first, last), computed: await computed(daysFrom(first, last)) };
    },
  };
}

export type DailyReport = ReturnType<typeof createDailyReport>;
