import { useEffect, useEffectEvent, useState } from 'react';
import type { Banner } from '../../components/banner-slides';
import { useRewardsTranslation } from '../../lib/rewards-texts';
import { BannerDialog } from './banner-dialog';
import { InviteDialog } from './invite-dialog';
import { RefundDialog } from './refund-dialog';
import { usePrepareReward, type Reward } from './rewards-api';

/** What shows of the reward opened: its banners first (when it has some), then its dialog. */
interface Step {
  reward: Reward;
  banners: Banner[] | null;
}

/**
 * The invite and refund dialogs behind the home widgets, with the banner flow of spec section 2:
 * a tap fetches the reward's banners (and the dialog's first reads, so it opens with content); a
 * non-empty list shows the banner carousel first and closing it opens the dialog; an empty list,
 * or a fetch that failed, opens the dialog at once.
 */
export function RewardDialogs({
  open,
  onClose,
  onBusy,
}: {
  /** The reward whose widget was tapped; null when none is open. */
  open: Reward | null;
  onClose: () => void;
  /** The tapped reward's banners and first reads are on their way: its widget says it is busy. */
  onBusy: (reward: Reward | null) => void;
}) {
  const { t } = useRewardsTranslation();
  const prepare = usePrepareReward();
  const [step, setStep] = useState<Step | null>(null);
  const busy = useEffectEvent(onBusy);
  const prepareNow = useEffectEvent(prepare);

  useEffect(() => {
    if (!open) return;
    let live = true;
    busy(open);
    void prepareNow(open).then((list) => {
      if (!live) return;
      busy(null);
      setStep({ reward: open, banners: list.length > 0 ? list : null });
    });
    return () => {
      live = false;
      busy(null);
    };
  }, [open]);

  // A step left from an earlier opening never shows: only the one of the reward open now.
  const shown = open && step?.reward === open ? step : null;
  const close = () => {
    setStep(null);
    onClose();
  };
  const title = (reward: Reward) => t(`${reward}.title`);

  return (
    <>
      <BannerDialog
        banners={shown?.banners ?? null}
        title={shown ? title(shown.reward) : ''}
        onClose={() => shown && setStep({ reward: shown.reward, banners: null })}
      />
      <InviteDialog open={shown?.reward === 'invite' && shown.banners === null} onClose={close} />
      <RefundDialog open={shown?.reward === 'refund' && shown.banners === null} onClose={close} />
    </>
  );
}
