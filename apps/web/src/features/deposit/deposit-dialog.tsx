import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import type { Currency } from '@wallet/contract/money';
import { Dialog } from '../../components/ui/dialog';
import { Loading } from '../../components/ui/loading';

// The tabs (slip upload, QR, gift link) load when the dialog first opens; a spinner meanwhile.
const DepositTabs = lazy(async () => ({ default: (await import('./deposit-tabs')).DepositTabs }));

export interface DepositTabProps {
  currency: Currency;
  /** Money reached the wallet (or may have): home reads the balances again. */
  onDeposited: () => void;
}

/**
 * The three ways to deposit (spec sections 2, 4, 5 and 7): a bank transfer with its slip, a QR
 * payment, a prepaid-wallet gift link.
 */
export function DepositDialog({
  open,
  onClose,
  ...props
}: DepositTabProps & { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    // Steady: the bank, QR and gift link tabs differ in length, and the dialog kept jumping (issue 31).
    <Dialog open={open} onClose={onClose} title={t('deposit.title')} steady>
      {open ? (
        <Suspense fallback={<Loading />}>
          <DepositTabs {...props} />
        </Suspense>
      ) : null}
    </Dialog>
  );
}
