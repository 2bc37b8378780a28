import { DAILY_REPORT_COLUMNS, type DailyReportRow } from '@wallet/contract/http/console-reports';

/**
 * A text cell, quoted. A spreadsheet would read a cell starting with =, +, -, @, tab or carriage
 * return as a formula: such text gets an apostrophe first (CSV injection). Numbers go as they are
 * (a negative amount is a number, not a formula).
 */
function cell(value: string | number): string {
  if (typeof value === 'number') return String(value);
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return `"${safe.replaceAll('"', '""')}"`;
}

const line = (cells: (string | number)[]) => `${cells.map(cell).join(',')}\r\n`;

/** The deposit channels any of the rows has, in a stable order. */
export const channelsOf = (rows: DailyReportRow[]) =>
  [...new Set(rows.flatMap((row) => Object.keys(row.depositChannels)))].sort();

/**
 * The daily report as CSV: a byte-order mark (spreadsheets then read UTF-8), a header row of the
 * JSON's field names with each deposit channel as `deposits_<channel>` after `deposits`, then one
 * line per row (a channel a row lacks is 0).
 */
export function dailyReportCsv(rows: DailyReportRow[]): string {
  const channels = channelsOf(rows);
  const header = DAILY_REPORT_COLUMNS.flatMap((column) =>
    column === 'deposits' ? [column, ...channels.map((channel) => `deposits_${channel}`)] : [column],
  );
  const lines = rows.map((row) =>
    line(
      DAILY_REPORT_COLUMNS.flatMap((column) =>
        column === 'deposits'
          ? [row.deposits, ...channels.map((channel) => row.depositChannels[channel] ?? 0)]
          : [row[column]],
      ),
    ),
  );
  return `\uFEFF${line(header)}${lines.join('')}`;
}
