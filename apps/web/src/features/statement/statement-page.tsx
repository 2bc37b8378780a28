import { ChevronLeft, ChevronRight, FileClock, ReceiptText } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PAGE_SIZE } from '@wallet/contract/constants';
import { Page } from '../../components/page';
import { ErrorAlert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Loading } from '../../components/ui/loading';
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
        <div className="card flex flex-col items-center gap-3 px-6 py-10 text-center">
          <span className="inline-flex size-14 items-center justify-center rounded-2xl bg-ink-700 text-gold-300">
            <ReceiptText className="size-7" aria-hidden="true" />
          </span>
          <p className="text-lg font-semibold">{t('statement.empty')}</p>
          <p className="text-sm text-mist-300">{t('statement.emptyText')}</p>
        </div>
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
          {pages > 1 ? (
            <nav
              aria-label={t('statement.pagination')}
              className="mt-4 flex items-center justify-between gap-2"
            >
              <Button
                variant="secondary"
                className="px-3"
                icon={<ChevronLeft className="size-5" aria-hidden="true" />}
                disabled={page <= 1}
                onClick={() => setPage(page - 1)}
              >
                {t('statement.previous')}
              </Button>
              <p className="text-sm text-mist-300 tabular-nums" aria-live="polite">
                {t('statement.page', { page, pages })}
              </p>
              <Button
                variant="secondary"
                className="flex-row-reverse px-3"
                icon={<ChevronRight className="size-5" aria-hidden="true" />}
                disabled={page >= pages || statement.isPlaceholderData}
                onClick={() => setPage(page + 1)}
              >
                {t('statement.next')}
              </Button>
            </nav>
          ) : null}
        </>
      )}
      <SlipStatusDialog open={slipsOpen} onClose={() => setSlipsOpen(false)} />
    </Page>
  );
}
