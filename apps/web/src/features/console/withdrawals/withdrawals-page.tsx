import { Banknote } from 'lucide-react';
import { useState } from 'react';
import { ErrorAlert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { Loading } from '../../../components/ui/loading';
import { Pagination } from '../../../components/ui/pagination';
import { errorCodeOf } from '../../../lib/api-client';
import { errorText } from '../../../lib/i18n';
import { useStaffCan, useStaffProfile } from '../console-api';
import { useConsoleTranslation } from '../console-texts';
import { RulesDialog } from './rules-dialog';
import { WithdrawalCard } from './withdrawal-card';
import { useWithdrawalQueue, type WithdrawalReviewState } from './withdrawals-api';

const TABS: WithdrawalReviewState[] = ['review', 'approved', 'rejected'];
const PAGE = 20;

/**
 * The withdrawal desk (issue 27): withdrawals the rules held for a person, the longest waiting
 * first, and those decided. Staff with `money.approve` claim, approve and reject; everyone else
 * reads it (a line says so, in place of the buttons).
 */
export function WithdrawalsPage() {
  const { t } = useConsoleTranslation();
  const [status, setStatus] = useState<WithdrawalReviewState>('review');
  const [page, setPage] = useState(1);
  const queue = useWithdrawalQueue(status, page);
  const mayDecide = useStaffCan('money.approve');
  const me = useStaffProfile().data?.id ?? null;
  const [rulesOpen, setRulesOpen] = useState(false);

  return (
    <div className="mx-auto h-full max-w-3xl overflow-y-auto px-3 py-4 sm:px-6">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h1 className="text-xl font-bold">{t('withdrawals.title')}</h1>
        <div className="flex items-center gap-3">
          {status === 'review' && queue.data ? (
            <p className="text-sm text-mist-400">{t('withdrawals.count', { count: queue.data.total })}</p>
          ) : null}
          {mayDecide ? (
            <Button variant="secondary" onClick={() => setRulesOpen(true)}>
              {t('withdrawals.rules.open')}
            </Button>
          ) : null}
        </div>
      </div>
      <div
        role="tablist"
        aria-label={t('withdrawals.title')}
        className="mt-3 flex gap-1 rounded-xl bg-ink-900 p-1"
      >
        {TABS.map((tab) => (
          <button
            key={tab}
            type="button"
            role="tab"
            aria-selected={status === tab}
            onClick={() => {
              setStatus(tab);
              setPage(1);
            }}
            className={`min-h-11 flex-1 rounded-lg px-2 text-sm font-semibold ${status === tab ? 'bg-ink-700 text-snow' : 'text-mist-400 hover:text-snow'}`}
          >
            {t(`withdrawals.tabs.${tab}`)}
          </button>
        ))}
      </div>
      {!mayDecide ? <p className="mt-3 text-sm text-mist-400">{t('withdrawals.readOnly')}</p> : null}
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
            {t('withdrawals.failed')} {errorText(errorCodeOf(queue.error))}
          </ErrorAlert>
        ) : queue.data.items.length === 0 ? (
          <EmptyState
            icon={Banknote}
            title={t(`withdrawals.empty.${status}`)}
            text={t('withdrawals.emptyText')}
            className="py-12"
          />
        ) : (
          <ul className="space-y-3">
            {queue.data.items.map((item) => (
              <li key={item.id}>
                <WithdrawalCard item={item} me={me} mayDecide={mayDecide} />
              </li>
            ))}
          </ul>
        )}
        {queue.data ? (
          <Pagination
            className="mt-4"
            label={t('withdrawals.pages')}
            page={page}
            pages={Math.ceil(queue.data.total / PAGE)}
            onPage={setPage}
            loading={queue.isFetching}
          />
        ) : null}
      </div>
      <RulesDialog open={rulesOpen} onClose={() => setRulesOpen(false)} />
    </div>
  );
}
