import { CircleCheck, CircleMinus } from 'lucide-react';
import type { ReactNode } from 'react';
import type { Currency } from '@wallet/contract/money';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { formatMoney } from '../../lib/format';
import { useRewardsTranslation } from '../../lib/rewards-texts';

/** A percent as written in the terms: up to two decimals, no trailing zeros ("0.5", "10"). */
export const percentText = (percent: number) =>
  new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 }).format(percent);

/**
 * Label and value rows in a card. The label wraps; the value keeps to the right and may wrap
 * under a long Thai or Lao label on a 320 px phone.
 */
export function TermRows({ rows }: { rows: [label: string, value: ReactNode][] }) {
  return (
    <dl className="divide-y divide-white/5 rounded-xl bg-ink-900 px-4 py-1">
      {rows.map(([label, value]) => (
        <div key={label} className="flex flex-wrap items-baseline justify-between gap-x-3 py-2">
          <dt className="text-sm text-mist-400">{label}</dt>
          <dd className="ml-auto text-right text-[15px] leading-snug font-medium tabular-nums">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** The terms of the grant a claim makes (decision 020): keep `success`% once played, lose `fail`% on cancel. */
export interface GrantTermsProps {
  amount: number;
  currency: Currency;
  turnoverMultiple: number;
  success: number;
  fail: number;
}

/** The turnover to play on `amount`, and what is kept or taken back, in words. */
export function GrantTerms({ amount, currency, turnoverMultiple, success, fail }: GrantTermsProps) {
  const { t } = useRewardsTranslation();
  return (
    <div className="space-y-3">
      <TermRows
        rows={[
          [
            t('grant.turnover'),
            turnoverMultiple > 0 ? (
              <>
                {formatMoney(amount * turnoverMultiple, currency)}
                <span className="block text-xs font-normal text-mist-400">
                  {t('grant.turnoverTimes', { multiple: turnoverMultiple })}
                </span>
              </>
            ) : (
              t('grant.noTurnover')
            ),
          ],
        ]}
      />
      <ul className="space-y-2 text-sm">
        <li className="flex gap-2.5 rounded-xl bg-mint-400/10 px-4 py-3 text-emerald-200">
          <CircleCheck className="mt-0.5 size-4 shrink-0 text-mint-400" aria-hidden="true" />
          <span>{t('grant.success', { percent: percentText(success) })}</span>
        </li>
        <li className="flex gap-2.5 rounded-xl bg-rose-500/10 px-4 py-3 text-rose-200">
          <CircleMinus className="mt-0.5 size-4 shrink-0 text-rose-400" aria-hidden="true" />
          <span>{t('grant.fail', { percent: percentText(fail) })}</span>
        </li>
      </ul>
    </div>
  );
}

/**
 * Confirms money that reaches the wallet as a grant (the invite bonus claim, the refund to the
 * wallet): the amount, the turnover it brings and both percents, before anything is sent.
 */
export function GrantConfirmDialog({
  open,
  title,
  amountLabel,
  confirmLabel,
  pending,
  onConfirm,
  onClose,
  ...terms
}: GrantTermsProps & {
  open: boolean;
  title: string;
  amountLabel: string;
  confirmLabel: string;
  pending: boolean;
  onConfirm: () => void;
  onClose: () => void;
}) {
  const { t } = useRewardsTranslation();
  return (
    <ConfirmDialog
      open={open}
      onClose={onClose}
      title={title}
      confirmLabel={confirmLabel}
      pending={pending}
      onConfirm={onConfirm}
      cancelLabel={t('grant.notNow')}
    >
      <div className="space-y-4">
        <div className="rounded-xl bg-gold-400/10 px-4 py-3 text-center">
          <p className="text-sm text-mist-300">{amountLabel}</p>
          <p className="text-[28px] leading-tight font-bold text-gold-300 tabular-nums">
            {formatMoney(terms.amount, terms.currency)}
          </p>
        </div>
        <GrantTerms {...terms} />
      </div>
    </ConfirmDialog>
  );
}
