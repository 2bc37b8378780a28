import { useMemo, useState, type ReactNode } from 'react';
import { formatMajorAmount, type Currency } from '@wallet/contract/money';
import { useConsoleTranslation } from '../console-texts';

export interface Column<Row> {
  key: string;
  label: string;
  cell: (row: Row) => ReactNode;
  /** The column's figure over every row, or nothing (a figure that does not add up: members active). */
  total?: ReactNode;
}

/**
 * A report as a table whose first column (the day, the offer, the game) stays in place while the
 * figures slide sideways: on a phone a finance reader keeps the row's name in sight and compares a
 * figure down the column, as in a spreadsheet (decision 063). Numbers are right-aligned, tabular.
 */
export function ReportTable<Row>({
  caption,
  columns,
  rows,
  rowKey,
  rowNote,
  totalLabel,
}: {
  caption: string;
  columns: readonly Column<Row>[];
  rows: readonly Row[];
  rowKey: (row: Row) => string;
  /** A word after a row's name (today's row: so far). */
  rowNote?: (row: Row) => string | null;
  /** With a label, a totals row closes the table. */
  totalLabel?: string;
}) {
  const { t } = useConsoleTranslation();
  const [first, ...figures] = columns;
  if (!first) return null;
  const sticky = 'sticky left-0 z-10 bg-ink-900 shadow-[1px_0_0_rgb(255_255_255/0.08)]';
  return (
    <div>
      {figures.length > 3 ? (
        <p className="mb-1.5 text-xs text-mist-500">{t('reportPages.scrollHint')}</p>
      ) : null}
      <div
        role="region"
        aria-label={caption}
        // A region that scrolls takes the keyboard's focus, so arrows scroll it.
        tabIndex={0}
        className="overflow-x-auto rounded-2xl bg-ink-900 focus:outline-2 focus:outline-gold-400"
      >
        <table className="w-full border-separate border-spacing-0 text-sm">
          <caption className="sr-only">{caption}</caption>
          <thead className="text-xs text-mist-400">
            <tr>
              <th scope="col" className={`${sticky} px-3 py-2.5 text-left align-bottom font-semibold`}>
                {first.label}
              </th>
              {figures.map((column) => (
                // NOTE: a floor under each heading's width: Thai wraps between syllables, which
                // made a heading of four short lines in a column as narrow as its numbers.
                <th
                  key={column.key}
                  scope="col"
                  className="min-w-22 px-3 py-2.5 text-right align-bottom font-semibold"
                >
                  {column.label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => {
              const note = rowNote?.(row);
              return (
                <tr key={rowKey(row)} className="odd:[&>*]:bg-ink-900 even:[&>*]:bg-ink-800">
                  <th
                    scope="row"
                    className={`${sticky} max-w-40 border-t border-white/5 px-3 py-2 text-left font-semibold whitespace-nowrap text-snow`}
                  >
                    {first.cell(row)}
                    {note ? <span className="block text-xs font-normal text-amber-300">{note}</span> : null}
                  </th>
                  {figures.map((column) => (
                    <td
                      key={column.key}
                      className="border-t border-white/5 px-3 py-2 text-right whitespace-nowrap tabular-nums"
                    >
                      {column.cell(row)}
                    </td>
                  ))}
                </tr>
              );
            })}
          </tbody>
          {totalLabel ? (
            <tfoot>
              <tr className="font-bold text-snow [&>*]:bg-ink-700">
                <th scope="row" className={`${sticky} !bg-ink-700 px-3 py-2.5 text-left`}>
                  {totalLabel}
                </th>
                {figures.map((column) => (
                  <td key={column.key} className="px-3 py-2.5 text-right whitespace-nowrap tabular-nums">
                    {column.total ?? '–'}
                  </td>
                ))}
              </tr>
            </tfoot>
          ) : null}
        </table>
      </div>
    </div>
  );
}

/** Amounts as the console shows them: major units, two decimals, grouped ("1,234.50"). */
export const money = (value: number, currency: Currency) => formatMajorAmount(value, currency);
export const count = (value: number) => value.toLocaleString('en-US');
export const sum = <Row,>(rows: readonly Row[], value: (row: Row) => number) =>
  rows.reduce((total, row) => total + value(row), 0);

/** A column of amounts in one currency, with their total. */
export const amountColumn = <Row,>(
  rows: readonly Row[],
  currency: Currency,
  column: { key: string; label: string; value: (row: Row) => number },
): Column<Row> => ({
  key: column.key,
  label: column.label,
  cell: (row) => money(column.value(row), currency),
  total: money(sum(rows, column.value), currency),
});

/** A column of counts, with their total. */
export const tallyColumn = <Row,>(
  rows: readonly Row[],
  column: { key: string; label: string; value: (row: Row) => number },
): Column<Row> => ({
  key: column.key,
  label: column.label,
  cell: (row) => count(column.value(row)),
  total: count(sum(rows, column.value)),
});

/**
 * The currencies a report's rows are in, and the one shown: the first unless staff chose another.
 * Each currency is its own table: amounts in baht and kip never add up.
 */
export function useCurrencyChoice(rows: readonly { currency: string }[] | undefined) {
  const currencies = useMemo(() => [...new Set((rows ?? []).map((row) => row.currency))], [rows]);
  const [chosen, setChosen] = useState<string | null>(null);
  const currency = (chosen !== null && currencies.includes(chosen) ? chosen : currencies[0]) as
    Currency | undefined;
  return { currencies, currency, choose: setChosen };
}

/** The currency tabs (shown only when a report has more than one). */
export function CurrencyTabs({ currencies, currency, choose }: ReturnType<typeof useCurrencyChoice>) {
  const { t } = useConsoleTranslation();
  if (currencies.length < 2) return null;
  return (
    <div
      role="tablist"
      aria-label={t('reportPages.currency')}
      className="flex w-fit gap-1 rounded-xl bg-ink-900 p-1"
    >
      {currencies.map((one) => (
        <button
          key={one}
          type="button"
          role="tab"
          aria-selected={one === currency}
          onClick={() => choose(one)}
          className={`min-h-11 rounded-lg px-3 text-sm font-semibold ${one === currency ? 'bg-ink-700 text-snow' : 'text-mist-400'}`}
        >
          {one}
        </button>
      ))}
    </div>
  );
}
