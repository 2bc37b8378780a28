import { useState, type FormEvent } from 'react';
import {
  ADJUSTMENT_REASONS,
  AdjustmentCreateRequest,
  type AdjustmentReason,
} from '@wallet/contract/http/adjustment';
import { formatMajorAmount, parseMajorAmount, type PerCurrency } from '@wallet/contract/money';
import { ErrorAlert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { SelectField, TextField } from '../../../components/ui/field';
import { useToast } from '../../../components/ui/toast';
import { errorCodeOf } from '../../../lib/api-client';
import { formatMoney } from '../../../lib/format';
import { errorText } from '../../../lib/i18n';
import { useConsoleTranslation } from '../console-texts';
import { useCreateAdjustment, useMemberCurrency } from './adjustments-api';

/** What staff typed as signed minor units ("-150.25", "+1,000", "−20"), or null. */
export function parseSignedAmount(text: string): number | null {
  const trimmed = text.trim();
  const negative = /^[-−]/.test(trimmed);
  const parsed = parseMajorAmount(trimmed.replace(/^[-−+]\s*/, ''));
  if (parsed === null || parsed === 0) return null;
  const minor: number = parsed;
  return negative ? -minor : minor;
}

type Errors = Partial<Record<'memberId' | 'amount' | 'reason' | 'memberReason', string>>;

/**
 * A maker's request: member, signed amount, what the member reads and a note for staff, checked by
 * the contract's schema before a confirm that says what will happen to whose money.
 */
export function AdjustmentForm({ approvalOver }: { approvalOver: PerCurrency<number> | null }) {
  const { t } = useConsoleTranslation();
  const toast = useToast();
  const create = useCreateAdjustment();
  const [memberId, setMemberId] = useState('');
  const [amount, setAmount] = useState('');
  const [memberReason, setMemberReason] = useState<AdjustmentReason>('correction');
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [asking, setAsking] = useState<AdjustmentCreateRequest | null>(null);
  // Said in the member's currency: a kip member's ₭ is judged by the kip threshold (decision 075).
  const member = useMemberCurrency(asking?.memberId ?? null);
  const currency = member.data;

  function review(event: FormEvent) {
    event.preventDefault();
    create.reset();
    const signed = parseSignedAmount(amount);
    const id = /^\d{1,10}$/.test(memberId.trim()) ? Number(memberId.trim()) : null;
    const found: Errors = {};
    if (id === null || id === 0) found.memberId = t('adjustments.form.memberIdInvalid');
    if (signed === null) found.amount = t('adjustments.form.amountInvalid');
    const body = { memberId: id ?? 0, amount: signed ?? 0, reason, memberReason };
    const parsed = AdjustmentCreateRequest.safeParse(body);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] as keyof Errors;
        if (field === 'reason' || field === 'memberReason') found[field] ??= errorText(issue.message);
      }
    }
    setErrors(found);
    if (Object.keys(found).length === 0) setAsking(body);
  }

  function confirm() {
    // Not before the member's currency is known: the confirm must say what it asks in it.
    if (!asking || !currency) return;
    create.mutate(asking, {
      onSuccess: (answer) => {
        toast.show('success', t(`adjustments.done.${answer.status}`), { after: 'close' });
        setAsking(null);
        setMemberId('');
        setAmount('');
        setReason('');
        setMemberReason('correction');
      },
      onError: () => setAsking(null),
    });
  }

  const limit = approvalOver === null || !currency ? '' : formatMoney(approvalOver[currency], currency);
  const money = !asking
    ? ''
    : currency
      ? formatMoney(Math.abs(asking.amount), currency)
      : formatMajorAmount(Math.abs(asking.amount));
  return (
    <form onSubmit={review} noValidate className="space-y-4" aria-labelledby="adjustment-form-title">
      <h2 id="adjustment-form-title" className="text-base font-semibold">
        {t('adjustments.form.title')}
      </h2>
      <TextField
        label={t('adjustments.form.memberId')}
        inputMode="numeric"
        autoComplete="off"
        value={memberId}
        onChange={(event) => setMemberId(event.target.value)}
        error={errors.memberId}
      />
      <TextField
        label={t('adjustments.form.amount')}
        inputMode="text"
        autoComplete="off"
        placeholder="0.00"
        value={amount}
        onChange={(event) => setAmount(event.target.value)}
        error={errors.amount}
        hint={t('adjustments.form.amountHint')}
      />
      <SelectField
        label={t('adjustments.form.memberReason')}
        placeholder={t('adjustments.form.memberReason')}
        value={memberReason}
        onChange={(event) => setMemberReason((event.target.value || 'correction') as AdjustmentReason)}
        options={ADJUSTMENT_REASONS.map((value) => ({
          value,
          label: t(`statement.adjustmentReason.${value}`),
        }))}
        error={errors.memberReason}
      />
      <TextField
        label={t('adjustments.form.reason')}
        autoComplete="off"
        maxLength={500}
        value={reason}
        onChange={(event) => setReason(event.target.value)}
        error={errors.reason}
        hint={t('adjustments.form.reasonHint')}
      />
      {create.isError ? <ErrorAlert>{errorText(errorCodeOf(create.error))}</ErrorAlert> : null}
      <Button type="submit" block loading={create.isPending}>
        {t('adjustments.form.submit')}
      </Button>

      <ConfirmDialog
        open={asking !== null}
        onClose={() => setAsking(null)}
        title={
          asking
            ? t(asking.amount > 0 ? 'adjustments.confirm.titleIn' : 'adjustments.confirm.titleOut', {
                amount: money,
                member: asking.memberId,
              })
            : ''
        }
        confirmLabel={t('adjustments.confirm.confirm')}
        cancelLabel={t('action.cancel')}
        onConfirm={confirm}
        pending={create.isPending || (member.isFetching && !currency)}
        tone={asking && asking.amount < 0 ? 'danger' : 'primary'}
      >
        {asking && member.isError ? (
          <ErrorAlert>{errorText(errorCodeOf(member.error))}</ErrorAlert>
        ) : asking && currency ? (
          <div className="space-y-2 text-sm text-mist-300">
            <p>
              {approvalOver !== null && Math.abs(asking.amount) > approvalOver[currency]
                ? t('adjustments.confirm.awaits', { limit })
                : t('adjustments.confirm.applies', { limit })}
            </p>
            <p>
              {t('adjustments.confirm.memberReads', {
                reason: t(`statement.adjustmentReason.${asking.memberReason ?? 'correction'}`),
              })}
            </p>
            <p className="break-words text-mist-400">“{asking.reason.trim()}”</p>
          </div>
        ) : null}
      </ConfirmDialog>
    </form>
  );
}
