import { asc } from 'drizzle-orm';
import type { DailyReportRow } from '@wallet/contract/http/console-reports';
import type { Database } from '../../platform/db/database';
import { computeDays, type DailySources } from './daily-figures';
import { FINAL_AFTER_MS } from './daily-report.service';
import { addDays, dayStart } from './market-days';
import { reportDays } from './reports.tables';

/** Figures the play tally gives: they may still change until the day is final. */
const TALLY_FIGURES = new Set<keyof DailyReportRow>(['bets', 'wins', 'ggr', 'ngr']);
/** A value as JSON whatever the order of its keys (the deposit channels). */
const stable = (value: unknown) =>
  JSON.stringify(value ?? null, value && typeof value === 'object' ? Object.keys(value).sort() : undefined);

/**
 * For `ledger:check` (decision 055): every built day of the daily report equals what its sources
 * say now. The ledger's figures always; the play tally's once the day was built final (before, the
 * tally may have counted late rounds since the last build, which the next build takes in).
 */
export async function checkReportDays(
  db: Database,
  sources: DailySources,
  currency: string,
): Promise<string[]> {
  const built = await db.select().from(reportDays).orderBy(asc(reportDays.day));
  const problems: string[] = [];
  for (const { day, rows, builtAt } of built) {
    const final = builtAt.getTime() >= dayStart(addDays(day, 1)).getTime() + FINAL_AFTER_MS;
    const now = (await computeDays(sources, day, day, currency)).get(day)!;
    const keyOf = (row: DailyReportRow) => row.currency;
    for (const row of [...rows, ...now.filter((one) => !rows.some((r) => keyOf(r) === keyOf(one)))]) {
      const fresh = now.find((one) => keyOf(one) === keyOf(row));
      const kept = rows.find((one) => keyOf(one) === keyOf(row));
      const differ = Object.keys({ ...fresh, ...kept }).filter(
        (field) =>
          (final || !TALLY_FIGURES.has(field as keyof DailyReportRow)) &&
          stable(fresh?.[field as keyof DailyReportRow]) !== stable(kept?.[field as keyof DailyReportRow]),
      );
      if (differ.length > 0)
        problems.push(
          `report day ${day} ${row.currency}: built ${differ.join(', ')} differ from the ledger now`,
        );
    }
  }
  return problems;
}
