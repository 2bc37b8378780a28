import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import {
  QR_MAXIMUM_MINOR,
  QR_PROVIDERS,
  QR_QUICK_AMOUNTS,
  QrCreateRequest,
  type QrProvider,
  type QrState,
} from '@wallet/contract/http/deposit';
import { formatMajorAmount, parseMajorAmount, type Currency } from '@wallet/contract/money';
import { ErrorAlert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Dialog } from '../../components/ui/dialog';
import { AmountField } from '../../components/ui/field';
import { Loading } from '../../components/ui/loading';
import { useToast } from '../../components/ui/toast';
import { ApiError } from '../../lib/api-client';
import { formatMoney } from '../../lib/format';
import { errorText } from '../../lib/i18n';
import type { MoneyRequester } from '../../lib/idempotency';
import { useQrActions, useQrState } from './deposit-api';
import type { DepositTabProps } from './deposit-dialog';
import { formatCountdown, useSecondsLeft } from './use-countdown';

const codeOf = (error: unknown) => (error instanceof ApiError ? error.code : 'INTERNAL_SERVER_ERROR');

/** An amount as the member types it: "100", "100.50" (no grouping, no ".00"). */
const typed = (minor: number, currency: Currency) =>
  formatMajorAmount(minor, currency).replaceAll(',', '').replace(/\.00$/, '');

type Props = DepositTabProps & { money: MoneyRequester };

/** QR payment (spec sections 4, 5 and 9): choose a provider, an amount, then scan and pay. */
export function QrTab(props: Props) {
  const { t } = useTranslation();
  const [provider, setProvider] = useState<QrProvider>(QR_PROVIDERS[0]);
  return (
    <div className="space-y-4">
      <fieldset>
        <legend className="mb-1.5 text-sm font-medium text-mist-300">{t('deposit.qr.provider')}</legend>
        <div className="grid grid-cols-3 gap-2">
          {QR_PROVIDERS.map((one) => (
            <label key={one} className="relative">
              <input
                type="radio"
                name="qr-provider"
                value={one}
                checked={one === provider}
                onChange={() => setProvider(one)}
                className="peer sr-only"
              />
              <span className="flex min-h-11 cursor-pointer items-center justify-center rounded-xl border border-white/10 bg-ink-900 px-1 text-center text-[13px] font-medium text-mist-300 min-[360px]:text-sm peer-checked:border-gold-400 peer-checked:bg-gold-400/10 peer-checked:text-gold-300 peer-focus-visible:ring-2 peer-focus-visible:ring-gold-400">
                {one}
              </span>
            </label>
          ))}
        </div>
      </fieldset>
      {/* One view per provider, so an amount typed for one is not offered to another. */}
      <QrProviderView key={provider} provider={provider} {...props} />
    </div>
  );
}

function QrProviderView({ provider, money, currency, onDeposited }: Props & { provider: QrProvider }) {
  const { t } = useTranslation();
  const toast = useToast();
  const qr = useQrState(provider);
  const state = qr.data;
  const secondsLeft = useSecondsLeft(state?.hasQrcode ? state.expireIn : 0, qr.dataUpdatedAt);
  const cancelled = useRef<string | null>(null);
  const watched = useRef<{ id: string; amount: number } | null>(null);

  // The QR that was showing closed: the server says how (lastClosed). Paid: the wallet reloads
  // and the member is told, without refreshing anything.
  useEffect(() => {
    if (!state) return;
    if (state.hasQrcode && state.qrcodeId) {
      watched.current = { id: state.qrcodeId, amount: state.amount ?? 0 };
      return;
    }
    const closed = watched.current;
    watched.current = null;
    if (!closed || closed.id === cancelled.current) return;
    if (state.lastClosed?.qrcodeId === closed.id && state.lastClosed.status === 'PAID') {
      onDeposited();
      toast.show('success', t('deposit.qr.paid', { amount: formatMoney(closed.amount, currency) }));
    }
  }, [state, onDeposited, toast, t, currency]);

  if (qr.isPending) return <Loading />;
  if (!state) {
    return (
      <ErrorAlert
        action={
          <Button variant="secondary" className="px-3 text-sm" onClick={() => void qr.refetch()}>
            {t('action.retry')}
          </Button>
        }
      >
        {errorText(codeOf(qr.error))}
      </ErrorAlert>
    );
  }
  if (state.hasQrcode && state.qrcodeId && state.qrcode && secondsLeft > 0) {
    return (
      <QrShown
        provider={provider}
        state={{ ...state, qrcodeId: state.qrcodeId, qrcode: state.qrcode }}
        secondsLeft={secondsLeft}
        currency={currency}
        onCancel={(id) => {
          cancelled.current = id;
        }}
      />
    );
  }
  return (
    <QrForm
      key={state.minDeposit}
      provider={provider}
      minDeposit={state.minDeposit}
      expired={state.hasQrcode}
      money={money}
      currency={currency}
    />
  );
}

