import { Coins, FerrisWheel, Percent } from 'lucide-react';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { CoinRules, SpinWheel as Wheel } from '@wallet/contract/http/spinwheel';
import { CURRENCIES, type Currency } from '@wallet/contract/money';
import { Page } from '../../components/page';
import { ErrorAlert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Dialog } from '../../components/ui/dialog';
import { EmptyState } from '../../components/ui/empty-state';
import { Loading } from '../../components/ui/loading';
import { errorCodeOf } from '../../lib/api-client';
import { formatMoney } from '../../lib/format';
import { errorText } from '../../lib/i18n';
import { useMoneyRequester } from '../../lib/idempotency';
import { ClaimDialog, type ClaimTarget } from './claim-dialog';
import { CouponsTable } from './coupons-table';
import { OddsDialog } from './odds-dialog';
import { ResultDialog, type SpinResult } from './result-dialog';
import { useReloadSpin, useSpin, useSpinSetup } from './spin-api';
import { spinErrorText, useSpinTranslation } from './spin-texts';
import { SpinWheel, type WheelControl } from './spin-wheel';

/** Spec section 9: the result dialog opens 2000 ms after the wheel stops. */
export const RESULT_DELAY_MS = 2_000;

/** A wait that is dropped with the page (a timer of an unmounted page never fires). */
function useDelay() {
  const timers = useRef(new Set<ReturnType<typeof setTimeout>>());
  useEffect(() => {
    const pending = timers.current;
    return () => pending.forEach(clearTimeout);
  }, []);
  return useCallback(
    (ms: number) =>
      new Promise<void>((resolve) => {
        const id = setTimeout(() => {
          timers.current.delete(id);
          resolve();
        }, ms);
        timers.current.add(id);
      }),
    [],
  );
}

/** The currency the wheel pays in: its cash prizes' (the coin rules are in it too). */
const wheelCurrency = (wheel: Wheel): Currency =>
  wheel.slices
    .map((slice) => slice.prize.unit)
    .find((unit): unit is Currency => (CURRENCIES as readonly string[]).includes(unit ?? '')) ?? 'BAHT';

