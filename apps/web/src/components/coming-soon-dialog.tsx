import { Hourglass } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from './ui/button';
import { Dialog } from './ui/dialog';

/** An honest answer for an action whose screen is not open yet (deposit, invite, refund, slips). */
export function ComingSoonDialog({
  open,
  title,
  onClose,
}: {
  open: boolean;
  title: string;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={title}
      footer={
        <Button block variant="secondary" onClick={onClose}>
          {t('action.close')}
        </Button>
      }
    >
      <div className="flex flex-col items-center gap-3 py-4 text-center">
        <span className="gold-gradient inline-flex size-14 items-center justify-center rounded-2xl text-ink-950">
          <Hourglass className="size-7" aria-hidden="true" />
        </span>
        <p className="text-lg font-semibold">{t('comingSoon.title')}</p>
        <p className="text-sm text-mist-300">{t('comingSoon.text')}</p>
      </div>
    </Dialog>
  );
}
