import { PartyPopper } from 'lucide-react';
import type { SpinResponse, SpinSlice } from '@wallet/contract/http/spinwheel';
import { Button } from '../../components/ui/button';
import { Dialog } from '../../components/ui/dialog';
import { formatDateTime } from '../../lib/format';
import { PrizeBadge } from './claim-dialog';
import { usePrizeText } from './prize-text';
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
 * and a shortcut to claim it; or no prize this time.
 */
export function ResultDialog({
  result,
  onClose,
  onClaim,
}: {
  result: SpinResult | null;
  onClose: () => void;
  onClaim: (result: SpinResult) => void;
}) {
  const { t } = useSpinTranslation();
  const prizes = usePrizeText();
  const won = result !== null && result.answer.coupon !== null;

  return (
    <Dialog
      open={result !== null}
      onClose={onClose}
      title={won ? t('result.winTitle') : t('result.loseTitle')}
      footer={
        won ? (
          <>
            {/* Later takes only its room: the main action keeps one line at 320 px. */}
            <Button variant="secondary" onClick={onClose}>
              {t('result.later')}
            </Button>
            <Button block className="flex-1" onClick={() => onClaim(result)}>
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
