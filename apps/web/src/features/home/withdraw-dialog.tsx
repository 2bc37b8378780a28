import { Lock } from 'lucide-react';
import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { formatBankAccountNo } from '@wallet/contract/rules';
import { parseMajorAmount, type Currency } from '@wallet/contract/money';
import type { ProfileResponse } from '@wallet/contract/http/account';
import type { WithdrawLimits } from '@wallet/contract/http/lookup';
import {
  WithdrawRequest,
  type MoneyResult as Result,
  type WalletResponse,
} from '@wallet/contract/http/wallet';
import { BankBadge } from '../../components/bank-badge';
import { WithdrawalReceipt } from '../../components/withdrawal-receipt';
import { TurnoverProgress } from '../../components/turnover-progress';
import { ErrorAlert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Dialog } from '../../components/ui/dialog';
import { AmountField } from '../../components/ui/field';
import { Loading } from '../../components/ui/loading';
import { errorCodeOf } from '../../lib/api-client';
import { useBankName } from '../../lib/banks';
import { useBonusProgress } from '../../lib/bonus-progress';
import { useBonusTranslation } from '../../lib/bonus-texts';
import { amountContext, formatMoney } from '../../lib/format';
import { errorText } from '../../lib/i18n';
import { useMoneyRequester, type MoneyRequester } from '../../lib/idempotency';
import { useLookup } from '../../lib/lookups';
import { useReasonsTranslation } from '../../lib/reasons-texts';
import { useProfile } from '../../lib/profile';
import { useReceiptTranslation } from '../../lib/receipt-texts';
import { totalMinor } from './game-amounts';
import { MoneyResult } from './money-result';
import { useWithdraw } from './wallet-api';
import { WithdrawReview } from './withdraw-review';
// BANK_ACCOUNT_CURRENCY_MISMATCH is a signed-in member's text (decision 069).
import '../../lib/signed-in-error-texts';

/**
 * Withdrawal to the member's registered bank account (spec sections 2 and 5), within the limits
 * of the withdraw lookup, named in the messages. Closes with `moved` true after a withdrawal.
 */
export function WithdrawDialog({
  open,
  wallet,
  onClose,
}: {
  open: boolean;
  wallet: WalletResponse;
  onClose: (moved: boolean) => void;
}) {
  const { t } = useTranslation();
  const money = useMoneyRequester();
  const moved = useRef(false);
  const close = () => {
    onClose(moved.current);
    moved.current = false;
  };

  return (
    <Dialog open={open} onClose={close} title={t('withdraw.title')}>
      {open ? (
        <WithdrawBody
          money={money}
          wallet={wallet}
          onMoved={() => {
            moved.current = true;
          }}
          onDone={close}
        />
      ) : null}
    </Dialog>
  );
}

