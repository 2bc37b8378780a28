import { useDepositTranslation } from '../../lib/deposit-texts';
import { lazy, Suspense, useState, type ComponentType } from 'react';
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
  onDeposited,
  DepositedNote,
  ...props
}: DepositTabProps & {
  open: boolean;
  onClose: () => void;
  /**
   * Said with a deposit's success (issue 31): home hands in what the deposit may claim (an offer
   * with its Claim button), since features do not import each other.
   */
  DepositedNote?: ComponentType<{ currency: DepositTabProps['currency'] }>;
}) {
  const { t } = useDepositTranslation();
  // A deposit reached the wallet while the dialog was open: its note shows under the tabs.
  const [deposited, setDeposited] = useState(false);
  const close = () => {
    setDeposited(false);
    onClose();
  };
  return (
    // Steady: the bank, QR and gift link tabs differ in length, and the dialog kept jumping (issue 31).
    <Dialog open={open} onClose={close} title={t('deposit.title')} steady>
      {open ? (
        <Suspense fallback={<Loading />}>
          {deposited && DepositedNote ? <DepositedNote currency={props.currency} /> : null}
          <DepositTabs
            {...props}
            onDeposited={() => {
              setDeposited(true);
              onDeposited();
            }}
          />
        </Suspense>
      ) : null}
    </Dialog>
  );
}
