import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TIMING } from '@wallet/contract/constants';
import { ServerHtml } from '../../components/server-html';
import { Button } from '../../components/ui/button';
import { Dialog } from '../../components/ui/dialog';
import { useLookup } from '../../lib/lookups';
import { storage } from '../../lib/storage';

/** The member agreement, 1.5 s after the home screen opens, until the member has seen it. */
export function AgreementDialog() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const agreements = useLookup('agreements', { enabled: open });

  useEffect(() => {
    if (storage.hasSeenAgreement()) return;
    const timer = setTimeout(() => setOpen(true), TIMING.agreementDelayMs);
    return () => clearTimeout(timer);
  }, []);

  const accept = () => {
    storage.markAgreementSeen();
    setOpen(false);
  };

  return (
    <Dialog
      open={open}
      onClose={accept}
      title={t('agreement.title')}
      footer={
        <Button block onClick={accept}>
          {t('agreement.accept')}
        </Button>
      }
    >
      <div className="space-y-3 text-[15px] text-mist-300">
        {(agreements.data?.agreements ?? []).map((html, index) => (
          <ServerHtml key={index} html={html} />
        ))}
      </div>
    </Dialog>
  );
}
