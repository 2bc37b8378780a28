import { useState } from 'react';
import {
  WITHDRAWAL_REFUSALS,
  type WithdrawalRefusal,
  type WithdrawalReviewItem,
} from '@wallet/contract/http/console-withdrawals';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { SelectField, TextAreaField } from '../../../components/ui/field';
import { useToast } from '../../../components/ui/toast';
import { errorCodeOf } from '../../../lib/api-client';
import { formatMoney } from '../../../lib/format';
import { errorText } from '../../../lib/i18n';
import { useConsoleTranslation } from '../console-texts';
import { useRejectWithdrawal } from './withdrawals-api';

/**
 * Rejecting a held withdrawal: the reason the member reads (translated by the server into their
 * statement) and a note only colleagues read. The money goes back to the wallet.
 */
export function RejectDialog({
  item,
  open,
  onClose,
}: {
  item: WithdrawalReviewItem;
  open: boolean;
  onClose: () => void;
}) {
  const { t } = useConsoleTranslation();
  const toast = useToast();
  const reject = useRejectWithdrawal();
  const [reason, setReason] = useState<WithdrawalRefusal | ''>('');
  const [note, setNote] = useState('');
  const [missing, setMissing] = useState(false);
  const amount = formatMoney(item.amount, item.currency);

  function close() {
    reject.reset();
    setMissing(false);
    onClose();
  }

  function confirm() {
    if (!reason) {
      setMissing(true);
      return;
    }
    reject.mutate(
      { id: item.id, reason, note },
      {
        onSuccess: () => {
          toast.show('success', t('withdrawals.rejected'), { after: 'close' });
          close();
        },
      },
    );
  }

  return (
    <ConfirmDialog
      open={open}
      onClose={close}
      title={t('withdrawals.rejectTitle')}
      confirmLabel={t('withdrawals.reject')}
      cancelLabel={t('withdrawals.cancel')}
      onConfirm={confirm}
      pending={reject.isPending}
      tone="danger"
      layout="stacked"
      notice={
        reject.isError ? <span className="text-rose-400">{errorText(errorCodeOf(reject.error))}</span> : null
      }
    >
      <div className="space-y-4">
        <p>{t('withdrawals.rejectBody', { amount, name: item.member.name })}</p>
        <SelectField
          label={t('withdrawals.reason')}
          placeholder={t('withdrawals.reason')}
          value={reason}
          error={missing ? t('withdrawals.reasonMissing') : undefined}
          onChange={(event) => {
            setReason(event.target.value as WithdrawalRefusal);
            setMissing(false);
          }}
          options={WITHDRAWAL_REFUSALS.map((value) => ({ value, label: t(`withdrawals.reasons.${value}`) }))}
        />
        <TextAreaField
          label={t('withdrawals.noteLabel')}
          hint={t('withdrawals.noteHint')}
          value={note}
          maxLength={500}
          rows={3}
          onChange={(event) => setNote(event.target.value)}
        />
      </div>
    </ConfirmDialog>
  );
}