function QrShown({
  provider,
  state,
  secondsLeft,
  currency,
  onCancel,
}: {
  provider: QrProvider;
  state: QrState & { qrcodeId: string; qrcode: string };
  secondsLeft: number;
  currency: Currency;
  /** The QR being cancelled by the member (null: the cancel failed), so its closing is no payment. */
  onCancel: (qrcodeId: string | null) => void;
}) {
  const { t } = useTranslation();
  const toast = useToast();
  const actions = useQrActions(provider);
  const [busy, setBusy] = useState(false);
  // Cancel asks first: a QR already paid but not yet seen as paid must not be thrown away by a slip.
  const [confirming, setConfirming] = useState(false);
  const amount = formatMoney(state.amount ?? 0, currency);

  async function cancel() {
    setBusy(true);
    onCancel(state.qrcodeId);
    try {
      await actions.cancel(state.qrcodeId);
      toast.show('info', t('deposit.qr.cancelled'));
    } catch (error) {
      onCancel(null);
      toast.show('error', errorText(codeOf(error)));
    } finally {
      setBusy(false);
      setConfirming(false);
    }
  }

  return (
    // The confirm sits outside the centred column: a dialog inherits its text alignment.
    <div>
      <div className="flex flex-col items-center gap-3 text-center">
        {/* NOTE: the server's SVG markup goes in as an image, never into the DOM: no script can run. */}
        <img
          src={`data:image/svg+xml;utf8,${encodeURIComponent(state.qrcode)}`}
          alt={t('deposit.qr.imageAlt', { amount })}
          className="aspect-square w-56 max-w-full rounded-2xl bg-white p-3"
        />
        <div className="grid w-full grid-cols-2 gap-2">
          <div className="rounded-xl bg-ink-900 px-3 py-2">
            <p className="text-xs text-mist-400">{t('deposit.qr.toPay')}</p>
            <p className="text-lg font-semibold text-gold-300 tabular-nums">{amount}</p>
          </div>
          <div className="rounded-xl bg-ink-900 px-3 py-2">
            <p className="text-xs text-mist-400">{t('deposit.qr.expiresIn')}</p>
            <p role="timer" className="text-lg font-semibold tabular-nums">
              {formatCountdown(secondsLeft)}
            </p>
          </div>
        </div>
        <p className="text-sm text-mist-300">{t('deposit.qr.scanHint')}</p>
        <Button variant="secondary" block onClick={() => setConfirming(true)}>
          {t('deposit.qr.cancel')}
        </Button>
      </div>
      <Dialog
        open={confirming}
        onClose={() => setConfirming(false)}
        title={t('deposit.qr.cancelConfirm.title')}
        footer={
          // One above the other, as the bonus cancel: long Thai and Lao labels get the whole width.
          <div className="w-full space-y-3">
            <Button block variant="danger" loading={busy} onClick={() => void cancel()}>
              {t('deposit.qr.cancelConfirm.confirm')}
            </Button>
            <Button block variant="secondary" onClick={() => setConfirming(false)}>
              {t('deposit.qr.cancelConfirm.keep')}
            </Button>
          </div>
        }
      >
        <p className="text-[15px] text-mist-300">{t('deposit.qr.cancelConfirm.text', { amount })}</p>
      </Dialog>
    </div>
  );
}

function QrForm({
  provider,
  minDeposit,
  expired,
  money,
  currency,
}: {
  provider: QrProvider;
  minDeposit: number;
  /** The QR shown ran out (the server has not closed it yet). */
  expired: boolean;
  money: MoneyRequester;
  currency: Currency;
}) {
  const { t } = useTranslation();
  const toast = useToast();
  const actions = useQrActions(provider);
  const [amount, setAmount] = useState('');
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  // Every QR is at least the contract's 1 baht, whatever a provider's minimum says.
  const minimum = Math.max(minDeposit, 100);
  const text = amount.trim();
  const minor = text === '' ? null : parseMajorAmount(text, currency);
  const invalid = text !== '' && minor === null;
  const enough = minor !== null && minor >= minimum;

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (minor === null || !enough) return;
    const parsed = QrCreateRequest.safeParse({ amount: minor });
    if (!parsed.success || minor > QR_MAXIMUM_MINOR) {
      setError(
        errorText(parsed.success ? 'QR_MAXIMUM' : (parsed.error.issues[0]?.message ?? 'INVALID_INPUT')),
      );
      return;
    }
    setError(undefined);
    setBusy(true);
    try {
      const state = await actions.create(money, parsed.data.amount);
      if (!state.hasQrcode) toast.show('error', errorText(state.message ?? 'QR_FAIL'));
    } catch (failure) {
      toast.show('error', errorText(codeOf(failure)));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="space-y-3">
      {expired ? (
        <p className="rounded-xl bg-amber-400/10 px-4 py-3 text-sm text-amber-300">
          {t('deposit.qr.expired')}
        </p>
      ) : null}
      <AmountField
        label={t('deposit.qr.amount')}
        name="amount"
        value={amount}
        onChange={(event) => {
          setAmount(event.target.value);
          setError(undefined);
        }}
        error={error ?? (invalid ? t('money.invalidAmount') : undefined)}
        hint={t('deposit.qr.minimum', { amount: formatMoney(minimum, currency) })}
      />
      <div role="group" aria-label={t('deposit.qr.quickAmounts')} className="grid grid-cols-3 gap-2">
        {QR_QUICK_AMOUNTS[provider].map((quick) => (
          <button
            key={quick}
            type="button"
            disabled={quick < minimum}
            aria-pressed={minor === quick}
            onClick={() => {
              setAmount(typed(quick, currency));
              setError(undefined);
            }}
            className="min-h-11 rounded-xl border border-white/10 bg-ink-900 px-2 text-[15px] font-medium text-snow tabular-nums hover:bg-ink-700 disabled:cursor-not-allowed disabled:opacity-40 aria-pressed:border-gold-400 aria-pressed:text-gold-300"
          >
            {formatMajorAmount(quick, currency).replace(/\.00$/, '')}
          </button>
        ))}
      </div>
      <Button type="submit" block loading={busy} disabled={!enough}>
        {t('deposit.qr.create')}
      </Button>
    </form>
  );
}
