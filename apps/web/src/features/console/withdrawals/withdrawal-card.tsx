import { Clock, UserCheck, Users } from 'lucide-react';
import { useState } from 'react';
import type { WithdrawalReviewItem } from '@wallet/contract/http/console-withdrawals';
import { BankBadge } from '../../../components/bank-badge';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { useToast } from '../../../components/ui/toast';
import { errorCodeOf } from '../../../lib/api-client';
import { formatDateTime, formatMoney, timeAgo } from '../../../lib/format';
import { useNow } from '../../../lib/use-now';
import { errorText } from '../../../lib/i18n';
import { useConsoleTranslation } from '../console-texts';
import { RiskFlagChip } from '../risk-flag-chip';
import { RejectDialog } from './reject-dialog';
import { useApproveWithdrawal, useClaimWithdrawal } from './withdrawals-api';

const time = (iso: string) => formatDateTime(iso);

/**
 * One withdrawal of the desk: its amount, member, bank and why it was held; who works on it or
 * decided it; and, for staff who may decide, claim, approve and reject. The first of two approvers
 * is not offered the approve button again: the second must be someone else.
 */
export function WithdrawalCard({
  item,
  me,
  mayDecide,
}: {
  item: WithdrawalReviewItem;
  me: number | null;
  mayDecide: boolean;
}) {
  const { t } = useConsoleTranslation();
  const toast = useToast();
  const claim = useClaimWithdrawal();
  const approve = useApproveWithdrawal();
  const [asking, setAsking] = useState<'approve' | 'reject' | null>(null);
  const amount = formatMoney(item.amount, item.currency);
  const claimedByOther = item.claim !== null && item.claim.id !== me;
  const approvedFirstByMe = item.firstApproval?.id === me;
  const waiting = item.status === 'review';
  const now = useNow();
  const age = timeAgo(Date.parse(item.createdAt), now);

  function approveNow() {
    approve.mutate(item.id, {
      onSuccess: (decided) => {
        setAsking(null);
        toast.show(
          'success',
          t(decided.status === 'approved' ? 'withdrawals.approved' : 'withdrawals.firstApproved', { amount }),
          { after: 'close' },
        );
      },
    });
  }

  return (
    <article className="card space-y-3 p-4" aria-label={`${amount} · ${item.member.name}`}>
      <div className="flex flex-wrap items-start justify-between gap-x-4 gap-y-1">
        <div className="min-w-0">
          <p className="text-2xl font-bold tabular-nums">{amount}</p>
          <p className="break-words">
            <span className="font-semibold">{item.member.name}</span>{' '}
            <span className="text-sm text-mist-400 tabular-nums">
              {item.member.username} · {t('withdrawals.member', { id: item.member.id })}
            </span>
          </p>
        </div>
        <p className="flex items-center gap-1.5 text-sm text-mist-400">
          <Clock className="size-4" aria-hidden="true" />
          <span>
            {t('withdrawals.asked', { time: time(item.createdAt) })}
            {waiting ? (
              <span className="font-semibold text-amber-300">
                {' · '}
                {age ? t(`time.ago.${age.unit}`, { count: age.count }) : t('time.justNow')}
              </span>
            ) : null}
          </span>
        </p>
      </div>
      <p className="flex items-center gap-2 text-sm text-mist-300">
        <BankBadge code={item.bank.code} size="sm" />
        <span className="tabular-nums">
          {t('withdrawals.paidTo', { bank: item.bank.code, account: item.bank.accountNo })}
        </span>
      </p>
      <ul className="flex flex-wrap gap-1.5" aria-label={t('withdrawals.title')}>
        {item.heldFor.map((reason) => (
          <li
            key={reason}
            className="rounded-full bg-amber-400/15 px-2.5 py-1 text-xs font-semibold text-amber-300"
          >
            {t(`withdrawals.heldFor.${reason}`)}
          </li>
        ))}
        {item.flags.map((flag) => (
          <RiskFlagChip key={flag} flag={flag} />
        ))}
        {item.needsTwo ? (
          <li className="flex items-center gap-1 rounded-full bg-sky-400/15 px-2.5 py-1 text-xs font-semibold text-sky-300">
            <Users className="size-3.5" aria-hidden="true" />
            {t('withdrawals.needsTwo')}
          </li>
        ) : null}
      </ul>
      {item.firstApproval ? (
        <p className="flex items-center gap-1.5 text-sm text-mist-300">
          <UserCheck className="size-4 text-mint-400" aria-hidden="true" />
          {t('withdrawals.firstApproval', {
            name: item.firstApproval.username,
            time: time(item.firstApproval.at),
          })}
        </p>
      ) : null}
      {item.claim && waiting ? (
        <p className={`text-sm ${claimedByOther ? 'text-amber-300' : 'text-mist-300'}`}>
          {claimedByOther
            ? t('withdrawals.claimedBy', { name: item.claim.username, time: time(item.claim.until) })
            : t('withdrawals.claimedByYou', { time: time(item.claim.until) })}
        </p>
      ) : null}
      {item.decision ? (
        <div className="space-y-1 text-sm text-mist-300">
          <p>
            {t('withdrawals.decidedBy', {
              status: t(`withdrawals.status.${item.status === 'rejected' ? 'rejected' : 'approved'}`),
              name: item.decision.by.username,
              time: time(item.decision.at),
            })}
            {item.decision.refusal ? ` · ${t(`withdrawals.reasons.${item.decision.refusal}`)}` : null}
          </p>
          {/* Typed by staff: shown as text, never as HTML. */}
          {item.decision.note ? (
            <p className="break-words text-mist-400">{t('withdrawals.note', { note: item.decision.note })}</p>
          ) : null}
        </div>
      ) : null}
      {mayDecide && waiting ? (
        <div className="flex flex-wrap gap-2 pt-1 [&>button]:flex-1 [&>button]:px-3 sm:[&>button]:flex-none sm:[&>button]:px-5">
          {!claimedByOther && !item.claim ? (
            <Button
              variant="secondary"
              loading={claim.isPending}
              onClick={() =>
                claim.mutate(item.id, {
                  onError: (error) => toast.show('error', errorText(errorCodeOf(error))),
                })
              }
            >
              {t('withdrawals.claim')}
            </Button>
          ) : null}
          {!approvedFirstByMe ? (
            <Button disabled={claimedByOther} onClick={() => setAsking('approve')}>
              {t(item.firstApproval ? 'withdrawals.approveSecond' : 'withdrawals.approve')}
            </Button>
          ) : null}
          <Button variant="danger" disabled={claimedByOther} onClick={() => setAsking('reject')}>
            {t('withdrawals.reject')}
          </Button>
        </div>
      ) : null}
      <ConfirmDialog
        open={asking === 'approve'}
        onClose={() => {
          setAsking(null);
          approve.reset();
        }}
        title={t('withdrawals.approveTitle')}
        confirmLabel={t(item.firstApproval ? 'withdrawals.approveSecond' : 'withdrawals.approve')}
        cancelLabel={t('withdrawals.cancel')}
        onConfirm={approveNow}
        pending={approve.isPending}
        layout="stacked"
        notice={
          approve.isError ? (
            <span className="text-rose-400">{errorText(errorCodeOf(approve.error))}</span>
          ) : null
        }
      >
        <p>
          {item.needsTwo && !item.firstApproval
            ? t('withdrawals.approveFirstBody', { amount })
            : t('withdrawals.approveBody', { amount, name: item.member.name, account: item.bank.accountNo })}
        </p>
      </ConfirmDialog>
      <RejectDialog item={item} open={asking === 'reject'} onClose={() => setAsking(null)} />
    </article>
  );
}
