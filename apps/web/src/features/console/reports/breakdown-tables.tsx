import { Link } from 'react-router';
import type {
  GameReportRow,
  InviteReportResponse,
  OfferReportRow,
} from '@wallet/contract/http/console-reports';
import type { Currency } from '@wallet/contract/money';
import { formatDateTime } from '../../../lib/format';
import { useConsoleTranslation } from '../console-texts';
import { amountColumn, count, money, ReportTable, sum, tallyColumn, type Column } from './report-table';

type Translate = ReturnType<typeof useConsoleTranslation>['t'];

/** A mean time from claim to completion, in hours and minutes (the API gives seconds). */
export function duration(seconds: number | null, t: Translate): string {
  if (seconds === null) return '–';
  const minutes = Math.round(seconds / 60);
  const hours = Math.floor(minutes / 60);
  return hours > 0
    ? t('reportPages.offers.hours', { hours: count(hours), minutes: minutes % 60 })
    : t('reportPages.offers.minutes', { minutes });
}

/** Per offer (decision 056): what its claims in the range cost, and how they ended. */
export function OffersTable({ rows, currency }: { rows: readonly OfferReportRow[]; currency: Currency }) {
  const { t } = useConsoleTranslation();
  const label = (key: string) => t(`reportPages.offers.${key}`);
  const amount = (key: 'credited' | 'takenBack' | 'cost') =>
    amountColumn(rows, currency, { key, label: label(key), value: (row) => row[key] });
  const tally = (
    key: 'claims' | 'completed' | 'cancelled' | 'expired' | 'ended' | 'running' | 'firstDeposits',
  ) => tallyColumn(rows, { key, label: label(key), value: (row) => row[key] });
  const firstDeposits = sum(rows, (row) => row.firstDeposits);
  const columns: Column<OfferReportRow>[] = [
    { key: 'code', label: label('code'), cell: (row) => row.code },
    tally('claims'),
    amount('credited'),
    amount('takenBack'),
    amount('cost'),
    tally('completed'),
    tally('cancelled'),
    tally('expired'),
    tally('ended'),
    tally('running'),
    {
      key: 'averageComplete',
      label: label('averageComplete'),
      cell: (row) => duration(row.averageCompleteSeconds, t),
    },
    tally('firstDeposits'),
    {
      key: 'costPerFirstDeposit',
      label: label('costPerFirstDeposit'),
      cell: (row) => (row.costPerFirstDeposit === null ? '–' : money(row.costPerFirstDeposit, currency)),
      // Over every offer: the whole cost over every first deposit, as each row's is.
      total:
        firstDeposits === 0
          ? undefined
          : money(Math.round(sum(rows, (row) => row.cost) / firstDeposits), currency),
    },
  ];
  return (
    <ReportTable
      caption={t('reportPages.offers.caption')}
      columns={columns}
      rows={rows}
      rowKey={(row) => row.code}
      totalLabel={t('reportPages.total')}
    />
  );
}

/** Per game (decision 056): the rounds the play tally counted in the range. */
export function GamesTable({ rows, currency }: { rows: readonly GameReportRow[]; currency: Currency }) {
  const { t } = useConsoleTranslation();
  const label = (key: string) => t(`reportPages.games.${key}`);
  const amount = (key: 'bets' | 'wins' | 'ggr') =>
    amountColumn(rows, currency, { key, label: label(key), value: (row) => row[key] });
  const columns: Column<GameReportRow>[] = [
    { key: 'game', label: label('game'), cell: (row) => row.gameCode },
    amount('bets'),
    amount('wins'),
    amount('ggr'),
    // A member who played two games is one player of each: players do not add up.
    { key: 'players', label: label('players'), cell: (row) => count(row.players) },
    tallyColumn(rows, { key: 'rounds', label: label('rounds'), value: (row) => row.rounds }),
  ];
  return (
    <ReportTable
      caption={t('reportPages.games.caption')}
      columns={columns}
      rows={rows}
      rowKey={(row) => row.gameCode}
      totalLabel={t('reportPages.total')}
    />
  );
}

type Inviter = InviteReportResponse['inviters'][number];

/** The invite programme (decision 056): top inviters by commission, and self-referrals flagged. */
export function InviteTables({ report, currency }: { report: InviteReportResponse; currency: Currency }) {
  const { t } = useConsoleTranslation();
  const label = (key: string) => t(`reportPages.invite.${key}`);
  const inviters = report.inviters.filter((row) => row.currency === currency);
  const amount = (key: 'earned' | 'claimed'): Column<Inviter> => ({
    key,
    label: label(key),
    cell: (row) => money(row[key], currency),
  });
  const columns: Column<Inviter>[] = [
    { key: 'inviter', label: label('inviter'), cell: (row) => row.name },
    { key: 'invitees', label: label('invitees'), cell: (row) => count(row.invitees) },
    amount('earned'),
    amount('claimed'),
  ];
  const reason = (code: string) =>
    ['same_member', 'same_bank_account', 'same_account_name'].includes(code)
      ? t(`reportPages.invite.reasons.${code}`)
      : code;
  return (
    <>
      {inviters.length > 0 ? (
        <ReportTable
          caption={label('caption')}
          columns={columns}
          rows={inviters}
          rowKey={(row) => String(row.inviterId)}
        />
      ) : (
        <p className="rounded-2xl bg-ink-900 px-4 py-6 text-center text-sm text-mist-300">{label('empty')}</p>
      )}
      <section aria-labelledby="flags-heading" className="mt-5">
        <h2 id="flags-heading" className="text-sm font-bold text-mist-400">
          {t('reportPages.invite.flags', { count: report.flagCount })}
        </h2>
        {report.flags.length === 0 ? (
          <p className="mt-2 text-sm text-mist-400">{label('flagsNone')}</p>
        ) : (
          <ul aria-label={label('flagsCaption')} className="mt-2 grid gap-2 lg:grid-cols-2">
            {report.flags.map((flag) => (
              <li
                key={`${flag.inviteeId}-${flag.inviterId}`}
                className="grid grid-cols-2 gap-x-3 gap-y-1 rounded-xl bg-ink-900 px-3 py-2.5 text-sm"
              >
                <span className="text-mist-400">{label('invitee')}</span>
                <Link
                  className="text-right text-gold-300 underline"
                  to={`/console/members/${flag.inviteeId}`}
                >
                  {t('reportPages.invite.member', { id: flag.inviteeId })}
                </Link>
                <span className="text-mist-400">{label('inviterId')}</span>
                <Link
                  className="text-right text-gold-300 underline"
                  to={`/console/members/${flag.inviterId}`}
                >
                  {t('reportPages.invite.member', { id: flag.inviterId })}
                </Link>
                <span className="text-mist-400">{label('reason')}</span>
                <span className="text-right">{reason(flag.reason)}</span>
                <span className="text-mist-400">{label('at')}</span>
                <span className="text-right tabular-nums">{formatDateTime(flag.at)}</span>
              </li>
            ))}
          </ul>
        )}
      </section>
    </>
  );
}
