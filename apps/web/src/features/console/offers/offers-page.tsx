import { Disc3, Gift, HandCoins, Pause, Pencil, Play, Plus, ShieldAlert } from 'lucide-react';
import { Link } from 'react-router';
import type { Locale } from '@wallet/contract/constants';
import type { ConsoleOffer } from '@wallet/contract/http/console-offers';
import { CURRENCIES, type PerCurrency } from '@wallet/contract/money';
import { ErrorAlert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { Loading } from '../../../components/ui/loading';
import { useToast } from '../../../components/ui/toast';
import { errorCodeOf } from '../../../lib/api-client';
import { formatMoney } from '../../../lib/format';
import { errorText } from '../../../lib/i18n';
import { useStaffCan } from '../console-api';
import { useConsoleTranslation } from '../console-texts';
import { useOffers, useSaveOffer } from './offers-api';

/** An amount rule in every currency, as staff read it: "฿500.00 · ₭300,000.00" (decision 067). */
const everyCurrency = (rule: PerCurrency<number>) =>
  CURRENCIES.map((currency) => formatMoney(rule[currency], currency)).join(' · ');

/**
 * Bonus offers and promotion codes (offers.manage, decision 057): every offer with its reward, how
 * often it may be received, its running grants and whether it is open; new, edit, pause and resume.
 */
export function OffersPage() {
  const { t } = useConsoleTranslation();
  const allowed = useStaffCan('offers.manage');
  const list = useOffers(allowed);

  if (!allowed) {
    return (
      <EmptyState
        icon={ShieldAlert}
        className="px-4 pt-16"
        title={t('offers.title')}
        text={errorText('STAFF_FORBIDDEN')}
      />
    );
  }
  return (
    <section className="mx-auto h-full w-full max-w-6xl overflow-y-auto px-3 py-4 sm:px-6">
      <div className="mb-4 flex flex-wrap items-center gap-3">
        <h1 className="text-[22px] font-bold">{t('offers.title')}</h1>
        {list.data ? (
          <span className="text-sm text-mist-400">
            {t('offers.count', { count: list.data.offers.length })}
          </span>
        ) : null}
        <Link
          to="/console/offers/programs"
          className="ml-auto inline-flex min-h-11 items-center gap-2 rounded-xl border border-white/10 bg-ink-700 px-4 text-[15px] hover:bg-ink-600"
        >
          <HandCoins className="size-5" aria-hidden="true" />
          {t('offers.programs.link')}
        </Link>
        <Link
          to="/console/offers/wheel"
          className="inline-flex min-h-11 items-center gap-2 rounded-xl border border-white/10 bg-ink-700 px-4 text-[15px] hover:bg-ink-600"
        >
          <Disc3 className="size-5" aria-hidden="true" />
          {t('offers.wheel.link')}
        </Link>
        <Link
          to="/console/offers/new"
          className="gold-gradient inline-flex min-h-11 items-center gap-2 rounded-xl px-5 text-[15px] font-semibold text-ink-950"
        >
          <Plus className="size-5" aria-hidden="true" />
          {t('offers.add')}
        </Link>
      </div>
      <p className="mb-4 text-sm text-mist-400">{t('offers.intro')}</p>
      {list.isPending ? (
        <Loading />
      ) : list.isError ? (
        <ErrorAlert
          action={
            <Button variant="secondary" onClick={() => void list.refetch()}>
              {t('offers.retry')}
            </Button>
          }
        >
          {errorText(errorCodeOf(list.error))}
        </ErrorAlert>
      ) : list.data.offers.length === 0 ? (
        <EmptyState icon={Gift} className="pt-10" title={t('offers.title')} text={t('offers.empty')} />
      ) : (
        <ul className="grid gap-3 lg:grid-cols-2">
          {list.data.offers.map((offer) => (
            <OfferRow key={offer.code} offer={offer} />
          ))}
        </ul>
      )}
    </section>
  );
}

function OfferRow({ offer }: { offer: ConsoleOffer }) {
  const { t, i18n } = useConsoleTranslation();
  const toast = useToast();
  const save = useSaveOffer();
  const locale = (['th', 'lo', 'en'].includes(i18n.language) ? i18n.language : 'en') as Locale;
  const reward =
    offer.bonusAmount !== null
      ? everyCurrency(offer.bonusAmount)
      : t('offers.rewardPercent', { percent: offer.bonusPercent, max: everyCurrency(offer.maxBonus) });
  const toggle = () =>
    save.mutate(
      { kind: 'update', code: offer.code, body: { active: !offer.active } },
      {
        onSuccess: () =>
          toast.show('success', t(offer.active ? 'offers.paused' : 'offers.resumed', { code: offer.code })),
        onError: (error) => toast.show('error', errorText(errorCodeOf(error))),
      },
    );

  return (
    <li className="card flex flex-col gap-3 p-4" data-offer={offer.code}>
      <div className="flex flex-wrap items-start gap-2">
        <div className="min-w-0 flex-1">
          <p className="font-mono text-sm font-semibold text-gold-300">{offer.code}</p>
          <p className="text-[16px] leading-snug font-semibold">{offer.names[locale]}</p>
        </div>
        <span
          className={`rounded-full px-2.5 py-0.5 text-xs font-semibold ${
            offer.active ? 'bg-emerald-500/15 text-emerald-300' : 'bg-white/10 text-mist-300'
          }`}
        >
          {t(offer.active ? 'offers.state.active' : 'offers.state.paused')}
        </span>
      </div>
      <dl className="grid grid-cols-2 gap-x-4 gap-y-1 text-sm sm:grid-cols-4">
        <div>
          <dt className="text-xs text-mist-400">{t('offers.field.channel')}</dt>
          <dd>{t(`offers.channel.${offer.channel}`)}</dd>
        </div>
        <div>
          <dt className="text-xs text-mist-400">{t('offers.field.reward')}</dt>
          <dd>{reward}</dd>
        </div>
        <div>
          <dt className="text-xs text-mist-400">{t('offers.field.limit')}</dt>
          <dd>{t(`offers.limit.${offer.type}`, { count: offer.maxReceived })}</dd>
        </div>
        <div>
          <dt className="text-xs text-mist-400">{t('offers.field.running')}</dt>
          <dd className="tabular-nums">
            {t('offers.runningCount', { running: offer.running, claims: offer.claims })}
          </dd>
        </div>
      </dl>
      <div className="flex flex-wrap gap-2">
        <Link
          to={`/console/offers/edit/${encodeURIComponent(offer.code)}`}
          className="inline-flex min-h-11 items-center gap-2 rounded-xl border border-white/10 bg-ink-700 px-4 text-[15px] hover:bg-ink-600"
        >
          <Pencil className="size-4" aria-hidden="true" />
          {t('offers.edit')}
        </Link>
        <Button
          variant="ghost"
          loading={save.isPending}
          onClick={toggle}
          icon={
            offer.active ? (
              <Pause className="size-4" aria-hidden="true" />
            ) : (
              <Play className="size-4" aria-hidden="true" />
            )
          }
        >
          {t(offer.active ? 'offers.pause' : 'offers.resume')}
        </Button>
      </div>
    </li>
  );
}
