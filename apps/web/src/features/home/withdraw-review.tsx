import { useTranslation } from 'react-i18next';
import { formatBankAccountNo } from '@wallet/contract/rules';
import type { Currency } from '@wallet/contract/money';
import type { ProfileResponse } from '@wallet/contract/http/account';
import { BankBadge } from '../../components/bank-badge';
import { ErrorAlert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { formatMoney } from '../../lib/format';
import { useReceiptTranslation } from '../../lib/receipt-texts';

/**
 * The last look before money leaves (issue 31 item 5): the amount, the bank, the holder's name in
 * full (it wraps: at 320 px a one-line name was cut to "SOMC…") and the account number. Nothing is
 * sent until Withdraw now; Change amount goes back to the form with the amount kept.
 */
export function WithdrawReview({
  amount,
  currency,
  bank,
  bankName,
  sending,
  failure,
  onConfirm,
  onBack,
}: {
  amount: number;
  currency: Currency;
  bank: ProfileResponse['bankAccount'];
  bankName: string;
  sending: boolean;
  failure: string | null;
  onConfirm: () => void;
  onBack: () => void;
}) {
  const { t } = useTranslation();
  const { t: r } = useReceiptTranslation();
  return (
    <section aria-label={r('review.title')} data-step="review" className="space-y-4">
      <p className="text-[15px] font-semibold">{r('review.title')}</p>
      <div className="rounded-xl bg-ink-900 px-4 py-3">
        <p className="text-xs text-mist-400">{r('review.amount')}</p>
        <p className="text-2xl font-bold break-words text-gold-300 tabular-nums">
          {formatMoney(amount, currency)}
        </p>
      </div>
      <dl className="divide-y divide-white/5 rounded-xl border border-white/5 px-4">
        <div className="py-2.5">
          <dt className="text-xs text-mist-400">{r('review.bank')}</dt>
          <dd className="mt-1 flex items-center gap-2 text-[15px]">
            <BankBadge code={bank.bank.code} size="sm" />
            <span className="min-w-0 break-words">{bankName}</span>
          </dd>
        </div>
        <div className="py-2.5">
          <dt className="text-xs text-mist-400">{r('review.name')}</dt>
          <dd data-field="holder" className="mt-0.5 text-[15px] font-medium break-words">
            {bank.bankAccountName}
          </dd>
        </div>
        <div className="py-2.5">
          <dt className="text-xs text-mist-400">{r('review.number')}</dt>
          <dd className="mt-0.5 text-[15px] tracking-wide tabular-nums">
            {formatBankAccountNo(bank.bankAccountNo)}
          </dd>
        </div>
      </dl>
      <p className="text-sm text-mist-300">{r('review.note')}</p>
      {failure ? <ErrorAlert>{failure}</ErrorAlert> : null}
      <Button block loading={sending} onClick={onConfirm}>
        {t('withdraw.submit')}
      </Button>
      <Button block variant="secondary" disabled={sending} onClick={onBack}>
        {r('review.back')}
      </Button>
    </section>
  );
}
