import { Download, LayoutDashboard } from 'lucide-react';
import { useMemo } from 'react';
import { Link } from 'react-router';
import type { DeskCounts } from '@wallet/contract/http/console';
import type { DailyReportRow } from '@wallet/contract/http/console-reports';
import { formatMajorAmount, type Currency } from '@wallet/contract/money';
import { ErrorAlert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Loading } from '../../../components/ui/loading';
import { errorCodeOf } from '../../../lib/api-client';
import { errorText } from '../../../lib/i18n';
import { useConsoleTranslation } from '../console-texts';
import { DayChart, type Series } from './dashboard-charts';
import { CurrencyTabs, useCurrencyChoice } from './report-table';
import { addDays, marketDayOf, useDailyCsv, useDailyReport, useDeskQueue } from './reports-api';

const DAYS = 30;
type Figure = 'deposits' | 'withdrawals' | 'netCash' | 'ggr' | 'ngr' | 'bonusCost';
type Count = 'newMembers' | 'firstDepositors' | 'activeMembers';
const MONEY: Figure[] = ['deposits', 'withdrawals', 'netCash', 'ggr', 'ngr', 'bonusCost'];
const COUNTS: Count[] = ['newMembers', 'firstDepositors', 'activeMembers'];
const QUEUES: { kind: keyof DeskCounts; path: string }[] = [
  { kind: 'withdrawals', path: '/console/withdrawals' },
  { kind: 'deposits', path: '/console/deposits' },
  { kind: 'adjustments', path: '/console/adjustments' },
  { kind: 'chats', path: '/console/chat' },
];

/**
 * The console's home for finance and owner (issue 28 section 3): today so far against yesterday,
 * the money desk's queues, and the last 30 days in charts, from the daily report (decision 055).
 * Its own lazy chunk: the charting library comes only with this screen.
 */
export default function DashboardPage() {
  const { t } = useConsoleTranslation();
  const today = marketDayOf(new Date());
  const from = addDays(today, -(DAYS - 1));
  const report = useDailyReport(from, today);
  const desk = useDeskQueue();
  const csv = useDailyCsv();
  const tabs = useCurrencyChoice(report.data?.rows);
  // NOTE: with no rows at all there is no currency, and every figure is 0 whatever it is in.
  const currency = tabs.currency as Currency;
  const rows = useMemo(
    () => (report.data?.rows ?? []).filter((row) => row.currency === currency),
    [report.data, currency],
  );
  const day = (wanted: string) => rows.find((row) => row.day === wanted);

  return (
    <div className="mx-auto h-full max-w-6xl overflow-y-auto px-3 py-4 sm:px-6">
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <h1 className="flex items-center gap-2 text-xl font-bold">
            <LayoutDashboard className="size-5 text-gold-300" aria-hidden="true" />
            {t('reports.title')}
          </h1>
          <p className="text-sm text-mist-400">{t('reports.asOf', { day: today })}</p>
        </div>
        <div className="flex items-center gap-2">
          <CurrencyTabs {...tabs} />
          <Button
            variant="secondary"
            loading={csv.isPending}
            onClick={() => csv.mutate({ from, to: today })}
            icon={<Download className="size-5" aria-hidden="true" />}
          >
            <span className="sr-only sm:not-sr-only">{t('reports.csv')}</span>
          </Button>
        </div>
      </div>
      {csv.error ? <ErrorAlert>{errorText(errorCodeOf(csv.error))}</ErrorAlert> : null}

      {report.isPending ? <Loading /> : null}
      {report.error ? <ErrorAlert>{errorText(errorCodeOf(report.error))}</ErrorAlert> : null}
      {report.data ? (
        <>
          <section aria-labelledby="today-heading" className="mt-4">
            <h2 id="today-heading" className="sr-only">
              {t('reports.today')}
            </h2>
            <div className="grid grid-cols-2 gap-2 sm:grid-cols-3 lg:grid-cols-6">
              {MONEY.map((figure) => (
                <FigureCard
                  key={figure}
                  label={t(`reports.figures.${figure}`)}
                  today={day(today)?.[figure] ?? 0}
                  yesterday={day(addDays(today, -1))?.[figure] ?? 0}
                  format={(value) => formatMajorAmount(value, currency)}
                />
              ))}
            </div>
            <div className="mt-2 grid grid-cols-3 gap-2">
              {COUNTS.map((figure) => (
                <FigureCard
                  key={figure}
                  label={t(`reports.figures.${figure}`)}
                  today={day(today)?.[figure] ?? 0}
                  yesterday={day(addDays(today, -1))?.[figure] ?? 0}
                  format={(value) => value.toLocaleString('en-US')}
                />
              ))}
            </div>
          </section>
          <Queues counts={desk.data} />
          <Charts rows={rows} from={from} currency={currency} />
        </>
      ) : null}
    </div>
  );
}

