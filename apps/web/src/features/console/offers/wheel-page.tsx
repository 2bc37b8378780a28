import { ArrowLeft, Plus } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { LOCALES } from '@wallet/contract/constants';
import {
  publishedOdds,
  type ConsoleWheelResponse,
  type WheelSettings,
  type WheelSliceInput,
} from '@wallet/contract/http/console-offers';
import { CURRENCIES, type MinorUnits } from '@wallet/contract/money';
import { ErrorAlert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/field';
import { Loading } from '../../../components/ui/loading';
import { useToast } from '../../../components/ui/toast';
import { errorCodeOf } from '../../../lib/api-client';
import { errorText } from '../../../lib/i18n';
import { useConsoleTranslation } from '../console-texts';
import { DraftNumber } from './draft-number';
import { useSaveWheel, useWheel } from './wheel-api';
import { labelOf, WheelSliceFields } from './wheel-slice-fields';

/** The odds as members are shown them: withdrawn slices count nothing (decision 021). */
const oddsOf = (wheel: WheelSettings) =>
  publishedOdds(wheel.slices.map((slice) => (slice.withdrawn ? 0 : slice.weight)));

/**
 * The spin wheel editor (/console/offers/wheel, offers.manage; decision 057): every slice, the
 * coin rules and coupon hours, the odds recomputed as weights are typed, and the wheel as members
 * will see it in each language. Saved whole; a slice once made is withdrawn, never removed.
 */
export function WheelPage() {
  const wheel = useWheel();
  if (wheel.isPending) return <Loading />;
  if (wheel.isError) return <ErrorAlert>{errorText(errorCodeOf(wheel.error))}</ErrorAlert>;
  return <WheelEditor stored={wheel.data} />;
}

function WheelEditor({ stored }: { stored: ConsoleWheelResponse }) {
  const { t } = useConsoleTranslation();
  const toast = useToast();
  const save = useSaveWheel();
  const [draft, setDraft] = useState<WheelSettings>(stored.wheel);
  const odds = oddsOf(draft);
  const invalidText = t('offers.invalidNumber');
  const setSlice = (code: string) => (change: (slice: WheelSliceInput) => WheelSliceInput) =>
    setDraft((current) => ({
      ...current,
      slices: current.slices.map((slice) => (slice.code === code ? change(slice) : slice)),
    }));
  const addSlice = () =>
    setDraft((current) => {
      let n = current.slices.length + 1;
      while (current.slices.some((slice) => slice.code === `SLICE${n}`)) n += 1;
      const slice: WheelSliceInput = {
        code: `SLICE${n}`,
        labels: { th: 'เงินสด {amount}', lo: 'ເງິນສົດ {amount}', en: 'Cash {amount}' },
        descriptions: { th: '', lo: '', en: '' },
        bgColor: '#334155',
        textColor: '#ffffff',
        weight: 1,
        stock: null,
        dailyBudget: null,
        withdrawn: false,
        prize: { kind: 'cash', amounts: { BAHT: 1_000 as MinorUnits } },
      };
      return { ...current, slices: [...current.slices, slice] };
    });

  return (
    <section className="mx-auto h-full w-full max-w-6xl overflow-y-auto px-3 py-4 sm:px-6">
      <Link
        to="/console/offers"
        className="mb-3 inline-flex min-h-11 items-center gap-2 text-sm text-mist-300"
      >
        <ArrowLeft className="size-4" aria-hidden="true" />
        {t('offers.back')}
      </Link>
      <h1 className="mb-4 text-[22px] font-bold">{t('offers.wheel.title')}</h1>
      <form
        className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,20rem)]"
        onSubmit={(event) => {
          event.preventDefault();
          save.mutate(draft, {
            onSuccess: (answer) => {
              setDraft(answer.wheel);
              toast.show('success', t('offers.wheel.saved'));
            },
          });
        }}
      >
        <div className="space-y-4">
          <fieldset className="card grid gap-4 p-4 sm:grid-cols-2">
            <legend className="sr-only">{t('offers.wheel.settings')}</legend>
            <TextField
              label={t('offers.wheel.name')}
              value={draft.name}
              maxLength={60}
              onChange={(event) => setDraft((current) => ({ ...current, name: event.target.value }))}
            />
            <DraftNumber
              label={t('offers.wheel.couponHours')}
              value={draft.couponHours}
              invalidText={invalidText}
              onValue={(hours) => setDraft((current) => ({ ...current, couponHours: hours ?? 0 }))}
            />
            {/* The coin rule per currency (decision 067): a coin for the same money in kip as in baht. */}
            {CURRENCIES.map((currency) => (
              <DraftNumber
                key={currency}
                label={`${t('offers.wheel.coinPer')} · ${t(`settings.currency.${currency}`)}`}
                major
                currency={currency}
                value={draft.coinRules.deposit.per[currency] ?? null}
                invalidText={invalidText}
                onValue={(per) =>
                  setDraft((current) => ({
                    ...current,
                    coinRules: {
                      ...current.coinRules,
                      deposit: {
                        ...current.coinRules.deposit,
                        per: { ...current.coinRules.deposit.per, [currency]: (per ?? 0) as MinorUnits },
                      },
                    },
                  }))
                }
              />
            ))}
            <DraftNumber
              label={t('offers.wheel.coinsPerDeposit')}
              value={draft.coinRules.deposit.coins}
              invalidText={invalidText}
              onValue={(coins) =>
                setDraft((current) => ({
                  ...current,
                  coinRules: {
                    ...current.coinRules,
                    deposit: { ...current.coinRules.deposit, coins: coins ?? 0 },
                  },
                }))
              }
            />
            <DraftNumber
              label={t('offers.wheel.dailyCoins')}
              value={draft.coinRules.daily}
              invalidText={invalidText}
              onValue={(daily) =>
                setDraft((current) => ({
                  ...current,
                  coinRules: { ...current.coinRules, daily: daily ?? 0 },
                }))
              }
            />
            <label className="flex min-h-11 items-center gap-3 self-end text-sm">
              <input
                type="checkbox"
                className="size-5 accent-amber-400"
                checked={draft.active}
                onChange={(event) => setDraft((current) => ({ ...current, active: event.target.checked }))}
              />
              {t('offers.wheel.active')}
            </label>
          </fieldset>
          <h2 className="text-[15px] font-semibold">{t('offers.wheel.slices')}</h2>
          {draft.slices.map((slice, index) => (
            <WheelSliceFields
              key={slice.code}
              slice={slice}
              odds={odds[index] ?? 0}
              onChange={setSlice(slice.code)}
            />
          ))}
          <Button
            variant="secondary"
            icon={<Plus className="size-4" aria-hidden="true" />}
            onClick={addSlice}
          >
            {t('offers.wheel.addSlice')}
          </Button>
          {save.isError ? (
            <p role="alert" className="text-sm text-rose-400">
              {errorText(errorCodeOf(save.error))}
            </p>
          ) : null}
          <Button type="submit" block loading={save.isPending}>
            {t('offers.wheel.save')}
          </Button>
        </div>
        <aside aria-label={t('offers.preview.title')} className="lg:sticky lg:top-0 lg:self-start">
          <h2 className="mb-3 text-[15px] font-semibold">{t('offers.preview.title')}</h2>
          <WheelPreview wheel={draft} odds={odds} />
        </aside>
      </form>
    </section>
  );
}

