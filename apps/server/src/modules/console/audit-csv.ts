import type { AuditRow } from '@wallet/contract/http/console-audit';

/** The CSV's columns, in order. */
export const AUDIT_CSV_HEADER = ['seq', 'time', 'staff', 'action', 'target', 'detail', 'ip', 'user_agent'];

/**
 * One CSV cell. A cell a spreadsheet would read as a formula (=, +, -, @, and tab or carriage return,
 * which some programs strip before looking) starts with an apostrophe, so an action or a detail a
 * member or staff member typed cannot run in the reader's spreadsheet (CSV injection). Every cell
 * is quoted, its quotes doubled.
 */
export function csvCell(value: string | number | null): string {
  const text = value === null ? '' : String(value);
  const safe = /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
  return `"${safe.replaceAll('"', '""')}"`;
}

export const csvLine = (cells: (string | number | null)[]): string => `${cells.map(csvCell).join(',')}\r\n`;

export const auditCsvLine = (row: AuditRow): string =>
  csvLine([row.seq, row.at, row.staffUsername, row.action, row.target, row.detail, row.ip, row.userAgent]);

/**
 * The export: a byte-order mark (so a spreadsheet reads the UTF-8 of Thai and Lao as such), the
 * header, then each row as the audit log yields it.
 */
export async function* auditCsv(rows: AsyncIterable<AuditRow>): AsyncGenerator<string> {
  yield `\uFEFF${csvLine(AUDIT_CSV_HEADER)}`;
  for await (const row of rows) yield auditCsvLine(row);
}
