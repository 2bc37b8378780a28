/** Market days (UTC+7, all year in Thailand and Laos) as YYYY-MM-DD, and the instants they span. */
const OFFSET_MS = 7 * 3_600_000;
export const DAY_MS = 86_400_000;

/** The instant a market day begins. */
export const dayStart = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) - OFFSET_MS);
/** The market day of an instant. */
export const marketDayOf = (at: Date) => new Date(at.getTime() + OFFSET_MS).toISOString().slice(0, 10);
/** The day `n` days after `day` (before, for a negative n). */
export const addDays = (day: string, n: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + n * DAY_MS).toISOString().slice(0, 10);

/** Every day from `from` to `to`, both included. */
export function daysFrom(from: string, to: string): string[] {
  const days: string[] = [];
  for (let day = from; day <= to; day = addDays(day, 1)) days.push(day);
  return days;
}

/** Runs of consecutive days, as [first, last] pairs. */
export function runsOf(days: string[]): [string, string][] {
  const runs: [string, string][] = [];
  for (const day of [...days].sort()) {
    const last = runs.at(-1);
    if (last && addDays(last[1], 1) === day) last[1] = day;
    else runs.push([day, day]);
  }
  return runs;
}
