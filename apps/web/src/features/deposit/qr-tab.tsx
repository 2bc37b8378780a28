import { useDepositTranslation } from '../../lib/deposit-texts';
import { Download } from 'lucide-react';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import {
  qrMaximumOf,
  channelFigure,
  QR_QUICK_AMOUNTS,
  QrCreateRequest,
  type QrChannel,
  type QrProvider,
  type QrState,
} from '@wallet/contract/http/deposit';
import { formatMajorAmount, parseMajorAmount, type Currency } from '@wallet/contract/money';
import { ErrorAlert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { AmountField } from '../../components/ui/field';
import { Loading } from '../../components/ui/loading';
import { useToast } from '../../components/ui/toast';
import { errorCodeOf } from '../../lib/api-client';
import { amountContext, formatMoney } from '../../lib/format';
import { errorText } from '../../lib/i18n';
import type { MoneyRequester } from '../../lib/idempotency';
import { useCancelQr, useCreateQr, useQrChannels, useQrState } from './deposit-api';
import type { DepositTabProps } from './deposit-dialog';
import { qrPng, savesByOpening } from './qr-image';
import { formatCountdown, useSecondsLeft } from './use-countdown';

/** An amount as the member types it: "100", "100.50" (no grouping, no ".00"). */
const typed = (minor: number, currency: Currency) =>
  formatMajorAmount(minor, currency).replaceAll(',', '').replace(/\.00$/, '');

/** Every QR is at least the contract's 1 baht, whatever a channel's minimum says. */
const minimumOf = (minDeposit: number) => Math.max(minDeposit, 100);

/** A channel's name in the member's language, else Thai (which Lao readers read), else English. */
function useChannelName() {
  const { i18n } = useTranslation();
  return (name: QrChannel['name']) => name[i18n.language as 'th' | 'lo' | 'en'] ?? name.th ?? name.en;
}

type Props = DepositTabProps & { money: MoneyRequester };

/** QR payment (spec sections 4, 5 and 9): choose a channel, an amount, then save the QR and pay. */
export function QrTab(props: Props) {
  const { t } = useDepositTranslation();
  const channels = useQrChannels();
  const channelName = useChannelName();
  const [chosen, setChosen] = useState<QrProvider | null>(null);

  if (channels.isPending) return <Loading />;
  if (channels.isError) {
    return (
      <ErrorAlert
        action={
          <Button variant="secondary" className="px-3 text-sm" onClick={() => void channels.refetch()}>
            {t('action.retry')}
          </Button>
        }
      >
        {errorText(errorCodeOf(channels.error))}
      </ErrorAlert>
    );
  }
  const list = channels.data.channels;
  const channel = list.find((one) => one.provider === chosen) ?? list[0];
  if (!channel) {
    return <p className="rounded-xl bg-ink-900 px-4 py-3 text-sm text-mist-300">{t('deposit.qr.none')}</p>;
  }
  return (
    <div className="space-y-4">
      <fieldset>
        <legend className="mb-1.5 text-sm font-medium text-mist-300">{t('deposit.qr.provider')}</legend>
        <div className="grid grid-cols-2 gap-2 min-[360px]:grid-cols-3">
          {list.map((one) => (
            <label key={one.provider} className="group relative">
              <input
                type="radio"
                name="qr-provider"
                value={one.provider}
                checked={one.provider === channel.provider}
                onChange={() => setChosen(one.provider)}
                className="peer sr-only"
              />
              <span className="flex h-full min-h-14 cursor-pointer flex-col items-center justify-center rounded-xl border border-white/10 bg-ink-900 px-1.5 py-1.5 text-center peer-checked:border-gold-400 peer-checked:bg-gold-400/10 peer-focus-visible:ring-2 peer-focus-visible:ring-gold-400">
                <span className="text-[13px] leading-tight font-medium break-words text-snow group-has-checked:text-gold-300 min-[360px]:text-sm">
                  {channelName(one.name)}
                </span>{' '}
                <span className="mt-0.5 text-xs leading-tight text-mist-400 tabular-nums">
                  {t('deposit.qr.channelMinimum', {
                    amount: formatMoney(minimumOf(one.minDeposit), props.currency),
                  })}
                </span>
              </span>
            </label>
          ))}
        </div>
      </fieldset>
      {/* One view per channel, so an amount typed for one is not offered to another. */}
      <QrProviderView
        key={channel.provider}
        provider={channel.provider}
        channelName={channelName(channel.name)}
        {...props}
      />
    </div>
  );
}

function QrProviderView({
  provider,
  channelName,
  money,
  currency,
  onDeposited,
}: Props & { provider: QrProvider; channelName: string }) {
  const { t } = useDepositTranslation();
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
        {errorText(errorCodeOf(qr.error))}
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
      channelName={channelName}
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
  const { t } = useDepositTranslation();
  const toast = useToast();
  const cancelQr = useCancelQr(provider);
  // Cancel asks first: a QR already paid but not yet seen as paid must not be thrown away by a slip.
  const [confirming, setConfirming] = useState(false);
  const amount = formatMoney(state.amount ?? 0, currency);

  async function cancel() {
    onCancel(state.qrcodeId);
    try {
      await cancelQr.mutateAsync(state.qrcodeId);
      toast.show('info', t('deposit.qr.cancelled'), { after: 'close' });
    } catch (error) {
      onCancel(null);
      toast.show('error', errorText(errorCodeOf(error)), { after: 'close' });
    } finally {
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
        <SaveQrImage svg={state.qrcode} fileName={`qr-${typed(state.amount ?? 0, currency)}.png`} />
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
        <p className="text-sm text-mist-300">{t('deposit.qr.payHint')}</p>
        <Button variant="secondary" block onClick={() => setConfirming(true)}>
          {t('deposit.qr.cancel')}
        </Button>
      </div>
      <ConfirmDialog
        open={confirming}
        onClose={() => setConfirming(false)}
        title={t('deposit.qr.cancelConfirm.title')}
        // One above the other, as the bonus cancel: long Thai and Lao labels get the whole width.
        layout="stacked"
        tone="danger"
        confirmLabel={t('deposit.qr.cancelConfirm.confirm')}
        pending={cancelQr.isPending}
        onConfirm={() => void cancel()}
        cancelLabel={t('deposit.qr.cancelConfirm.keep')}
      >
        <p className="text-[15px] text-mist-300">{t('deposit.qr.cancelConfirm.text', { amount })}</p>
      </ConfirmDialog>
    </div>
  );
}

/**
 * Saves the QR shown as a PNG file: a member paying from this phone cannot scan its own screen,
 * so they pick the picture in the banking app. The picture is made as the QR shows, so a tap
 * saves at once (a real link with `download`, followed as any link); where downloads may go
 * nowhere (iOS Safari) the link opens the picture in a new tab instead. A browser that cannot
 * make it gets a line saying to take a screenshot.
 */
function SaveQrImage({ svg, fileName }: { svg: string; fileName: string }) {
  const { t } = useDepositTranslation();
  const [png, setPng] = useState<{ svg: string; url: string } | 'failed' | null>(null);

  useEffect(() => {
    let live = true;
    let url: string | null = null;
    qrPng(svg).then(
      (blob) => {
        url = URL.createObjectURL(blob);
        if (live) setPng({ svg, url });
        else URL.revokeObjectURL(url);
      },
      () => {
        if (live) setPng('failed');
      },
    );
    return () => {
      live = false;
      if (url) URL.revokeObjectURL(url);
    };
  }, [svg]);

  if (png === 'failed') return <p className="text-sm text-amber-300">{t('deposit.qr.saveFailed')}</p>;
  const ready = png && png.svg === svg ? png : null;
  const opens = savesByOpening();
  const look =
    'gold-gradient inline-flex min-h-11 w-full items-center justify-center gap-2 rounded-xl px-5 text-[15px] font-semibold text-ink-950 shadow-[0_8px_20px_-8px_rgb(232_165_36/0.7)] transition hover:brightness-105 active:scale-[0.98]';
  if (!ready) {
    return (
      <Button block loading>
        {t('deposit.qr.save')}
      </Button>
    );
  }
  return (
    <div className="w-full space-y-1.5">
      <a
        href={ready.url}
        {...(opens ? { target: '_blank', rel: 'noopener' } : { download: fileName })}
        className={look}
      >
        <Download className="size-5 shrink-0" aria-hidden="true" />
        <span>{t('deposit.qr.save')}</span>
      </a>
      {opens ? <p className="text-xs text-mist-400">{t('deposit.qr.saveOpens')}</p> : null}
    </div>
  );
}

function QrForm({
  provider,
  channelName,
  minDeposit,
  expired,
  money,
  currency,
}: {
  provider: QrProvider;
  channelName: string;
  minDeposit: number;
  /** The QR shown ran out (the server has not closed it yet). */
  expired: boolean;
  money: MoneyRequester;
  currency: Currency;
}) {
  const { t } = useDepositTranslation();
  const toast = useToast();
  const create = useCreateQr(provider, money);
  const [amount, setAmount] = useState('');
  const [error, setError] = useState<string>();
  const reasonId = useId();
  const minimum = minimumOf(minDeposit);
  const text = amount.trim();
  const minor = text === '' ? null : parseMajorAmount(text, currency);
  // Why Create cannot be tapped, told in red at the field as soon as the amount says it.
  const reason =
    error ??
    (text !== '' && minor === null
      ? t('money.invalidAmount', { context: amountContext(currency) })
      : minor !== null && minor < minimum
        ? t('deposit.qr.belowMinimum', { channel: channelName, amount: formatMoney(minimum, currency) })
        : minor !== null && minor > qrMaximumOf(provider)
          ? t('deposit.qr.aboveMaximum', { amount: formatMoney(qrMaximumOf(provider), currency) })
          : undefined);
  const enough = minor !== null && minor >= minimum && minor <= qrMaximumOf(provider);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (minor === null || !enough) return;
    const parsed = QrCreateRequest.safeParse({ amount: minor });
    if (!parsed.success) {
      setError(errorText(parsed.error.issues[0]?.message ?? 'INVALID_INPUT'));
      return;
    }
    setError(undefined);
    try {
      const state = await create.mutateAsync(parsed.data.amount);
      if (!state.hasQrcode) toast.show('error', errorText(state.message ?? 'QR_FAIL'));
    } catch (failure) {
      toast.show('error', errorText(errorCodeOf(failure)));
    }
  }

  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="space-y-3">
      {expired ? (
        <p className="rounded-xl bg-amber-400/10 px-4 py-3 text-sm text-amber-300">
          {t('deposit.qr.expired')}
        </p>
      ) : null}
      <div>
        {/* The reason is ours, not the field's: Create names it too (aria-describedby). */}
        <AmountField
          label={t('deposit.qr.amount')}
          name="amount"
          value={amount}
          onChange={(event) => {
            setAmount(event.target.value);
            setError(undefined);
          }}
          hint={reason ? undefined : t('deposit.qr.minimum', { amount: formatMoney(minimum, currency) })}
          {...(reason ? { 'aria-invalid': true, 'aria-describedby': reasonId } : {})}
        />
        {reason ? (
          <p id={reasonId} className="mt-1 text-sm text-rose-400">
            {reason}
          </p>
        ) : null}
      </div>
      <div role="group" aria-label={t('deposit.qr.quickAmounts')} className="grid grid-cols-3 gap-2">
        {/* The channel's own currency's buttons: it is offered only to wallets in that currency. */}
        {channelFigure(QR_QUICK_AMOUNTS, provider).map((quick) => (
          // NOTE: not disabled below the minimum: a tap fills it and the reason under the
          // field says why Create is off (a phone has no hover for a disabled button's why).
          <button
            key={quick}
            type="button"
            data-below-minimum={quick < minimum || undefined}
            aria-pressed={minor === quick}
            onClick={() => {
              setAmount(typed(quick, currency));
              setError(undefined);
            }}
            className="min-h-11 rounded-xl border border-white/10 bg-ink-900 px-2 text-[15px] font-medium text-snow tabular-nums hover:bg-ink-700 data-below-minimum:text-mist-500 aria-pressed:border-gold-400 aria-pressed:text-gold-300"
          >
            {formatMajorAmount(quick, currency).replace(/\.00$/, '')}
          </button>
        ))}
      </div>
      <Button
        type="submit"
        block
        loading={create.isPending}
        disabled={!enough}
        aria-describedby={reason ? reasonId : undefined}
      >
        {t('deposit.qr.create')}
      </Button>
    </form>
  );
}
