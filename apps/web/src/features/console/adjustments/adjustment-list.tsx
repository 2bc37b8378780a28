import { Inbox } from 'lucide-react';
import { useState } from 'react';
import {
  ADJUSTMENT_STATUSES,
  type AdjustmentStatus,
  type ConsoleAdjustment,
} from '@wallet/contract/http/adjustment';
import { ErrorAlert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { EmptyState } from '../../../components/ui/empty-state';
import { TextField } from '../../../components/ui/field';
import { Loading } from '../../../components/ui/loading';
import { Pagination } from '../../../components/ui/pagination';
import { useToast } from '../../../components/ui/toast';
import { errorCodeOf } from '../../../lib/api-client';
import { formatDateTime, formatMoney } from '../../../lib/format';
import { errorText } from '../../../lib/i18n';
import { useStaffProfile } from '../console-api';
import { useConsoleTranslation } from '../console-texts';
import { perCurrencyText } from '../per-currency-fields';
import {
  ADJUSTMENTS_PAGE_SIZE,
  useDecideAdjustment,
  type AdjustmentDecision,
  useAdjustments,
} from './adjustments-api';

const signed = (row: Pick<ConsoleAdjustment, 'amount' | 'currency'>) =>
  `${row.amount > 0 ? '+' : '-'}${formatMoney(Math.abs(row.amount), row.currency)}`;

/**
 * The adjustments of one status, a page at a time: the checkers' queue (oldest first) with approve
 * and reject, and what was applied or rejected. Approve is never offered on one's own request.
 */
export function AdjustmentList({
  status,
  onStatus,
}: {
  status: AdjustmentStatus;
  onStatus: (s: AdjustmentStatus) => void;
}) {
  const { t } = useConsoleTranslation();
  const [page, setPage] = useState(1);
  const list = useAdjustments(status, page);
  const me = useStaffProfile().data?.id ?? null;
  const [deciding, setDeciding] = useState<{ row: ConsoleAdjustment; decision: 'approve' | 'reject' } | null>(
    null,
  );
  const pages = Math.max(1, Math.ceil((list.data?.total ?? 0) / ADJUSTMENTS_PAGE_SIZE));

  return (
    <section aria-labelledby="adjustment-list-title" className="min-w-0">
      <h2 id="adjustment-list-title" className="sr-only">
        {t('adjustments.list.label')}
      </h2>
      <div role="group" aria-label={t('adjustments.list.tabsLabel')} className="mb-4 flex flex-wrap gap-2">
        {ADJUSTMENT_STATUSES.map((one) => (
          <button
            key={one}
            type="button"
            aria-pressed={status === one}
            onClick={() => {
              setPage(1);
              onStatus(one);
            }}
            className="min-h-11 rounded-full border border-white/10 bg-ink-800 px-3.5 text-sm font-medium text-mist-300 hover:bg-ink-700 hover:text-snow aria-pressed:border-gold-400 aria-pressed:bg-gold-400/10 aria-pressed:text-gold-300"
          >
            {t(`adjustments.list.tabs.${one}`)}
            {one === status && list.data ? ` (${list.data.total})` : ''}
          </button>
        ))}
      </div>
      {list.isPending ? (
        <Loading />
      ) : list.isError ? (
        <ErrorAlert
          action={
            <Button variant="secondary" onClick={() => void list.refetch()}>
              {t('action.retry')}
            </Button>
          }
        >
          {errorText(errorCodeOf(list.error))}
        </ErrorAlert>
      ) : list.data.adjustments.length === 0 ? (
        <EmptyState
          icon={Inbox}
          title={t(`adjustments.list.empty.${status}`)}
          text={t('adjustments.intro', { limit: perCurrencyText(list.data.approvalOver) })}
          className="rounded-2xl border border-white/5 bg-ink-900 px-6 py-10"
        />
      ) : (
        <ul aria-label={t(`adjustments.list.tabs.${status}`)} className="space-y-2">
          {list.data.adjustments.map((row) => (
            <AdjustmentItem
              key={row.id}
              row={row}
              mine={row.maker.id === me}
              onDecide={(decision) => setDeciding({ row, decision })}
            />
          ))}
        </ul>
      )}
      <Pagination
        label={t('adjustments.list.pagination')}
        page={page}
        pages={pages}
        onPage={setPage}
        loading={list.isFetching}
        className="mt-4"
      />
      <DecisionDialog deciding={deciding} onClose={() => setDeciding(null)} />
    </section>
  );
}

function AdjustmentItem({
  row,
  mine,
  onDecide,
}: {
  row: ConsoleAdjustment;
  mine: boolean;
  onDecide: (decision: 'approve' | 'reject') => void;
}) {
  const { t } = useConsoleTranslation();
  return (
    <li
      data-adjustment={row.id}
      className="flex flex-wrap items-start gap-x-4 gap-y-2 rounded-2xl border border-white/5 bg-ink-900 px-4 py-3"
    >
      <div className="min-w-0 flex-1 basis-64">
        <p className="flex flex-wrap items-baseline gap-x-3">
          <span
            className={`text-lg font-semibold tabular-nums ${row.amount > 0 ? 'text-mint-400' : 'text-rose-400'}`}
          >
            {signed(row)}
          </span>
          <span className="text-sm text-mist-300">
            {t('adjustments.list.member', { id: row.member.id, username: row.member.username })}
          </span>
        </p>
        <p className="mt-1 text-sm break-words text-snow">{row.reason}</p>
        <p className="mt-1 text-xs text-mist-400">
          {t(`statement.adjustmentReason.${row.memberReason}`)} · #{row.id} ·{' '}
          <span className="tabular-nums">{formatDateTime(row.createdAt)}</span>
        </p>
        <p className="mt-1 text-xs text-mist-400">
          {t('adjustments.list.by', { name: row.maker.username })}
          {row.checker ? ` · ${t('adjustments.list.checkedBy', { name: row.checker.username })}` : ''}
          {row.status === 'applied' && !row.checker ? ` · ${t('adjustments.list.atOnce')}` : ''}
        </p>
        {row.rejectReason ? (
          <p className="mt-1 text-xs break-words text-rose-300">
            {t('adjustments.list.rejectReason', { reason: row.rejectReason })}
          </p>
        ) : null}
      </div>
      {row.status === 'awaiting_approval' ? (
        <div className="flex shrink-0 flex-wrap items-center gap-2">
          {mine ? (
            <span className="max-w-48 text-xs text-amber-300">{t('adjustments.list.yours')}</span>
          ) : (
            <Button className="px-4" onClick={() => onDecide('approve')}>
              {t('adjustments.list.approve')}
            </Button>
          )}
          <Button variant="secondary" className="px-4" onClick={() => onDecide('reject')}>
            {t('adjustments.list.reject')}
          </Button>
        </div>
      ) : null}
    </li>
  );
}

/** Approve (a confirm saying what moves) or reject (with the reason the maker will read). */
function DecisionDialog({
  deciding,
  onClose,
}: {
  deciding: { row: ConsoleAdjustment; decision: 'approve' | 'reject' } | null;
  onClose: () => void;
}) {
  const { t } = useConsoleTranslation();
  const toast = useToast();
  const decide = useDecideAdjustment();
  const [reason, setReason] = useState('');
  const [missing, setMissing] = useState(false);

  function close() {
    decide.reset();
    setReason('');
    setMissing(false);
    onClose();
  }

  function send() {
    if (!deciding) return;
    const { row, decision } = deciding;
    if (decision === 'reject' && reason.trim() === '') {
      setMissing(true);
      return;
    }
    const asked: AdjustmentDecision =
      decision === 'reject' ? { id: row.id, decision, reason: reason.trim() } : { id: row.id, decision };
    decide.mutate(asked, {
      onSuccess: (answer) => {
        toast.show(
          'success',
          t(answer.status === 'applied' ? 'adjustments.done.approved' : 'adjustments.done.rejected'),
          { after: 'close' },
        );
        close();
      },
      onError: (error) => {
        toast.show('error', errorText(errorCodeOf(error)), { after: 'close' });
        close();
      },
    });
  }

  const approving = deciding?.decision === 'approve';
  return (
    <ConfirmDialog
      open={deciding !== null}
      onClose={close}
      title={t(approving ? 'adjustments.approveDialog.title' : 'adjustments.rejectDialog.title')}
      confirmLabel={t(approving ? 'adjustments.approveDialog.confirm' : 'adjustments.rejectDialog.confirm')}
      cancelLabel={t('action.cancel')}
      onConfirm={send}
      pending={decide.isPending}
      tone={approving ? 'primary' : 'danger'}
    >
      {deciding ? (
        <div className="space-y-3 text-sm text-mist-300">
          <p className="text-lg font-semibold text-snow tabular-nums">{signed(deciding.row)}</p>
          <p>
            {t('adjustments.list.member', {
              id: deciding.row.member.id,
              username: deciding.row.member.username,
            })}
          </p>
          <p className="break-words">“{deciding.row.reason}”</p>
          {approving ? (
            <p>
              {t('adjustments.approveDialog.text', {
                amount: signed(deciding.row),
                member: deciding.row.member.id,
              })}
            </p>
          ) : (
            <>
              <p>{t('adjustments.rejectDialog.text')}</p>
              <TextField
                label={t('adjustments.rejectDialog.reason')}
                autoComplete="off"
                maxLength={500}
                value={reason}
                onChange={(event) => {
                  setReason(event.target.value);
                  setMissing(false);
                }}
                error={missing ? errorText('FIELD_REQUIRED') : undefined}
              />
            </>
          )}
        </div>
      ) : null}
    </ConfirmDialog>
  );
}
