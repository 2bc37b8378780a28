import { DAILY_REPORT_COLUMNS, type DailyReportRow } from '@wallet/contract/http/console-reports';
import type { Currency } from '@wallet/contract/money';
import { useConsoleTranslation } from '../console-texts';
import { count, money, ReportTable, sum, type Column } from './report-table';

export const DAILY_COUNTS = ['newMembers', 'firstDepositors', 'activeMembers'] as const;
const NOT_AMOUNTS: readonly string[] = ['day', 'currency', ...DAILY_COUNTS];
/** The daily report's amounts in the CSV's order (decision 055); the member counts follow them. */
export const DAILY_AMOUNTS = DAILY_REPORT_COLUMNS.filter(
  (
    column,
  ): column is Exclude<
    (typeof DAILY_REPORT_COLUMNS)[number],
    'day' | 'currency' | (typeof DAILY_COUNTS)[number]
  > => !NOT_AMOUNTS.includes(column),
);

/**
 * The profit and loss per market day in one currency, a totals row under it (members active on
 * several days are not one count: no total), and the deposits' channels over the range.
 */
export function DailyTable({
  rows,
  currency,
  today,
}: {
  rows: readonly DailyReportRow[];
  currency: Currency;
  today: string;
}) {
  const { t } = useConsoleTranslation();
  const columns: Column<DailyReportRow>[] = [
    { key: 'day', label: t('reportPages.daily.day'), cell: (row) => row.day },
    ...DAILY_AMOUNTS.map((figure) => ({
      key: figure,
      label: t(`reportPages.figures.${figure}`),
      cell: (row: DailyReportRow) => money(row[figure], currency),
      total: money(
        sum(rows, (row) => row[figure]),
        currency,
      ),
    })),
    ...DAILY_COUNTS.map((figure) => ({
      key: figure,
      label: t(`reportPages.figures.${figure}`),
      cell: (row: DailyReportRow) => count(row[figure]),
      total: figure === 'activeMembers' ? undefined : count(sum(rows, (row) => row[figure])),
    })),
  ];
  return (
    <>
      <ReportTable
        caption={t('reportPages.daily.caption')}
        columns={columns}
        rows={rows}
        rowKey={(row) => row.day}
        rowNote={(row) => (row.day === today ? t('reportPages.todaySoFar') : null)}
        totalLabel={t('reportPages.total')}
      />
      <Channels rows={rows} currency={currency} />
    </>
  );
}

/** `qr:<provider>` is a QR provider's channel; the others have names of their own. */
function channelLabel(channel: string, t: ReturnType<typeof useConsoleTranslation>['t']) {
  if (channel.startsWith('qr:')) return t('reportPages.daily.channel.qr', { provider: channel.slice(3) });
  const known = ['slip', 'notice', 'giftLink', 'adjustment', 'sandbox', 'other'];
  return known.includes(channel) ? t(`reportPages.daily.channel.${channel}`) : channel;
}

function Channels({ rows, currency }: { rows: readonly DailyReportRow[]; currency: Currency }) {
  const { t } = useConsoleTranslation();
  const totals = new Map<string, number>();
  for (const row of rows)
    for (const [channel, amount] of Object.entries(row.depositChannels))
      totals.set(channel, (totals.get(channel) ?? 0) + amount);
  if (totals.size === 0) return null;
  return (
    <section aria-labelledby="channels-heading" className="mt-5">
      <h2 id="channels-heading" className="text-sm font-bold text-mist-400">
        {t('reportPages.daily.channels')}
      </h2>
      <dl className="mt-2 grid gap-2 sm:grid-cols-2 lg:grid-cols-3">
        {[...totals].map(([channel, amount]) => (
          <div
            key={channel}
            data-channel={channel}
            className="flex items-center justify-between gap-3 rounded-xl bg-ink-900 px-3 py-2.5"
          >
            <dt className="min-w-0 text-sm text-mist-300">{channelLabel(channel, t)}</dt>
            <dd className="font-semibold tabular-nums">{money(amount, currency)}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
