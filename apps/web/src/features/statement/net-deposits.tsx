import { useQuery } from '@tanstack/react-query';
import { formatMoney } from '../../lib/format';
import { netDepositsQuery } from '../../lib/limits';
import { useLimitsTranslation } from '../../lib/limits-texts';
import { useWalletNames } from '../../lib/wallet-names';

/**
 * Deposits minus withdrawals over the last 3 and 12 months (issue 29): a member sees at a glance
 * what play has cost, in the wallet's currency (₭ in whole kip, decision 068). Silent when it
 * cannot be read (the statement below is what matters).
 */
export function NetDeposits() {
  const { t } = useLimitsTranslation();
  const net = useQuery(netDepositsQuery);
  const wallet = useWalletNames();
  // NOTE: not before the currency is known: a kip wallet's figures must never flash as baht.
  if (!net.data || wallet.isPending) return null;
  const currency = wallet.data?.wallet.currency ?? 'BAHT';
  const cell = (label: string, amount: number) => (
    <div className="min-w-0 flex-1 rounded-xl bg-ink-900 px-3 py-2.5">
      <dt className="text-xs text-mist-400">{label}</dt>
      <dd className="text-[15px] font-semibold tabular-nums">{formatMoney(amount, currency)}</dd>
    </div>
  );
  return (
    <section aria-labelledby="net-deposits" className="card mb-4 p-4">
      <h2 id="net-deposits" className="text-sm font-semibold">
        {t('netDeposits.title')} <span className="font-normal text-mist-400">· {t('netDeposits.hint')}</span>
      </h2>
      <dl className="mt-2 flex gap-2">
        {cell(t('netDeposits.months3'), net.data.threeMonths)}
        {cell(t('netDeposits.months12'), net.data.twelveMonths)}
      </dl>
    </section>
  );
}
