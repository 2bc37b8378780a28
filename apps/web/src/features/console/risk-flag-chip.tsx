import type { RiskFlag } from '@wallet/contract/http/console-risk';
import { useConsoleTranslation } from './console-texts';

/** One risk flag (decision 051) as the member view and both review queues show it: an item of their list. */
export function RiskFlagChip({ flag }: { flag: RiskFlag }) {
  const { t } = useConsoleTranslation();
  return (
    <li className="rounded-full bg-rose-400/15 px-2.5 py-1 text-xs font-semibold text-rose-300">
      {t(`withdrawals.flags.${flag}`)}
    </li>
  );
}