/** What the open dialog needs read first: the limits, the bank account, and any running bonus. */
function WithdrawBody({
  money,
  wallet,
  onMoved,
  onDone,
}: {
  money: MoneyRequester;
  wallet: WalletResponse;
  onMoved: () => void;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const limits = useLookup('withdraw');
  const profile = useProfile();
  // NOTE: read on every opening (issue 31): a bonus whose turnover is unmet will have the
  // withdrawal refused, so the lock shows before the member types an amount. When the progress
  // cannot be read, the form shows: the server still refuses, and the refusal shows the lock too.
  const progress = useBonusProgress();
  const running = progress.data?.progress;
  const locked = progress.isFetchedAfterMount && running?.state === 'active' && running.missing > 0;
  const progressKnown = progress.isFetchedAfterMount || progress.isError;

  const failed = limits.isError ? limits.error : profile.isError ? profile.error : null;
  if (locked) return <BonusCondition currency={wallet.wallet.currency} fresh onClose={onDone} />;
  return failed ? (
    <ErrorAlert
      action={
        <Button
          variant="secondary"
          className="px-3 text-sm"
          onClick={() => void Promise.all([limits.refetch(), profile.refetch()])}
        >
          {t('action.retry')}
        </Button>
      }
    >
      {errorText(errorCodeOf(failed))}
    </ErrorAlert>
  ) : limits.data && profile.data && progressKnown ? (
    <WithdrawForm
      money={money}
      wallet={wallet}
      limits={limits.data[wallet.wallet.currency]}
      bank={profile.data.bankAccount}
      onMoved={onMoved}
      onDone={onDone}
    />
  ) : (
    <Loading />
  );
}

function WithdrawForm({
  money,
  wallet,
  limits,
  bank,
  onMoved,
  onDone,
}: {
  money: MoneyRequester;
  wallet: WalletResponse;
  /** The limits of the member's currency (decision 067). */
  limits: WithdrawLimits;
  bank: ProfileResponse['bankAccount'];
  onMoved: () => void;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const { t: why } = useReasonsTranslation();
  const currency = wallet.wallet.currency;
  const available = totalMinor(wallet);
  const [amount, setAmount] = useState('');
  const [error, setError] = useState<string>();
  const [failure, setFailure] = useState<string | null>(null);
  const withdraw = useWithdraw(money);
  const [result, setResult] = useState<Result | null>(null);
  /** The server refused: a running bonus's turnover is not met yet. */
  const [bonusHeld, setBonusHeld] = useState(false);
  /** The amount under review (minor units), or null while the form shows. */
  const [reviewed, setReviewed] = useState<number | null>(null);
  const { t: r } = useReceiptTranslation();
  const bankName = useBankName(bank.bank.code, bank.bank.name);
  const accountNo = formatBankAccountNo(bank.bankAccountNo);
  const min = formatMoney(limits.withdrawMin, currency);
  const max = formatMoney(limits.withdrawMax, currency);

  /** The limit a code speaks of, named; other codes as translated. */
  const message = (code: string) =>
    code === 'WITHDRAW_MINIMUM'
      ? t('withdraw.minimum', { amount: min })
      : code === 'WITHDRAW_MAXIMUM'
        ? t('withdraw.maximum', { amount: max })
        : errorText(code);

  function problem(minor: number | null): string | undefined {
    if (minor === null) return t('money.invalidAmount', { context: amountContext(currency) });
    const parsed = WithdrawRequest.safeParse({ amount: minor });
    if (!parsed.success) return message(parsed.error.issues[0]!.message);
    if (minor < limits.withdrawMin) return message('WITHDRAW_MINIMUM');
    if (minor > limits.withdrawMax) return message('WITHDRAW_MAXIMUM');
    if (minor > available) return errorText('MONEY_NOT_ENOUGH');
    return undefined;
  }

  /** The form's Continue: an amount that passes every check is shown for review, not sent. */
  function next(event: FormEvent) {
    event.preventDefault();
    setFailure(null);
    const typed = amount.trim();
    const minor = typed === '' ? 0 : parseMajorAmount(typed, currency);
    const found = problem(minor);
    setError(found);
    if (found || minor === null) return;
    setReviewed(minor);
  }

  /** The review's Withdraw now: the only place money is sent from. */
  async function confirm(minor: number) {
    setFailure(null);
    try {
      setResult(await withdraw.mutateAsync(minor));
      onMoved();
    } catch (failed) {
      const code = errorCodeOf(failed);
      if (['WITHDRAW_MINIMUM', 'WITHDRAW_MAXIMUM', 'MONEY_NOT_ENOUGH'].includes(code)) {
        // About the amount: back to the field, with the message at it.
        setError(message(code));
        setReviewed(null);
      } else if (code === 'BONUS_CONDITION') setBonusHeld(true);
      else setFailure(errorText(code));
    }
  }

  if (bonusHeld) return <BonusCondition currency={currency} onClose={onDone} />;

  if (result) {
    const pending = result.status === 'PENDING';
    const values = { amount: formatMoney(result.amount, currency), bank: bankName, account: accountNo };
    return (
      <MoneyResult
        status={result.status}
        title={t(pending ? 'withdraw.pendingTitle' : 'withdraw.done')}
        text={t(pending ? 'withdraw.pendingText' : 'withdraw.doneText', values)}
        onDone={onDone}
      >
        {result.id && result.createdAt ? (
          <WithdrawalReceipt
            receipt={{
              id: result.id,
              createdAt: result.createdAt,
              status: result.status,
              amount: result.amount,
              currency,
              bank: { code: bank.bank.code, accountNo: bank.bankAccountNo },
              holder: bank.bankAccountName,
            }}
          />
        ) : null}
      </MoneyResult>
    );
  }

  if (reviewed !== null)
    return (
      <WithdrawReview
        amount={reviewed}
        currency={currency}
        bank={bank}
        bankName={bankName}
        sending={withdraw.isPending}
        failure={failure}
        onConfirm={() => void confirm(reviewed)}
        onBack={() => {
          setFailure(null);
          setReviewed(null);
        }}
      />
    );

  return (
    <form noValidate onSubmit={next} className="space-y-4">
      <div>
        <p className="mb-1.5 text-sm font-medium text-mist-300">{t('withdraw.toAccount')}</p>
        <div className="flex items-center gap-3 rounded-xl bg-ink-900 px-4 py-3">
          <BankBadge code={bank.bank.code} />
          <div className="min-w-0 flex-1">
            <p className="text-[15px] leading-snug font-medium break-words">{bankName}</p>
            <p className="text-sm break-words text-mist-300">
              <span className="tabular-nums tracking-wide">{accountNo}</span> · {bank.bankAccountName}
            </p>
          </div>
        </div>
      </div>
      <div className="flex items-baseline justify-between gap-3 rounded-xl border border-white/5 px-4 py-2.5">
        <span className="text-sm text-mist-400">{t('withdraw.available')}</span>
        <span className="font-semibold text-gold-300 tabular-nums">{formatMoney(available, currency)}</span>
      </div>
      {/* Said before money moves (decision 069): no payout crosses currencies. */}
      {bank.currency !== currency ? (
        <p
          data-reason="currency"
          role="alert"
          className="rounded-xl bg-amber-400/10 px-4 py-3 text-sm text-amber-300"
        >
          {errorText('BANK_ACCOUNT_CURRENCY_MISMATCH')}
        </p>
      ) : null}
      {/* Said before a tap, not after it: less than the minimum cannot be withdrawn at all. */}
      {available < limits.withdrawMin ? (
        <p data-reason="withdraw" className="rounded-xl bg-amber-400/10 px-4 py-3 text-sm text-amber-300">
          {why('withdraw.belowMinimum', { min, available: formatMoney(available, currency) })}
        </p>
      ) : null}
      <AmountField
        label={t('withdraw.amount')}
        name="amount"
        value={amount}
        onChange={(event) => setAmount(event.target.value)}
        error={error}
        hint={t('withdraw.limits', { min, max })}
      />
      {available > wallet.wallet.amount ? (
        <p className="text-xs text-mist-400">{t('withdraw.gamesFirst')}</p>
      ) : null}
      {failure ? <ErrorAlert>{failure}</ErrorAlert> : null}
      <Button type="submit" block disabled={bank.currency !== currency}>
        {r('review.next')}
      </Button>
    </form>
  );
}

/**
 * A withdrawal the running bonus holds (seen on opening, or refused with BONUS_CONDITION): instead
 * of a bare error, where its turnover stands (done, required, missing, expiry) and the way to the
 * bonus page. `fresh`: the numbers were read on this opening, no second read is needed.
 */
function BonusCondition({
  currency,
  fresh = false,
  onClose,
}: {
  currency: Currency;
  fresh?: boolean;
  onClose: () => void;
}) {
  const { t } = useBonusTranslation();
  const navigate = useNavigate();
  const progress = useBonusProgress(!fresh);
  // NOTE: numbers cached by an earlier visit of the bonus page are out of date (the refusal has
  // just counted the latest rounds): wait for the answer read on opening rather than show them.
  const numbers = progress.isRefetching ? null : (progress.data?.progress ?? null);
  return (
    <div className="space-y-4">
      <div role="alert" className="flex gap-3 rounded-xl bg-amber-400/10 px-4 py-3 text-sm text-amber-300">
        <Lock className="mt-0.5 size-5 shrink-0" aria-hidden="true" />
        <div className="min-w-0">
          <p className="font-semibold">{errorText('BONUS_CONDITION')}</p>
          <p>{t('withdraw.bonusCondition')}</p>
        </div>
      </div>
      {numbers ? (
        <section aria-label={numbers.name} className="space-y-3">
          <div>
            <p className="text-xs font-semibold tracking-wide text-gold-300">
              {t(numbers.channel === 'promotion' ? 'bonus.running.promotion' : 'bonus.running.bonus')}
            </p>
            <p className="text-[15px] leading-snug font-semibold break-words">{numbers.name}</p>
          </div>
          <TurnoverProgress progress={numbers} currency={currency} />
        </section>
      ) : progress.isFetching ? (
        <Loading />
      ) : null}
      <Button
        block
        onClick={() => {
          onClose();
          void navigate('/user/bonus');
        }}
      >
        {t('withdraw.seeBonus')}
      </Button>
      <Button block variant="secondary" onClick={onClose}>
        {t('action.close')}
      </Button>
    </div>
  );
}