/** The wheel's colours in their order, and each language's labels with the odds members are shown. */
function WheelPreview({ wheel, odds }: { wheel: WheelSettings; odds: number[] }) {
  const { t } = useConsoleTranslation();
  const step = 360 / wheel.slices.length;
  const gradient = wheel.slices
    .map((slice, index) => `${slice.bgColor} ${index * step}deg ${(index + 1) * step}deg`)
    .join(', ');
  return (
    <div className="space-y-4">
      <div
        className="mx-auto aspect-square w-48 rounded-full border-4 border-gold-400/70"
        style={{ background: `conic-gradient(${gradient})` }}
        aria-hidden="true"
      />
      {LOCALES.map((locale) => (
        <section key={locale} lang={locale}>
          <h3 className="mb-1 text-xs font-semibold tracking-wide text-mist-400 uppercase">
            {t(`offers.preview.${locale}`)}
          </h3>
          <ul className="divide-y divide-white/5 rounded-xl bg-ink-900 px-3 text-sm">
            {wheel.slices
              .filter((slice) => !slice.withdrawn)
              .map((slice) => (
                <li key={slice.code} className="flex items-center gap-2 py-1.5">
                  <span
                    className="size-3 shrink-0 rounded-full"
                    style={{ background: slice.bgColor }}
                    aria-hidden="true"
                  />
                  <span className="min-w-0 flex-1 truncate">{labelOf(slice, locale)}</span>
                  <span className="tabular-nums text-mist-300">
                    {(odds[wheel.slices.indexOf(slice)] ?? 0).toFixed(2)}%
                  </span>
                </li>
              ))}
          </ul>
        </section>
      ))}
    </div>
  );
}
