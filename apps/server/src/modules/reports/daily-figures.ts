import type { DailyReportRow } from '@wallet/contract/http/console-reports';
import { dayStart, addDays, daysFrom } from './market-days';

/**
 * Where the daily report's figures come from (decision 055): the ledger's transfers, the play
 * tally of the providers' rounds, and members' registrations. Each answers per market day and
 * currency over the instants [from, to).
 */
export interface DailySources {
  /** Sums per figure: `deposit:<channel>`, `withdrawal`, `adjustmentOut`, `bonusCost`, ... */
  ledgerFigures(
    from: Date,
    to: Date,
  ): Promise<{ day: string; currency: string; figure: string; amount: bigint }[]>;
  ledgerMembers(
    from: Date,
    to: Date,
  ): Promise<{ day: string; currency: string; activeMembers: number; firstDepositors: number }[]>;
  play(from: Date, to: Date): Promise<{ day: string; currency: string; bets: bigint; wins: bigint }[]>;
  signups(from: Date, to: Date): Promise<{ day: string; currency: string; count: number }[]>;
}

const blank = (day: string, currency: string): DailyReportRow => ({
  day,
  currency,
  deposits: 0,
  depositChannels: {},
  withdrawals: 0,
  adjustmentsOut: 0,
  netCash: 0,
  bonusCost: 0,
  refunds: 0,
  inviteCommission: 0,
  wheelPrizes: 0,
  bets: 0,
  wins: 0,
  ggr: 0,
  ngr: 0,
  newMembers: 0,
  firstDepositors: 0,
  activeMembers: 0,
});

/** Figures of the ledger that are one field of the row each. */
const FIELDS = {
  withdrawal: 'withdrawals',
  adjustmentOut: 'adjustmentsOut',
  bonusCost: 'bonusCost',
  refunds: 'refunds',
  inviteCommission: 'inviteCommission',
  wheelPrizes: 'wheelPrizes',
} as const satisfies Record<string, keyof DailyReportRow>;

/**
 * The rows of the days `first` to `last`: one per day and currency that day saw, and one in
 * `currency` for a day that saw none (a chart has every day). Sorted by day, then currency.
 */
export async function computeDays(
  sources: DailySources,
  first: string,
  last: string,
  currency: string,
): Promise<Map<string, DailyReportRow[]>> {
  const from = dayStart(first);
  const to = dayStart(addDays(last, 1));
  const [figures, members, play, signups] = await Promise.all([
    sources.ledgerFigures(from, to),
    sources.ledgerMembers(from, to),
    sources.play(from, to),
    sources.signups(from, to),
  ]);
  const rows = new Map<string, DailyReportRow>();
  const rowOf = (day: string, unit: string) => {
    const key = `${day} ${unit}`;
    let row = rows.get(key);
    if (!row) rows.set(key, (row = blank(day, unit)));
    return row;
  };
  for (const { day, currency: unit, figure, amount } of figures) {
    const row = rowOf(day, unit);
    if (figure.startsWith('deposit:')) row.depositChannels[figure.slice('deposit:'.length)] = Number(amount);
    else if (figure in FIELDS) row[FIELDS[figure as keyof typeof FIELDS]] = Number(amount);
  }
  for (const entry of members) {
    const row = rowOf(entry.day, entry.currency);
    row.activeMembers = entry.activeMembers;
    row.firstDepositors = entry.firstDepositors;
  }
  for (const entry of play) {
    const row = rowOf(entry.day, entry.currency);
    row.bets = Number(entry.bets);
    row.wins = Number(entry.wins);
  }
  for (const entry of signups) rowOf(entry.day, entry.currency).newMembers = entry.count;
  const byDay = new Map<string, DailyReportRow[]>();
  for (const day of daysFrom(first, last)) byDay.set(day, []);
  for (const row of rows.values()) {
    row.deposits = Object.values(row.depositChannels).reduce((sum, amount) => sum + amount, 0);
    row.netCash = row.deposits - row.withdrawals;
    row.ggr = row.bets - row.wins;
    row.ngr = row.ggr - (row.bonusCost + row.refunds + row.inviteCommission + row.wheelPrizes);
    byDay.get(row.day)?.push(row);
  }
  for (const [day, dayRows] of byDay) {
    if (dayRows.length === 0) dayRows.push(blank(day, currency));
    dayRows.sort((a, b) => a.currency.localeCompare(b.currency));
  }
  return byDay;
}
