import { Gift } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import type { ClaimableOffer } from '@wallet/contract/http/bonus';
import type { Currency } from '@wallet/contract/money';
import { ErrorAlert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { useToast } from '../../components/ui/toast';
import { errorCodeOf } from '../../lib/api-client';
import { formatDateTime, formatMoney } from '../../lib/format';
import { errorText } from '../../lib/i18n';
import { useHomeTranslation } from './home-texts';
import { useClaimableOffers, useClaimOffer } from './offers-api';

/** An offer's amounts and end, as its texts name them. */
function offerValues(offer: ClaimableOffer, currency: Currency) {
  return {
    name: offer.name,
    bonus: formatMoney(offer.bonus, currency),
    deposit: formatMoney(offer.deposit, currency),
    time: formatDateTime(offer.until),
  };
}

/** Claims one offer: a toast when received, the refusal in words where the button was. */
function useClaim() {
  const { t } = useHomeTranslation();
  const toast = useToast();
  const claim = useClaimOffer();
  const [failure, setFailure] = useState<string | null>(null);
  async function run(offer: ClaimableOffer, currency: Currency): Promise<boolean> {
    setFailure(null);
    try {
      const answer = await claim.mutateAsync(offer.code);
      // Claimed from the play warning, which closes at once: the toast passes to what is beneath.
      toast.show('success', t('offer.claimed', { bonus: formatMoney(answer.credited, currency) }), {
        after: 'close',
      });
      return true;
    } catch (error) {
      setFailure(errorText(errorCodeOf(error)));
      return false;
    }
  }
  return { run, pending: claim.isPending, failure };
}

/** The offer worth most: what Home and a deposit's success show (the bonus page lists every one). */
const best = (offers: ClaimableOffer[]) => [...offers].sort((a, b) => b.bonus - a.bonus)[0];

/** One offer the member may claim, with its Claim button: on Home, and in the deposit's success. */
function OfferCard({
  offer,
  currency,
  title,
  text,
  others,
}: {
  offer: ClaimableOffer;
  currency: Currency;
  title?: string;
  text: string;
  /** How many other offers the deposit could claim instead. */
  others: number;
}) {
  const { t } = useHomeTranslation();
  const claim = useClaim();
  return (
    <div data-claimable-offer={offer.code} className="card border-gold-400/30 px-4 py-3">
      <div className="flex items-start gap-3">
        <span className="mt-0.5 inline-flex size-10 shrink-0 items-center justify-center rounded-xl bg-gold-400/15 text-gold-300">
          <Gift className="size-5" aria-hidden="true" />
        </span>
        <div className="min-w-0 flex-1">
          {title ? <p className="font-semibold break-words tabular-nums">{title}</p> : null}
          <p className={`text-sm leading-snug text-mist-300 tabular-nums ${title ? 'mt-1' : ''}`}>{text}</p>
        </div>
      </div>
      {claim.failure ? (
        <div className="mt-3">
          <ErrorAlert>{claim.failure}</ErrorAlert>
        </div>
      ) : null}
      <div className="mt-2 flex flex-wrap items-center justify-end gap-x-3 gap-y-1">
        {others > 0 ? (
          <Link to="/user/bonus" className="min-h-11 content-center text-sm text-gold-300 underline">
            {t('offer.others', { count: others })}
          </Link>
        ) : null}
        <Button
          className="px-4 text-sm"
          loading={claim.pending}
          onClick={() => void claim.run(offer, currency)}
        >
          {t('offer.claim')}
        </Button>
      </div>
    </div>
  );
}

/**
 * Home's offer the latest deposit may still claim (issue 31), the one worth most: shown until
 * claimed or no longer possible (the server's answer, read again whenever money moves).
 */
export function ClaimableOffers({
  currency,
  walletUpdatedAt,
}: {
  currency: Currency;
  walletUpdatedAt: number;
}) {
  const { t } = useHomeTranslation();
  const offers = useClaimableOffers(walletUpdatedAt).data?.offers ?? [];
  const offer = best(offers);
  if (!offer) return null;
  return (
    <section aria-label={t('offer.label')} className="mt-4">
      <OfferCard
        offer={offer}
        currency={currency}
        title={t('offer.title', offerValues(offer, currency))}
        text={t('offer.text', offerValues(offer, currency))}
        others={offers.length - 1}
      />
    </section>
  );
}

/**
 * Said with a deposit's success, in the deposit dialog (home hands it in: features do not import
 * each other): the deposit qualifies for an offer, with the Claim button.
 */
export function DepositedOffer({ currency }: { currency: Currency }) {
  const { t } = useHomeTranslation();
  const offers = useClaimableOffers().data?.offers ?? [];
  const offer = best(offers);
  if (!offer) return null;
  return (
    // In view as it appears: the deposit's own success may be further down the dialog.
    <section
      aria-label={t('offer.label')}
      ref={(note) => note?.scrollIntoView?.({ block: 'nearest' })}
      className="mb-3"
    >
      <OfferCard
        offer={offer}
        currency={currency}
        text={t('offer.deposited', offerValues(offer, currency))}
        // The other offers are on Home and the bonus page: a link here would leave the dialog.
        others={0}
      />
    </section>
  );
}

/**
 * Before money moves toward play while an offer may still be claimed (issue 31): the member is told
 * that once it is played the offer is lost, and may claim first or go on. `guard(action)` runs the
 * action at once when nothing may be claimed; `dialog` is the confirm to render.
 */
export function useOfferWarning({ currency, proceed }: { currency: Currency; proceed: 'move' | 'play' }) {
  const { t } = useHomeTranslation();
  const offers = useClaimableOffers().data?.offers ?? [];
  const claim = useClaim();
  const [waiting, setWaiting] = useState<{ offer: ClaimableOffer; action: () => void } | null>(null);

  function guard(action: () => void) {
    // The largest of them is what the member stands to lose.
    const offer = best(offers);
    if (offer) setWaiting({ offer, action });
    else action();
  }

  const dialog = (
    <ConfirmDialog
      open={waiting !== null}
      onClose={() => setWaiting(null)}
      title={t('offer.warnTitle')}
      confirmLabel={t('offer.claimFirst')}
      pending={claim.pending}
      onConfirm={() => {
        if (!waiting) return;
        void claim.run(waiting.offer, currency).then((claimed) => {
          if (claimed) setWaiting(null);
        });
      }}
      cancelLabel={t(proceed === 'move' ? 'offer.moveAnyway' : 'offer.playAnyway')}
      onCancel={() => {
        const action = waiting?.action;
        setWaiting(null);
        action?.();
      }}
      layout="stacked"
      notice={claim.failure ? <ErrorAlert>{claim.failure}</ErrorAlert> : undefined}
    >
      {waiting ? (
        <p data-offer-warning={waiting.offer.code} className="text-[15px] text-mist-300 tabular-nums">
          {t('offer.warnText', offerValues(waiting.offer, currency))}
        </p>
      ) : null}
    </ConfirmDialog>
  );

  return { guard, dialog };
}
