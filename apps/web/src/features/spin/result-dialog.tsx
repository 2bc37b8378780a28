import { PartyPopper } from 'lucide-react';
import type { SpinResponse, SpinSlice } from '@wallet/contract/http/spinwheel';
import { Button } from '../../components/ui/button';
import { Dialog } from '../../components/ui/dialog';
import { useToast } from '../../components/ui/toast';
import { errorCodeOf } from '../../lib/api-client';
import { formatDateTime } from '../../lib/format';
import { useSingleSubmit } from '../../lib/single-submit';
import { PrizeBadge } from './claim-dialog';
import { usePrizeText } from './prize-text';
import { useClaimCoupon } from './spin-api';
import { useSpinTranslation } from './spin-texts';

export interface SpinResult {
  answer: SpinResponse;
  /** The drawn slice, as the wheel showed it (undefined if the wheel changed meanwhile). */
  slice: SpinSlice | undefined;
  /** Until when the coupon may be claimed. */
  claimBy: Date;
}

/**
 * The prize result dialog (spec sections 2 and 4), opened 2 s after the wheel stops: the prize,
 * and Claim now, which claims it at once (issue 31 item 9: the dialog already shows the prize and
 * what it pays, so a second "claim this prize?" only asked the same thing twice); or no prize this
 * time. A double tap claims once (single submit, and the server pays a coupon once); a refusal
 * goes to the page's alert.
 */
export function ResultDialog({
  result,
  onClose,
  onRefused,
}: {
  result: SpinResult | null;
  onClose: () => void;
  onRefused: (code: string) => void;
}) {
  const { t } = useSpinTranslation();
  const prizes = usePrizeText();
  const toast = useToast();
  const claim = useClaimCoupon();
  const once = useSingleSubmit();
  const won = result !== null && result.answer.coupon !== null;

  const claimNow = (coupon: string) =>
    once(async () => {
      try {
        const paid = await claim.mutateAsync(coupon);
        toast.show('success', prizes.doneText(paid), { after: 'close' });
        onClose();
      } catch (error) {
        onClose();
        onRefused(errorCodeOf(error));
      }
    });

  return (
    <Dialog
      open={result !== null}
      onClose={onClose}
      title={won ? t('result.winTitle') : t('result.loseTitle')}
      footer={
        won ? (
          <>
            {/* Later takes only its room: the main action keeps one line at 320 px. */}
            <Button variant="secondary" disabled={claim.isPending} onClick={onClose}>
              {t('result.later')}
            </Button>
            <Button
              block
              className="flex-1"
              loading={claim.isPending}
              onClick={() => claimNow(result.answer.coupon!)}
            >
              {t('result.claimNow')}
            </Button>
          </>
        ) : (
          <Button block onClick={onClose}>
            {t('result.ok')}
          </Button>
        )
      }
    >
      {result ? (
        <div className="space-y-3 text-center" data-result={result.answer.result.code}>
          {won ? (
            <>
              <span className="gold-gradient mx-auto inline-flex size-14 items-center justify-center rounded-2xl text-ink-950">
                <PartyPopper className="size-7" aria-hidden="true" />
              </span>
              <p className="text-sm text-mist-300">{t('result.won')}</p>
              <PrizeBadge name={result.answer.result.label} color={result.slice?.bgColor} />
              {result.slice ? (
                <p className="text-lg font-semibold text-gold-300">{prizes.describe(result.slice.prize)}</p>
              ) : null}
              <p className="text-sm text-mist-400">
                {t('result.claimBy', { date: formatDateTime(result.claimBy.toISOString()).slice(0, 16) })}
              </p>
            </>
          ) : (
            <>
              <PrizeBadge name={result.answer.result.label} color={result.slice?.bgColor} />
              <p className="text-[15px] text-mist-300">{t('result.loseText')}</p>
            </>
          )}
        </div>
      ) : null}
    </Dialog>
  );
}
