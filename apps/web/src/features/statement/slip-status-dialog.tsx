import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { ExternalLink, FileImage, RefreshCw } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PAGE_SIZE } from '@wallet/contract/constants';
import {
  SlipReferenceResponse,
  SlipStatementResponse,
  type SlipRow as Row,
} from '@wallet/contract/http/deposit';
import { ErrorAlert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Dialog } from '../../components/ui/dialog';
import { EmptyState } from '../../components/ui/empty-state';
import { Loading } from '../../components/ui/loading';
import { Pagination } from '../../components/ui/pagination';
import { useToast } from '../../components/ui/toast';
import { ApiError, apiRequest } from '../../lib/api-client';
import { formatDateTime, formatMoney } from '../../lib/format';
import { errorText } from '../../lib/i18n';
import { STATUS_STYLE } from './statement-row';
import { useStatementTexts } from './statement-texts';
import { queryKeys } from '../../lib/query-keys';

const codeOf = (error: unknown) => (error instanceof ApiError ? error.code : 'INTERNAL_SERVER_ERROR');

/** One page of the member's slips, newest first; the page shown stays while the next loads. */
function useSlips(page: number, enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.statement.slips(page),
    queryFn: () =>
      apiRequest('/api/statement/slip', {
        method: 'POST',
        body: { page, limit: PAGE_SIZE.slip },
        schema: SlipStatementResponse,
      }),
    placeholderData: keepPreviousData,
    // The member opens this to see what became of a slip: always ask again.
    staleTime: 0,
    enabled,
  });
}

/**
 * What each slip is for. A slip refused before it was checked (sent again after it was credited)
 * has no amount of its own: the amount of another upload of the same bank transfer (the same
 * reference, in any letter case) is its amount.
 */
function amountsOf(rows: Row[], money: (minor: number) => string): string[] {
  // A slip of money in the other currency (kept for staff) is said in that currency, never the wallet's.
  const said = (row: Row, amount: number) =>
    row.currency ? formatMoney(amount, row.currency) : money(amount);
  const known = new Map<string, string>();
  for (const row of rows) {
    if (row.reference && row.amount !== null) known.set(row.reference.toUpperCase(), said(row, row.amount));
  }
  return rows.map((row) =>
    row.amount !== null ? said(row, row.amount) : (known.get(row.reference?.toUpperCase() ?? '') ?? '-'),
  );
}

/** Only web addresses open in a tab (never a javascript: one, whatever the answer says). */
function webAddress(url: string): string | null {
  try {
    const parsed = new URL(url, window.location.origin);
    return parsed.protocol === 'https:' || parsed.protocol === 'http:' ? parsed.href : null;
  } catch {
    return null;
  }
}

/** What became of each uploaded slip, 10 a page (spec sections 2, 4 and 8). */
export function SlipStatusDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Dialog open={open} onClose={onClose} title={t('statement.slips')}>
      {open ? <SlipList /> : null}
    </Dialog>
  );
}

