import { ReceiptText } from 'lucide-react';
import { useState } from 'react';
import { DEPOSIT_REVIEW_KINDS, type DepositReviewKind } from '@wallet/contract/http/console-deposits';
import { ErrorAlert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { Loading } from '../../../components/ui/loading';
import { Pagination } from '../../../components/ui/pagination';
import { errorCodeOf } from '../../../lib/api-client';
import { errorText } from '../../../lib/i18n';
import { useStaffCan } from '../console-api';
import { useConsoleTranslation } from '../console-texts';
import { DepositCard } from './deposit-card';
import { useDepositReviews } from './deposits-api';

const TABS: (DepositReviewKind | 'all')[] = ['all', ...DEPOSIT_REVIEW_KINDS];
const PAGE = 20;

/**
 * Deposits to review (issue 27, decision 049): slips whose sender was not confirmed, QR payments
 * of another amount, gift links the sweep could not finish and manual notices, the longest waiting
 * first, each with its evidence. Staff with `money.approve` credit or refuse; everyone else reads
 * it (a line says so, in place of the buttons).
 */
export function DepositsPage() {
  const { t } = useConsoleTranslation();
  const [kind, setKind] = useState<DepositReviewKind | 'all'>('all');
  const [page, setPage] = useState(1);
  const queue = useDepositReviews(kind, page);
  const mayDecide = useStaffCan('money.approve');

  return (
    <div className="mx-auto h-full max-w-3xl overflow-y-auto px-3 py-4 sm:px-6">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h1 className="text-xl font-bold">{t('deposits.title')}</h1>
        {queue.data ? (
          <p className="text-sm text-mist-400">{t('deposits.count', { count: queue.data.total })}</p>
        ) : null}
      </div>
      <div
        role="tablist"
        aria-label={t('deposits.title')}
        className="mt-3 flex gap-1 overflow-x-auto rounded-xl bg-ink-900 p-1"
      >
        {TABS.map((tab) => (
          <button
            key={tab}
            type="button"
            role="tab"
            aria-selected={kind === tab}
            onClick={() => {
              setKind(tab);
              setPage(1);
            }}
            className={`min-h-11 flex-1 shrink-0 rounded-lg px-3 text-sm font-semibold whitespace-nowrap ${kind === tab ? 'bg-ink-700 text-snow' : 'text-mist-400 hover:text-snow'}`}
          >
            {t(`deposits.tabs.${tab}`)}
          </button>
        ))}
      </div>
      {!mayDecide ? <p className="mt-3 text-sm text-mist-400">{t('deposits.readOnly')}</p> : null}
      <div className="mt-4">
        {queue.isPending ? (
          <Loading />
        ) : queue.isError ? (
          <ErrorAlert
            action={
              <Button variant="secondary" onClick={() => void queue.refetch()}>
                {t('action.retry')}
              </Button>
            }
          >
            {t('deposits.failed')} {errorText(errorCodeOf(queue.error))}
          </ErrorAlert>
        ) : queue.data.items.length === 0 ? (
          <EmptyState
            icon={ReceiptText}
            title={t('deposits.empty')}
            text={t('deposits.emptyText')}
            className="py-12"
          />
        ) : (
          <ul className="space-y-3">
            {queue.data.items.map((item) => (
              <li key={item.id}>
                <DepositCard item={item} mayDecide={mayDecide} />
              </li>
            ))}
          </ul>
        )}
        {queue.data ? (
          <Pagination
            className="mt-4"
            label={t('deposits.pages')}
            page={page}
            pages={Math.ceil(queue.data.total / PAGE)}
            onPage={setPage}
            loading={queue.isFetching}
          />
        ) : null}
      </div>
    </div>
  );
}
