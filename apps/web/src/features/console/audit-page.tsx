import { Download, ScrollText } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import type { AuditRow } from '@wallet/contract/http/console-audit';
import { ErrorAlert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { EmptyState } from '../../components/ui/empty-state';
import { SelectField, TextField } from '../../components/ui/field';
import { Loading } from '../../components/ui/loading';
import { useToast } from '../../components/ui/toast';
import { errorCodeOf } from '../../lib/api-client';
import { formatDateTime } from '../../lib/format';
import { errorText } from '../../lib/i18n';
import { useAuditExport, useAuditFilterOptions, useAuditLog, type AuditQuery } from './audit-api';
import { useConsoleTranslation } from './console-texts';

const FILTERS = ['staffId', 'action', 'memberId', 'from', 'to'] as const;

/** An ISO time as a datetime-local input shows it (the browser's time zone), and back. */
const toLocalInput = (iso: string | undefined) => {
  if (!iso) return '';
  const date = new Date(iso);
  return new Date(date.getTime() - date.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
};
const fromLocalInput = (value: string) => (value ? new Date(value).toISOString() : undefined);

/**
 * The audit screen (decision 048): who did what to what, newest first; filters by staff member,
 * action, member and time, kept in the address; older rows page on; the CSV of what the filters
 * match. A table from 1024 px, cards below.
 */
export function AuditPage() {
  const { t } = useConsoleTranslation();
  const [params, setParams] = useSearchParams();
  const filters: AuditQuery = Object.fromEntries(
    FILTERS.flatMap((name) => (params.get(name) ? [[name, params.get(name)!]] : [])),
  );
  const log = useAuditLog(filters);
  const exporter = useAuditExport();
  const toast = useToast();

  async function exportCsv() {
    try {
      await exporter.mutateAsync(filters);
      toast.show('success', t('audit.exported'));
    } catch (error) {
      toast.show('error', errorText(errorCodeOf(error)));
    }
  }

  const rows = log.data?.pages.flatMap((page) => page.rows) ?? [];
  return (
    <div className="mx-auto h-full max-w-7xl overflow-y-auto p-3 sm:p-6">
      <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-xl font-bold">{t('audit.title')}</h1>
        <Button
          variant="secondary"
          loading={exporter.isPending}
          onClick={() => void exportCsv()}
          icon={<Download className="size-5" aria-hidden="true" />}
          title={t('audit.exportHint')}
        >
          {t('audit.export')}
        </Button>
      </div>
      <Filters
        key={params.toString()}
        filters={filters}
        onApply={(next) =>
          setParams(
            Object.fromEntries(
              Object.entries(next).filter((entry): entry is [string, string] => Boolean(entry[1])),
            ),
          )
        }
      />
      <div className="mt-5">
        {log.isPending ? (
          <Loading />
        ) : log.isError ? (
          <ErrorAlert
            action={
              <Button variant="secondary" onClick={() => void log.refetch()}>
                {t('action.retry')}
              </Button>
            }
          >
            {errorText(errorCodeOf(log.error))}
          </ErrorAlert>
        ) : rows.length === 0 ? (
          <EmptyState
            icon={ScrollText}
            title={t('audit.emptyTitle')}
            text={t('audit.emptyText')}
            className="py-10"
          />
        ) : (
          <>
            <AuditTable rows={rows} />
            <div className="mt-4 flex justify-center">
              {log.hasNextPage ? (
                <Button
                  variant="secondary"
                  loading={log.isFetchingNextPage}
                  onClick={() => void log.fetchNextPage()}
                >
                  {t('audit.loadOlder')}
                </Button>
              ) : (
                <p className="text-sm text-mist-500">{t('audit.end')}</p>
              )}
            </div>
          </>
        )}
      </div>
    </div>
  );
}

function Filters({ filters, onApply }: { filters: AuditQuery; onApply: (next: AuditQuery) => void }) {
  const { t } = useConsoleTranslation();
  const options = useAuditFilterOptions();
  const [draft, setDraft] = useState({
    staffId: filters.staffId ?? '',
    action: filters.action ?? '',
    memberId: filters.memberId ?? '',
    from: toLocalInput(filters.from),
    to: toLocalInput(filters.to),
  });
  const [errors, setErrors] = useState<{ memberId?: string; to?: string }>({});
  const set = (name: keyof typeof draft) => (event: { target: { value: string } }) =>
    setDraft({ ...draft, [name]: event.target.value });

  function submit(event: FormEvent) {
    event.preventDefault();
    const memberId = draft.memberId.trim();
    const next = {
      memberId: memberId && !/^\d{1,15}$/.test(memberId) ? t('audit.badMember') : undefined,
      to: draft.from && draft.to && draft.to <= draft.from ? t('audit.badRange') : undefined,
    };
    setErrors(next);
    if (next.memberId || next.to) return;
    onApply({
      staffId: draft.staffId || undefined,
      action: draft.action || undefined,
      memberId: memberId || undefined,
      from: fromLocalInput(draft.from),
      to: fromLocalInput(draft.to),
    });
  }

  return (
    <form aria-label={t('audit.filters')} onSubmit={submit} noValidate>
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-5">
        <SelectField
          label={t('audit.staff')}
          placeholder={t('audit.anyStaff')}
          value={draft.staffId}
          onChange={set('staffId')}
          options={(options.data?.staff ?? []).map((one) => ({
            value: String(one.id),
            label: `${one.username} · ${one.name}`,
          }))}
        />
        <SelectField
          label={t('audit.action')}
          placeholder={t('audit.anyAction')}
          value={draft.action}
          onChange={set('action')}
          options={(options.data?.actions ?? []).map((action) => ({ value: action, label: action }))}
        />
        <TextField
          label={t('audit.memberId')}
          inputMode="numeric"
          autoComplete="off"
          value={draft.memberId}
          onChange={set('memberId')}
          error={errors.memberId}
        />
        <TextField label={t('audit.from')} type="datetime-local" value={draft.from} onChange={set('from')} />
        <TextField
          label={t('audit.to')}
          type="datetime-local"
          value={draft.to}
          onChange={set('to')}
          error={errors.to}
        />
      </div>
      <div className="mt-3 flex gap-2">
        <Button type="submit">{t('audit.apply')}</Button>
        <Button variant="ghost" onClick={() => onApply({})}>
          {t('audit.clear')}
        </Button>
      </div>
    </form>
  );
}

function Who({ row }: { row: AuditRow }) {
  const { t } = useConsoleTranslation();
  return <>{row.staffUsername ?? t('audit.system')}</>;
}

/** The detail as the JSON text it is: staff-typed text is never HTML. */
function Detail({ row }: { row: AuditRow }) {
  return (
    <code className="block font-mono text-xs break-all whitespace-pre-wrap text-mist-300">{row.detail}</code>
  );
}

function AuditTable({ rows }: { rows: AuditRow[] }) {
  const { t } = useConsoleTranslation();
  const label = t('audit.rows');
  return (
    <>
      <table aria-label={label} className="hidden w-full table-fixed text-left text-sm lg:table">
        <thead className="text-xs text-mist-500">
          <tr>
            <th className="w-40 py-2 pr-3 font-medium">{t('audit.column.time')}</th>
            <th className="w-32 py-2 pr-3 font-medium">{t('audit.column.staff')}</th>
            <th className="w-44 py-2 pr-3 font-medium">{t('audit.column.action')}</th>
            <th className="w-36 py-2 pr-3 font-medium">{t('audit.column.target')}</th>
            <th className="py-2 pr-3 font-medium">{t('audit.column.detail')}</th>
            <th className="w-48 py-2 font-medium">{t('audit.column.from')}</th>
          </tr>
        </thead>
        <tbody className="divide-y divide-white/5 align-top">
          {rows.map((row) => (
            <tr key={row.seq} data-seq={row.seq}>
              <td className="py-2 pr-3 tabular-nums">{formatDateTime(row.at)}</td>
              <td className="py-2 pr-3 break-words">
                <Who row={row} />
              </td>
              <td className="py-2 pr-3 font-mono text-xs break-all">{row.action}</td>
              <td className="py-2 pr-3 font-mono text-xs break-all">{row.target ?? '—'}</td>
              <td className="py-2 pr-3">
                <Detail row={row} />
              </td>
              <td className="py-2 text-xs break-all text-mist-400">
                {row.ip}
                <span className="block truncate" title={row.userAgent}>
                  {row.userAgent}
                </span>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <ul aria-label={label} className="space-y-2 lg:hidden">
        {rows.map((row) => (
          <li key={row.seq} data-seq={row.seq} className="space-y-1 rounded-2xl bg-ink-800 p-3 text-sm">
            <div className="flex flex-wrap items-baseline justify-between gap-x-3">
              <span className="font-mono text-xs font-semibold break-all">{row.action}</span>
              <span className="text-xs text-mist-500 tabular-nums">{formatDateTime(row.at)}</span>
            </div>
            <p className="break-words">
              <Who row={row} />
              {row.target ? <span className="font-mono text-xs text-mist-400"> → {row.target}</span> : null}
            </p>
            <Detail row={row} />
            <p className="text-xs break-all text-mist-500">
              {row.ip} · {row.userAgent}
            </p>
          </li>
        ))}
      </ul>
    </>
  );
}
