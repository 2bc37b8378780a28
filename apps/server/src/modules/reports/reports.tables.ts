import { date, jsonb, pgTable, timestamp } from 'drizzle-orm/pg-core';
import type { DailyReportRow } from '@wallet/contract/http/console-reports';

/**
 * The daily report's closed market days (decision 055), each rebuilt from the ledger and the play
 * tally as a whole by the reports schedule: a cache of what those sources say, never a counter
 * kept beside them. `ledger:check` recomputes them and reports a day that differs.
 */
export const reportDays = pgTable('report_days', {
  /** The market day (UTC+7). */
  day: date('day', { mode: 'string' }).primaryKey(),
  /** Its rows, one per currency. */
  rows: jsonb('rows').$type<DailyReportRow[]>().notNull(),
  /** When it was built: a day built after its sources stop changing (FINAL_AFTER_MS) is final. */
  builtAt: timestamp('built_at', { withTimezone: true }).notNull(),
});
