import { CalendarCheck, Coins, FerrisWheel, Wallet } from 'lucide-react';
import { useNavigate } from 'react-router';
import { Button } from '../../components/ui/button';
import { Dialog } from '../../components/ui/dialog';
import { useHomeTranslation } from './home-texts';

/**
 * What the coins on Home are (issue 16): spins of the wheel, earned by deposits and daily. The
 * rates are not read here: the wheel's setup call gives the daily coin to whoever asks, and only
 * opening the wheel should; the wheel page shows them.
 */
export function CoinInfoDialog({
  open,
  coins,
  onClose,
}: {
  open: boolean;
  coins: number;
  onClose: () => void;
}) {
  const { t } = useHomeTranslation();
  const navigate = useNavigate();
  const toWheel = () => {
    // Closed first, then the move: the dialog's history entry stays under the wheel (Back returns to Home).
    onClose();
    void navigate('/user/spin');
  };
  const point =
    'inline-flex size-9 shrink-0 items-center justify-center rounded-xl bg-gold-400/15 text-gold-300';

  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={t('coinInfo.title')}
      footer={
        <Button block icon={<FerrisWheel className="size-5" aria-hidden="true" />} onClick={toWheel}>
          {t('coinInfo.toWheel')}
        </Button>
      }
    >
      <p className="flex items-center gap-3 text-[15px] font-semibold text-gold-300">
        <span className={point}>
          <Coins className="size-5" aria-hidden="true" />
        </span>
        {t('coinInfo.have', { count: coins })}
      </p>
      <p className="mt-3 leading-relaxed text-mist-300">{t('coinInfo.what')}</p>
      <h3 className="mt-4 font-semibold">{t('coinInfo.earnTitle')}</h3>
      <ul className="mt-2 space-y-2 text-mist-300">
        <li className="flex items-start gap-3">
          <span className={point}>
            <Wallet className="size-5" aria-hidden="true" />
          </span>
          <span className="pt-1.5 leading-snug">{t('coinInfo.deposit')}</span>
        </li>
        <li className="flex items-start gap-3">
          <span className={point}>
            <CalendarCheck className="size-5" aria-hidden="true" />
          </span>
          <span className="pt-1.5 leading-snug">{t('coinInfo.daily')}</span>
        </li>
      </ul>
      <p className="mt-3 text-sm text-mist-400">{t('coinInfo.rates')}</p>
    </Dialog>
  );
}
