import { ChevronRight, CircleCheck, Sparkles } from 'lucide-react';
import type { BonusOffer } from '@wallet/contract/http/bonus';
import type { Currency } from '@wallet/contract/money';
import { formatMoney } from '../lib/format';
import { BannerImage } from './banner-slides';
import { isReceivedOut, receivedCount } from '../lib/received-count';
import { useBonusTranslation } from '../lib/bonus-texts';

/**
 * One offer of the bonus page: its first banner as the background, its reward, how often it was
 * received in its period; marked current while its grant runs, and otherwise disabled once
 * received as many times as the period allows (spec section 2, Bonus).
 */
export function BonusCard({
  offer,
  currency,
  now,
  onOpen,
  first = false,
}: {
  offer: BonusOffer;
  currency: Currency;
  now: number;
  onOpen: (offer: BonusOffer) => void;
  /** The page's first offer: its banner is fetched at once (issue 30). */
  first?: boolean;
}) {
  const { t } = useBonusTranslation();
  const current = offer.userBonus?.isActive === true;
  // The running offer stays open, to read its terms again (its dialog claims nothing while it runs).
  const out = isReceivedOut(offer, now) && !current;
  const count = receivedCount(offer.type, offer.userBonus?.received ?? [], now);
  const reward =
    offer.reward.kind === 'percent'
      ? t('bonus.terms.rewardPercent', {
          percent: offer.reward.percent,
          max: formatMoney(offer.reward.max, currency),
        })
      : t('bonus.terms.rewardFixed', { amount: formatMoney(offer.reward.amount, currency) });

  return (
    <button
      type="button"
      onClick={() => onOpen(offer)}
      disabled={out}
      aria-haspopup="dialog"
      data-offer={offer.code}
      className={`relative flex min-h-44 w-full flex-col justify-end overflow-hidden rounded-2xl border bg-gradient-to-br from-ink-600 to-ink-800 text-left transition enabled:active:scale-[0.99] disabled:cursor-not-allowed ${
        current ? 'border-gold-400/80' : 'border-white/10'
      }`}
    >
      <BannerImage
        first={first}
        src={offer.banners[0]?.image}
        className={`absolute inset-0 size-full object-cover ${out ? 'opacity-40 grayscale' : ''}`}
      />
      <span
        className="absolute inset-0 bg-gradient-to-t from-ink-950 via-ink-950/75 to-ink-950/5"
        aria-hidden="true"
      />
      <span className="absolute top-2.5 left-2.5 flex flex-wrap gap-1.5">
        {current ? (
          <span className="gold-gradient inline-flex items-center gap-1 rounded-full px-2.5 py-0.5 text-xs font-semibold text-ink-950">
            <Sparkles className="size-3.5" aria-hidden="true" />
            {t('bonus.current')}
          </span>
        ) : null}
        {out ? (
          <span className="inline-flex items-center gap-1 rounded-full bg-ink-950/85 px-2.5 py-0.5 text-xs font-semibold text-mist-300">
            <CircleCheck className="size-3.5" aria-hidden="true" />
            {t('bonus.receivedOut')}
          </span>
        ) : null}
      </span>
      <span className="relative flex items-end gap-3 px-3.5 pt-10 pb-3">
        <span className="flex min-w-0 flex-1 flex-col gap-0.5">
          <span className={`text-[17px] leading-snug font-semibold ${out ? 'text-mist-300' : 'text-snow'}`}>
            {offer.name}
          </span>
          <span className={`text-sm leading-snug font-medium ${out ? 'text-mist-400' : 'text-gold-300'}`}>
            {reward}
          </span>
          <span className="text-xs leading-snug text-mist-300 tabular-nums">
            {t(`bonus.receivedCount.${offer.type}`, { count, max: offer.maxReceived })}
          </span>
        </span>
        {/* A banner alone does not say it opens: the chevron does, on every card that does. */}
        {out ? null : (
          <span className="inline-flex size-8 shrink-0 items-center justify-center rounded-full bg-ink-950/70 text-snow">
            <ChevronRight className="size-5" aria-hidden="true" />
          </span>
        )}
      </span>
    </button>
  );
}
