import { Download, FileBarChart, SearchX } from 'lucide-react';
import type { ReactNode } from 'react';
import { NavLink, useLocation, useParams } from 'react-router';
import type { Currency } from '@wallet/contract/money';
import { ErrorAlert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { Loading } from '../../../components/ui/loading';
import { errorCodeOf } from '../../../lib/api-client';
import { errorText } from '../../../lib/i18n';
import { useConsoleTranslation } from '../console-texts';
import { GamesTable, InviteTables, OffersTable } from './breakdown-tables';
import { DailyTable } from './daily-report';
import { RangePicker, useReportRange, type ReportRangeState } from './report-range';
import { CurrencyTabs, useCurrencyChoice } from './report-table';
import { useDailyCsv, useDailyReport, useGameReport, useInviteReport, useOfferReport } from './reports-api';

const KINDS = ['daily', 'offers', 'games', 'invite'] as const;
type Kind = (typeof KINDS)[number];

/**
 * The console's reports (issue 28 section 3, decisions 055, 056 and 063): the daily profit and loss
 * with its CSV, and the per-offer, per-game and invite breakdowns, each over a range of market days
 * that follows from one report to the next. Permission `reports.read`, as the dashboard.
 */
export function ReportsPage() {
  const { t } = useConsoleTranslation();
  const params = useParams();
  const kind: Kind = KINDS.includes(params.kind as Kind) ? (params.kind as Kind) : 'daily';
  const range = useReportRange();
  const { search } = useLocation();
  return (
    <div className="mx-auto h-full max-w-6xl overflow-y-auto px-3 py-4 sm:px-6">
      <h1 className="flex items-center gap-2 text-xl font-bold">
        <FileBarChart className="size-5 text-gold-300" aria-hidden="true" />
        {t('reportPages.title')}
      </h1>
      <nav aria-label={t('reportPages.title')} className="mt-3 -mx-3 overflow-x-auto px-3">
        <ul className="flex w-max gap-1 rounded-xl bg-ink-900 p-1">
          {KINDS.map((one) => (
            <li key={one}>
              <NavLink
                to={{ pathname: `/console/reports/${one}`, search }}
                aria-current={one === kind ? 'page' : undefined}
                className={`flex min-h-11 items-center rounded-lg px-3 text-sm font-semibold whitespace-nowrap ${one === kind ? 'bg-ink-700 text-snow' : 'text-mist-400 hover:text-snow'}`}
              >
                {t(`reportPages.tabs.${one}`)}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <RangePicker range={range} />
      <div className="mt-4 pb-8">
        {range.valid
          ? {
              daily: <Daily range={range} />,
              offers: <OffersReport range={range} />,
              games: <GamesReport range={range} />,
              invite: <InviteReport range={range} />,
            }[kind]
          : null}
      </div>
    </div>
  );
}

/** What a report shows while its answer is on its way, failed, or empty. */
function States({ pending, error, empty }: { pending: boolean; error: unknown; empty?: string | false }) {
  const { t } = useConsoleTranslation();
  if (pending) return <Loading />;
  if (error) return <ErrorAlert>{errorText(errorCodeOf(error))}</ErrorAlert>;
  if (empty)
    return <EmptyState icon={SearchX} title={t('reportPages.emptyTitle')} text={empty} className="py-10" />;
  return null;
}

function AmountsIn({
  currency,
  tabs,
  children,
}: {
  currency: Currency;
  tabs: ReturnType<typeof useCurrencyChoice>;
  children?: ReactNode;
}) {
  const { t } = useConsoleTranslation();
  return (
    <div className="mb-2 flex flex-wrap items-center justify-between gap-2">
      <p className="text-xs text-mist-400">{t('reportPages.amountsIn', { currency })}</p>
      <div className="flex flex-wrap items-center gap-2">
        <CurrencyTabs {...tabs} />
        {children}
      </div>
    </div>
  );
}

function Daily({ range }: { range: ReportRangeState }) {
  const { t } = useConsoleTranslation();
  const report = useDailyReport(range.from, range.to, range.valid);
  const csv = useDailyCsv();
  const tabs = useCurrencyChoice(report.data?.rows);
  const rows = (report.data?.rows ?? []).filter((row) => row.currency === tabs.currency);
  return (
    <>
      {csv.error ? <ErrorAlert>{errorText(errorCodeOf(csv.error))}</ErrorAlert> : null}
      <States
        pending={report.isPending}
        error={report.error}
        empty={report.data !== undefined && rows.length === 0 && t('reportPages.emptyTitle')}
      />
      {report.data && tabs.currency && rows.length > 0 ? (
        <>
          <AmountsIn currency={tabs.currency} tabs={tabs}>
            <Button
              variant="secondary"
              loading={csv.isPending}
              onClick={() => csv.mutate({ from: range.from, to: range.to })}
              icon={<Download className="size-5" aria-hidden="true" />}
            >
              {t('reportPages.csv')}
            </Button>
          </AmountsIn>
          <DailyTable rows={rows} currency={tabs.currency} today={report.data.today} />
        </>
      ) : null}
    </>
  );
}

/**
 * A breakdown whose rows carry their currency (per offer, per game): the rows of the chosen
 * currency in `Table`, or the report's empty state.
 */
function BreakdownReport<Row extends { currency: string }>({
  report,
  emptyText,
  Table,
}: {
  report: { isPending: boolean; error: unknown; data?: { rows: readonly Row[] } };
  emptyText: string;
  Table: (props: { rows: readonly Row[]; currency: Currency }) => ReactNode;
}) {
  const tabs = useCurrencyChoice(report.data?.rows);
  const rows = (report.data?.rows ?? []).filter((row) => row.currency === tabs.currency);
  return (
    <>
      <States
        pending={report.isPending}
        error={report.error}
        empty={report.data?.rows.length === 0 && emptyText}
      />
      {tabs.currency && rows.length > 0 ? (
        <>
          <AmountsIn currency={tabs.currency} tabs={tabs} />
          <Table rows={rows} currency={tabs.currency} />
        </>
      ) : null}
    </>
  );
}

function OffersReport({ range }: { range: ReportRangeState }) {
  const { t } = useConsoleTranslation();
  const report = useOfferReport(range.from, range.to, range.valid);
  return <BreakdownReport report={report} emptyText={t('reportPages.offers.empty')} Table={OffersTable} />;
}

function GamesReport({ range }: { range: ReportRangeState }) {
  const { t } = useConsoleTranslation();
  const report = useGameReport(range.from, range.to, range.valid);
  return <BreakdownReport report={report} emptyText={t('reportPages.games.empty')} Table={GamesTable} />;
}

function InviteReport({ range }: { range: ReportRangeState }) {
  const { t } = useConsoleTranslation();
  const report = useInviteReport(range.from, range.to, range.valid);
  const tabs = useCurrencyChoice(report.data?.inviters);
  const data = report.data;
  const empty = data !== undefined && data.inviters.length === 0 && data.flagCount === 0;
  // With self-referrals but no commission, the flags are shown under an empty inviters' table.
  const currency: Currency = tabs.currency ?? 'BAHT';
  return (
    <>
      <States
        pending={report.isPending}
        error={report.error}
        empty={empty && t('reportPages.invite.empty')}
      />
      {data && !empty ? (
        <>
          <AmountsIn currency={currency} tabs={tabs} />
          <InviteTables report={data} currency={currency} />
        </>
      ) : null}
    </>
  );
}