function SlipList() {
  const { t } = useTranslation();
  const toast = useToast();
  const [page, setPage] = useState(1);
  const slips = useSlips(page, true);
  const { money, ready } = useStatementTexts();
  const pages = Math.max(1, Math.ceil((slips.data?.total ?? 0) / PAGE_SIZE.slip));

  async function view(reference: string) {
    // NOTE: a tab opened after an await counts as a pop-up and is blocked; open it on the tap,
    // then send it to the slip.
    const tab = window.open('', '_blank');
    try {
      const answer = await apiRequest(`/api/statement/slip/reference/${encodeURIComponent(reference)}`, {
        schema: SlipReferenceResponse,
      });
      const url = webAddress(answer.url);
      if (!url) throw new ApiError('NO_DATA', 200);
      if (tab) {
        tab.opener = null;
        tab.location.href = url;
      } else window.open(url, '_blank', 'noopener');
    } catch (error) {
      tab?.close();
      toast.show('error', errorText(codeOf(error)));
    }
  }

  const refresh = (
    <Button
      variant="secondary"
      className="px-3 text-sm"
      disabled={slips.isFetching}
      icon={<RefreshCw className={`size-4 ${slips.isFetching ? 'animate-spin' : ''}`} aria-hidden="true" />}
      onClick={() => void slips.refetch()}
    >
      {t('statement.slipsDialog.refresh')}
    </Button>
  );

  if (slips.isPending || !ready) return <Loading />;
  if (slips.isError && !slips.data) {
    return (
      <ErrorAlert
        action={
          <Button variant="secondary" className="px-3 text-sm" onClick={() => void slips.refetch()}>
            {t('action.retry')}
          </Button>
        }
      >
        {errorText(codeOf(slips.error))}
      </ErrorAlert>
    );
  }
  if (slips.data.slips.length === 0) {
    return (
      <EmptyState
        icon={FileImage}
        title={t('statement.slipsDialog.empty')}
        text={t('statement.slipsDialog.emptyText')}
        className="py-6"
      >
        {refresh}
      </EmptyState>
    );
  }

  const amounts = amountsOf(slips.data.slips, money);
  return (
    <div>
      <div className="mb-2 flex justify-end">{refresh}</div>
      <ul
        aria-busy={slips.isPlaceholderData || undefined}
        className={`divide-y divide-white/5 transition-opacity ${slips.isPlaceholderData ? 'opacity-60' : ''}`}
      >
        {slips.data.slips.map((row, index) => (
          <SlipRow
            key={`${row.createdAt}-${row.reference ?? index}`}
            row={row}
            amount={amounts[index] ?? '-'}
            onView={view}
          />
        ))}
      </ul>
      {/* Arrows only: words beside "Page 1 of 2" do not fit a 320 px dialog. */}
      <Pagination
        label={t('statement.slipsDialog.pagination')}
        page={page}
        pages={pages}
        onPage={setPage}
        loading={slips.isPlaceholderData}
        compact
        className="mt-3"
      />
    </div>
  );
}

function SlipRow({
  row,
  amount,
  onView,
}: {
  row: Row;
  /** The amount as shown, '-' when it is not known. */
  amount: string;
  onView: (reference: string) => Promise<void>;
}) {
  const { t } = useTranslation();
  const [opening, setOpening] = useState(false);
  const reference = row.reference;
  const review = row.status === 'REVIEW';

  async function view(of: string) {
    setOpening(true);
    await onView(of);
    setOpening(false);
  }

  return (
    <li data-status={row.status} className="py-3">
      <div className="flex items-start gap-3">
        <div className="min-w-0 flex-1">
          <p className="text-[15px] font-semibold tabular-nums">{amount}</p>
          <p className="text-xs text-mist-400 tabular-nums">{formatDateTime(row.createdAt)}</p>
          {reference ? (
            // Balanced: broken anywhere, its last character was left alone on a line (issue 31).
            <p className="mt-0.5 text-xs break-all text-balance text-mist-500" data-slip-reference>
              {t('statement.slipsDialog.reference', { reference })}
            </p>
          ) : null}
        </div>
        <div className="flex shrink-0 flex-col items-end gap-1">
          {/* Waiting for staff is in progress too (spec section 4: warning style). */}
          <span
            className={`rounded-full px-2 py-0.5 text-xs font-medium ${STATUS_STYLE[row.status === 'REVIEW' ? 'PENDING' : row.status]}`}
          >
            {t(`statement.status.${row.status}`)}
          </span>
          {reference ? (
            <Button
              variant="ghost"
              className="-mr-2 px-2 text-sm text-gold-300"
              loading={opening}
              icon={<ExternalLink className="size-4" aria-hidden="true" />}
              onClick={() => void view(reference)}
            >
              {t('statement.slipsDialog.view')}
            </Button>
          ) : null}
        </div>
      </div>
      {/* Why, across the whole row: a long Thai or Lao reason is not squeezed beside the status. */}
      {row.note ? (
        <p className={`mt-1.5 text-sm ${review ? 'text-amber-300' : 'text-rose-300'}`}>
          {errorText(row.note)}
        </p>
      ) : null}
    </li>
  );
}
