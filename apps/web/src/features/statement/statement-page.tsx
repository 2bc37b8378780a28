import { FileClock, ReceiptText } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PAGE_SIZE } from '@wallet/contract/constants';
import { Page } from '../../components/page';
import { ErrorAlert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { EmptyState } from '../../components/ui/empty-state';
import { Loading } from '../../components/ui/loading';
import { Pagination } from '../../components/ui/pagination';
import { ApiError } from '../../lib/api-client';
import { errorText } from '../../lib/i18n';
import { SlipStatusDialog } from './slip-status-dialog';
import { useStatement } from './statement-api';
import { StatementRow } from './statement-row';

/** The member's movements, 10 a page, and the status of uploaded slips (spec section 2, Statement). */
export function StatementPage() {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const [slipsOpen, setSlipsOpen] = useState(false);
  const statement = useStatement(page);
  const pages = Math.max(1, Math.ceil((statement.data?.total ?? 0) / PAGE_SIZE.statement));

  return (
    <Page
      title={t('statement.title')}
      action={
        <Button
          variant="secondary"
          className="px-3.5 text-sm"
          icon={<FileClock className="size-4" aria-hidden="true" />}
          onClick={() => setSlipsOpen(true)}
        >
          {t('statement.slips')}
        </Button>
      }
    >
      {statement.isPending ? (
        <Loading />
      ) : statement.isError && !statement.data ? (
        <ErrorAlert
          action={
            <Button variant="secondary" className="px-3 text-sm" onClick={() => void statement.refetch()}>
              {t('action.retry')}
            </Button>
          }
        >
          {errorText(statement.error instanceof ApiError ? statement.error.code : 'INTERNAL_SERVER_ERROR')}
        </ErrorAlert>
      ) : statement.data.statements.length === 0 ? (
        <EmptyState
          icon={ReceiptText}
          title={t('statement.empty')}
          text={t('statement.emptyText')}
          className="card px-6 py-10"
        />
      ) : (
        <>
          <ul
            aria-busy={statement.isPlaceholderData || undefined}
            className={`card divide-y divide-white/5 transition-opacity ${statement.isPlaceholderData ? 'opacity-60' : ''}`}
          >
            {statement.data.statements.map((row) => (
              <StatementRow key={row.id} row={row} />
            ))}
          </ul>
          <Pagination
            label={t('statement.pagination')}
            page={page}
            pages={pages}
            onPage={setPage}
            loading={statement.isPlaceholderData}
            className="mt-4"
          />
        </>
      )}
      <SlipStatusDialog open={slipsOpen} onClose={() => setSlipsOpen(false)} />
    </Page>
  );
}
