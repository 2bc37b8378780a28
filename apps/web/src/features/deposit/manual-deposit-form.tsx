import { useDepositTranslation } from '../../lib/deposit-texts';
import { useId, useState, type FormEvent } from 'react';
import { ManualDepositRequest, type DepositResult } from '@wallet/contract/http/deposit';
import { parseMajorAmount, type Currency } from '@wallet/contract/money';
import { ErrorAlert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { AmountField } from '../../components/ui/field';
import { errorCodeOf } from '../../lib/api-client';
import { amountContext, formatMoney } from '../../lib/format';
import { errorText } from '../../lib/i18n';
import type { MoneyRequester } from '../../lib/idempotency';
import { useNotifyDeposit } from './deposit-api';

/**
 * A manual deposit notice (isManual of the deposit lookup): the member tells staff what they
 * transferred; staff check it and credit the wallet, so the answer is PENDING.
 */
export function ManualDepositForm({ money, currency }: { money: MoneyRequester; currency: Currency }) {
  const { t } = useDepositTranslation();
  const titleId = useId();
  const [amount, setAmount] = useState('');
  const [error, setError] = useState<string>();
  const [failure, setFailure] = useState<string | null>(null);
  const notify = useNotifyDeposit(money);
  const [sent, setSent] = useState<DepositResult | null>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setFailure(null);
    setSent(null);
    const text = amount.trim();
    const minor = text === '' ? 0 : parseMajorAmount(text, currency);
    if (minor === null) {
      setError(t('money.invalidAmount', { context: amountContext(currency) }));
      return;
    }
    const parsed = ManualDepositRequest.safeParse({ amount: minor });
    if (!parsed.success) {
      setError(errorText(parsed.error.issues[0]?.message ?? 'INVALID_INPUT'));
      return;
    }
    setError(undefined);
    try {
      setSent(await notify.mutateAsync(parsed.data.amount));
      setAmount('');
    } catch (failed) {
      const code = errorCodeOf(failed);
      if (code === 'DEPOSIT_MINIMUM') setError(errorText(code));
      else setFailure(errorText(code));
    }
  }

  return (
    <form
      noValidate
      aria-labelledby={titleId}
      onSubmit={(event) => void submit(event)}
      className="space-y-3 rounded-2xl border border-white/5 p-4"
    >
      <h3 id={titleId} className="text-[15px] font-semibold">
        {t('deposit.manual.title')}
      </h3>
      <p className="text-sm text-mist-300">{t('deposit.manual.text')}</p>
      <AmountField
        label={t('deposit.manual.amount')}
        name="amount"
        value={amount}
        onChange={(event) => setAmount(event.target.value)}
        error={error}
      />
      {failure ? <ErrorAlert>{failure}</ErrorAlert> : null}
      {sent ? (
        <p role="status" className="rounded-xl bg-amber-400/15 px-4 py-3 text-sm text-amber-300">
          {t('deposit.manual.done', { amount: formatMoney(sent.amount, currency) })}
        </p>
      ) : null}
      <Button type="submit" variant="secondary" block loading={notify.isPending}>
        {t('deposit.manual.submit')}
      </Button>
    </form>
  );
}