/** How coins are earned now (setup's coinRules). */
function CoinRulesCard({ rules, currency, empty }: { rules: CoinRules; currency: Currency; empty: boolean }) {
  const { t } = useSpinTranslation();
  const lines = [
    ...(rules.deposit.coins > 0
      ? [t('rules.deposit', { count: rules.deposit.coins, amount: formatMoney(rules.deposit.per, currency) })]
      : []),
    ...(rules.daily > 0 ? [t('rules.daily', { count: rules.daily })] : []),
  ];
  return (
    <section
      data-coin-rules
      className={`mt-4 rounded-xl px-4 py-3 ${empty ? 'border border-gold-400/30 bg-gold-400/10' : 'bg-ink-800'}`}
    >
      {empty ? (
        <p role="status" className="flex items-center gap-2 text-[15px] font-semibold text-gold-300">
          <Coins className="size-5 shrink-0" aria-hidden="true" />
          {t('wheel.noCoins')}
        </p>
      ) : null}
      <h2 className={`text-sm font-medium ${empty ? 'mt-2 text-mist-300' : 'text-mist-300'}`}>
        {t('rules.title')}
      </h2>
      {lines.length > 0 ? (
        <ul className="mt-1 list-disc space-y-0.5 pl-5 text-sm text-snow">
          {lines.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
      ) : (
        <p className="mt-1 text-sm text-mist-400">{t('rules.none')}</p>
      )}
    </section>
  );
}

/**
 * The Spin page (spec sections 2 and 4, issue 13): the wheel and its Spin button, blocked while
 * spinning and at zero coins; the server draws, the wheel turns to its slice, the result dialog
 * opens 2 s after it stops and the page reads everything again; the coupons and their claim; the
 * published chances. Refusals are alerts with the code's text (spec section 8).
 */
export function SpinPage() {
  const { t } = useSpinTranslation();
  const setup = useSpinSetup();
  const money = useMoneyRequester();
  const spin = useSpin(money);
  const reload = useReloadSpin();
  const delay = useDelay();
  const wheel = useRef<WheelControl>(null);
  const busy = useRef(false);
  const [spinning, setSpinning] = useState(false);
  const [result, setResult] = useState<SpinResult | null>(null);
  const [alert, setAlert] = useState<string | null>(null);
  const [claiming, setClaiming] = useState<ClaimTarget | null>(null);
  const [oddsOpen, setOddsOpen] = useState(false);
  // The coins a spin's answer left, until the setup is read again.
  const [spent, setSpent] = useState<{ coins: number; readAt: number } | null>(null);

  const data = setup.data;
  const active = data?.result.activeSpinwheel ?? null;
  const coins = spent && spent.readAt === setup.dataUpdatedAt ? spent.coins : (data?.userCoin ?? 0);
  const canSpin = active !== null && coins > 0 && !spinning;

  async function startSpin() {
    // NOTE: a ref, not state: two taps can land before React renders the button disabled.
    if (busy.current || !active || coins <= 0) return;
    busy.current = true;
    setSpinning(true);
    try {
      const answer = await spin.mutateAsync();
      setSpent({ coins: answer.remainingCoin, readAt: setup.dataUpdatedAt });
      const index = active.slices.findIndex((slice) => slice.code === answer.result.code);
      // A wheel changed since it was read has no such slice to turn to: the dialog tells the prize.
      if (index >= 0) await wheel.current?.spinTo(index);
      await delay(RESULT_DELAY_MS);
      setResult({
        answer,
        slice: active.slices[index],
        claimBy: new Date(Date.now() + active.couponHours * 3_600_000),
      });
    } catch (error) {
      setAlert(spinErrorText(errorCodeOf(error)));
    } finally {
      busy.current = false;
      setSpinning(false);
      // Spec section 4: then the wheel reloads (coins, slices out for today), and the coupons.
      void reload();
    }
  }

  let content;
  if (!data) {
    content = setup.isError ? (
      <ErrorAlert
        action={
          <Button variant="secondary" className="px-3 text-sm" onClick={() => void setup.refetch()}>
            {t('action.retry')}
          </Button>
        }
      >
        {errorText(errorCodeOf(setup.error))}
      </ErrorAlert>
    ) : (
      <Loading />
    );
  } else if (!active) {
    content = (
      <EmptyState
        icon={FerrisWheel}
        title={t('wheel.closed')}
        text={t('wheel.closedText')}
        className="card px-6 py-10"
      />
    );
  } else {
    content = (
      <>
        <SpinWheel
          slices={active.slices}
          coins={coins}
          canSpin={canSpin}
          onSpin={() => void startSpin()}
          control={wheel}
        />
        <div className="mx-auto mt-5 max-w-[350px]">
          <Button block loading={spinning} disabled={!canSpin} onClick={() => void startSpin()}>
            {spinning ? t('wheel.spinning') : t('wheel.spin')}
          </Button>
          {coins > 0 ? <p className="mt-2 text-center text-xs text-mist-400">{t('wheel.cost')}</p> : null}
        </div>
        <CoinRulesCard
          rules={data.coinRules}
          currency={wheelCurrency(active)}
          empty={coins <= 0 && !spinning}
        />
        <CouponsTable slices={active.slices} onClaim={setClaiming} />
        <OddsDialog open={oddsOpen} slices={active.slices} onClose={() => setOddsOpen(false)} />
        <ResultDialog
          result={result}
          onClose={() => setResult(null)}
          onRefused={(code) => setAlert(spinErrorText(code))}
        />
      </>
    );
  }

  return (
    <Page
      title={t('spin.title')}
      action={
        active ? (
          <Button
            variant="secondary"
            className="px-3 text-sm"
            icon={<Percent className="size-4" aria-hidden="true" />}
            onClick={() => setOddsOpen(true)}
          >
            {t('wheel.chances')}
          </Button>
        ) : null
      }
    >
      {content}
      <ClaimDialog
        target={claiming}
        onClose={() => setClaiming(null)}
        onRefused={(code) => {
          setClaiming(null);
          setAlert(spinErrorText(code));
        }}
      />
      <Dialog
        open={alert !== null}
        onClose={() => setAlert(null)}
        title={t('error.title')}
        footer={
          <Button block onClick={() => setAlert(null)}>
            {t('result.ok')}
          </Button>
        }
      >
        <p role="alert" className="text-[15px]">
          {alert}
        </p>
      </Dialog>
    </Page>
  );
}
