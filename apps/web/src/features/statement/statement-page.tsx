import { FileClock, ListFilter, ReceiptText } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PAGE_SIZE } from '@wallet/contract/constants';
import type { StatementRow as Row, StatementType } from '@wallet/contract/http/statement';
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
import { StatementDetailDialog } from './statement-detail-dialog';
import { NetDeposits } from './net-deposits';
import { StatementFilter } from './statement-filter';
import { StatementRow } from './statement-row';
import { useStatementTexts } from './statement-texts';

/**
 * The member's movements, 10 a page, of every type or of one; a tap on one shows it in full; and
 * the status of uploaded slips (spec section 2, Statement).
 */
export function StatementPage() {
  const { t } = useTranslation();
  const [type, setType] = useState<StatementType | undefined>(undefined);
  const [page, setPage] = useState(1);
  const [open, setOpen] = useState<Row | null>(null);
  const [slipsOpen, setSlipsOpen] = useState(false);
  const statement = useStatement(page, type);
  const texts = useStatementTexts();
  const show = (next: StatementType | undefined) => {
    setType(next);
    setPage(1);
  };
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
      <NetDeposits />
      <StatementFilter type={type} onType={show} />
      {statement.isPending || !texts.ready ? (
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
      ) : statement.data.statements.length === 0 && type ? (
        <EmptyState
          icon={ListFilter}
          title={t('statement.filter.empty', { type: t(`statement.type.${type}`) })}
          text={t('statement.filter.emptyText')}
          className="card px-6 py-10"
        >
          <Button variant="secondary" className="px-4 text-sm" onClick={() => show(undefined)}>
            {t('statement.filter.showAll')}
          </Button>
        </EmptyState>
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
              <StatementRow key={row.id} row={row} texts={texts} onOpen={setOpen} />
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
      <StatementDetailDialog row={open} texts={texts} onClose={() => setOpen(null)} />
      <SlipStatusDialog open={slipsOpen} onClose={() => setSlipsOpen(false)} />
    </Page>
  );
}
