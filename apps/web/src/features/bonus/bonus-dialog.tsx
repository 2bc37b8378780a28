import { Info } from 'lucide-react';
import type { BonusOffer } from '@wallet/contract/http/bonus';
import type { Currency } from '@wallet/contract/money';
import { ServerHtml } from '../../components/server-html';
import { Button } from '../../components/ui/button';
import { Dialog } from '../../components/ui/dialog';
import { useToast } from '../../components/ui/toast';
import { formatMoney } from '../../lib/format';
import { useId } from 'react';
import { useClaim, useTotalBalance } from './bonus-api';
import {
  BannerSlides,
  claimRefusal,
  codeOf,
  OfferTerms,
  RefusalAlert,
  useReceiveBlock,
} from './offer-details';
import { useDialogTop } from './dialog-top';
import { isReceivedOut } from '../../lib/received-count';
import { useSingleSubmit } from '../../lib/single-submit';
import { useBonusTranslation } from '../../lib/bonus-texts';
import { fillOfferAmounts } from '../../lib/offer-amounts';

/**
 * A listed bonus (spec section 2, Bonus): its banners, notice and terms, and a receive button;
 * while a grant already runs, a note saying so and a button that only closes.
 */
export function BonusDialog({
  offer,
  running,
  currency,
  now,
  onClose,
}: {
  /** The offer shown; null when closed. */
  offer: BonusOffer | null;
  /** A grant runs now: nothing more can be claimed. */
  running: boolean;
  currency: Currency;
  now: number;
  onClose: () => void;
}) {
  const { t } = useBonusTranslation();
  const toast = useToast();
  const claim = useClaim();
  const once = useSingleSubmit();
  const out = offer ? isReceivedOut(offer, now) : false;
  // Off, with the reason beside it, when the terms shown are not met (issue 31).
  const blocked = useReceiveBlock(offer, useTotalBalance(offer !== null && !running && !out), currency);
  const reasonId = useId();
  const content = useDialogTop<HTMLDivElement>(offer?.code);

  const close = () => {
    claim.reset();
    onClose();
  };

  const receive = (picked: BonusOffer) =>
    once(async () => {
      const { credited } = await claim.mutateAsync({ channel: 'bonus', code: picked.code });
      toast.show(
        'success',
        t('bonus.receiveDone', { name: picked.name, amount: formatMoney(credited, currency) }),
        { after: 'close' },
      );
      close();
    });

  const footer = !offer ? null : running ? (
    <div className="w-full space-y-3">
      <p className="flex gap-2.5 rounded-xl bg-amber-400/10 px-4 py-3 text-sm text-amber-300">
        <Info className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
        <span>{t('bonus.alreadyActive')}</span>
      </p>
      <Button block onClick={close}>
        {t('bonus.understood')}
      </Button>
    </div>
  ) : (
    <div className="w-full space-y-3">
      {claim.isError ? (
        <RefusalAlert
          title={t('bonus.refused.receive')}
          text={claimRefusal(codeOf(claim.error), t('bonus.offerGone'))}
        />
      ) : null}
      {blocked && !out ? (
        <p id={reasonId} data-reason="receive" className="text-sm text-mist-300">
          {blocked}
        </p>
      ) : null}
      <Button
        block
        loading={claim.isPending}
        disabled={out || blocked !== null}
        aria-describedby={blocked && !out ? reasonId : undefined}
        onClick={() => receive(offer)}
      >
        {out ? t('bonus.receivedOut') : t('bonus.receive')}
      </Button>
    </div>
  );

  return (
    <Dialog open={offer !== null} onClose={close} title={offer?.name ?? ''} footer={footer}>
      {offer ? (
        <div ref={content} className="space-y-4">
          <BannerSlides banners={offer.banners} />
          {/* The operator's HTML (decision 057): cleaned by the server, and again here. */}
          {offer.notice ? (
            <ServerHtml
              html={fillOfferAmounts(offer.notice, offer, currency)}
              className="text-[15px] whitespace-pre-line text-mist-300"
            />
          ) : null}
          <OfferTerms terms={offer} currency={currency} />
        </div>
      ) : null}
    </Dialog>
  );
}
