import { useId, useState } from 'react';
import type { DepositReviewItem } from '@wallet/contract/http/console-deposits';
import { formatMajorAmount, parseMajorAmount } from '@wallet/contract/money';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { AmountField } from '../../../components/ui/field';
import { useToast } from '../../../components/ui/toast';
import { errorCodeOf } from '../../../lib/api-client';
import { formatMoney } from '../../../lib/format';
import { errorText } from '../../../lib/i18n';
import { useConsoleTranslation } from '../console-texts';
import { useDecideDeposit } from './deposits-api';

/**
 * Crediting or refusing a deposit: says what happens to whose money, asks for the note colleagues
 * read (required) and, for a credit, the amount (a slip's is fixed; a QR's defaults to what was
 * paid, a notice's to its amount; a gift link's must be typed). The server credits it once.
 */
export function DecideDialog({
  item,
  action,
  onClose,
}: {
  item: DepositReviewItem;
  action: 'credit' | 'refuse';
  onClose: () => void;
}) {
  const { t } = useConsoleTranslation();
  const toast = useToast();
  const decide = useDecideDeposit();
  const noteId = useId();
  const [note, setNote] = useState('');
  const [amountText, setAmountText] = useState(
    item.creditAmount === null ? '' : formatMajorAmount(item.creditAmount, item.currency),
  );
  const [missing, setMissing] = useState<{ note?: boolean; amount?: boolean }>({});
  const fixed = item.kind === 'slip';
  const amount = parseMajorAmount(amountText, item.currency);
  const crediting = action === 'credit';

  function close() {
    decide.reset();
    onClose();
  }

  function confirm() {
    const problems = { note: note.trim() === '', amount: crediting && (amount === null || amount <= 0) };
    setMissing(problems);
    if (problems.note || problems.amount) return;
    decide.mutate(
      crediting
        ? { action, id: item.id, note: note.trim(), ...(fixed ? {} : { amount: amount! }) }
        : { action, id: item.id, note: note.trim() },
      {
        onSuccess: (decided) => {
          toast.show(
            'success',
            decided.status === 'credited'
              ? t('deposits.credited', { amount: formatMoney(decided.amount ?? 0, decided.currency) })
              : t('deposits.refused'),
            { after: 'close' },
          );
          close();
        },
      },
    );
  }

  return (
    <ConfirmDialog
      open
      onClose={close}
      title={t(crediting ? 'deposits.creditTitle' : 'deposits.refuseTitle')}
      confirmLabel={t(crediting ? 'deposits.credit' : 'deposits.refuse')}
      cancelLabel={t('deposits.cancel')}
      onConfirm={confirm}
      pending={decide.isPending}
      tone={crediting ? 'primary' : 'danger'}
      layout="stacked"
      notice={
        decide.isError ? <span className="text-rose-400">{errorText(errorCodeOf(decide.error))}</span> : null
      }
    >
      <div className="space-y-4">
        <p>
          {crediting
            ? amount !== null && amount > 0
              ? t('deposits.creditBody', {
                  amount: formatMoney(amount, item.currency),
                  name: item.member.name,
                })
              : t('deposits.creditNoAmount', { name: item.member.name })
            : t('deposits.refuseBody', { name: item.member.name })}
        </p>
        {!crediting && item.currency !== item.walletCurrency ? (
          <p className="font-semibold text-rose-300">
            {t('deposits.mismatch.refuseBody', { amount: formatMoney(item.paid ?? 0, item.currency) })}
          </p>
        ) : null}
        {!crediting && item.kind === 'slip' ? (
          <p className="text-sm text-mist-400">{t('deposits.refuseSlip')}</p>
        ) : null}
        {crediting ? (
          <AmountField
            label={t('deposits.amountLabel')}
            value={amountText}
            readOnly={fixed}
            hint={t(`deposits.amountHint.${item.kind}`)}
            error={missing.amount ? t('deposits.amountInvalid') : undefined}
            onChange={(event) => {
              setAmountText(event.target.value);
              setMissing((was) => ({ ...was, amount: false }));
            }}
          />
        ) : null}
        <div>
          <label htmlFor={noteId} className="mb-1.5 block text-sm font-medium text-mist-300">
            {t('deposits.noteLabel')}
          </label>
          <textarea
            id={noteId}
            value={note}
            maxLength={500}
            rows={3}
            aria-invalid={missing.note ? true : undefined}
            onChange={(event) => {
              setNote(event.target.value);
              setMissing((was) => ({ ...was, note: false }));
            }}
            className="w-full rounded-xl border border-white/10 bg-ink-900 px-4 py-3 text-[16px] text-snow focus:border-gold-400 focus:outline-none aria-[invalid=true]:border-rose-400"
          />
          <p className={`mt-1 text-xs ${missing.note ? 'text-rose-400' : 'text-mist-500'}`}>
            {missing.note ? t('deposits.noteMissing') : t('deposits.noteHint')}
          </p>
        </div>
      </div>
    </ConfirmDialog>
  );
}