function FigureCard({
  label,
  today,
  yesterday,
  format,
}: {
  label: string;
  today: number;
  yesterday: number;
  format: (value: number) => string;
}) {
  const { t } = useConsoleTranslation();
  const up = today > yesterday;
  const down = today < yesterday;
  return (
    <div role="group" aria-label={label} className="min-w-0 rounded-2xl bg-ink-900 p-3">
      <p className="truncate text-xs font-semibold text-mist-400">{label}</p>
      <p
        className={`mt-1 truncate text-lg font-bold tabular-nums ${today < 0 ? 'text-red-300' : 'text-snow'}`}
      >
        {format(today)}
      </p>
      <p className="mt-0.5 truncate text-xs text-mist-400 tabular-nums">
        <span aria-hidden="true" className={up ? 'text-emerald-300' : down ? 'text-amber-300' : ''}>
          {up ? '▲ ' : down ? '▼ ' : '= '}
        </span>
        {t('reports.vsYesterday', { value: format(yesterday) })}
      </p>
    </div>
  );
}

function Queues({ counts }: { counts: DeskCounts | undefined }) {
  const { t } = useConsoleTranslation();
  return (
    <section aria-labelledby="queues-heading" className="mt-5">
      <h2 id="queues-heading" className="text-sm font-bold text-mist-400">
        {t('reports.queues.title')}
      </h2>
      <div className="mt-2 grid grid-cols-2 gap-2 lg:grid-cols-4">
        {QUEUES.map(({ kind, path }) => (
          <Link
            key={kind}
            to={path}
            className="flex min-h-14 items-center justify-between gap-2 rounded-2xl bg-ink-900 px-3 py-2 hover:bg-ink-800"
          >
            <span className="text-sm">{t(`reports.queues.${kind}`)}</span>
            <span
              className={`min-w-8 rounded-full px-2 text-center text-base font-bold tabular-nums ${counts && counts[kind] > 0 ? 'bg-amber-400 text-ink-950' : 'text-mist-400'}`}
            >
              {counts ? counts[kind] : '–'}
            </span>
          </Link>
        ))}
      </div>
    </section>
  );
}

function Charts({ rows, from, currency }: { rows: DailyReportRow[]; from: string; currency: Currency }) {
  const { t } = useConsoleTranslation();
  const days = useMemo(() => Array.from({ length: DAYS }, (_, i) => addDays(from, i)), [from]);
  const values = (figure: Figure) => days.map((day) => rows.find((row) => row.day === day)?.[figure] ?? 0);
  const label = (figure: Figure) => t(`reports.figures.${figure}`);
  // NOTE: made once per answer: a new array each render would redraw the charts every render.
  const [cash, earnings] = useMemo((): [Series[], Series[]] => {
    return [
      [
        { label: label('deposits'), values: values('deposits'), color: '#34d399', kind: 'bar' },
        { label: label('withdrawals'), values: values('withdrawals'), color: '#f59e0b', kind: 'bar' },
      ],
      [
        { label: label('ggr'), values: values('ggr'), color: '#60a5fa', kind: 'line' },
        { label: label('ngr'), values: values('ngr'), color: '#e5c46b', kind: 'line' },
        { label: label('bonusCost'), values: values('bonusCost'), color: '#f87171', kind: 'line' },
      ],
    ];
    // eslint-disable-next-line react-hooks/exhaustive-deps -- rows, days and the language decide it
  }, [rows, days, t]);
  return (
    <section aria-labelledby="charts-heading" className="mt-5 pb-6">
      <h2 id="charts-heading" className="text-sm font-bold text-mist-400">
        {t('reports.charts.title')} · {t('reports.charts.amountIn', { currency })}
      </h2>
      <div className="mt-2 grid gap-3 lg:grid-cols-2">
        <figure className="rounded-2xl bg-ink-900 p-3">
          <figcaption className="mb-2 text-sm font-semibold">{t('reports.charts.cash')}</figcaption>
          <DayChart days={days} series={cash} currency={currency} label={t('reports.charts.cash')} />
        </figure>
        <figure className="rounded-2xl bg-ink-900 p-3">
          <figcaption className="mb-2 text-sm font-semibold">{t('reports.charts.earnings')}</figcaption>
          <DayChart days={days} series={earnings} currency={currency} label={t('reports.charts.earnings')} />
        </figure>
      </div>
    </section>
  );
}
