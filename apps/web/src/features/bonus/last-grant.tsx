import { CircleCheck, Info } from 'lucide-react';
import type { ActiveCheckResponse } from '@wallet/contract/http/bonus';
import type { Currency } from '@wallet/contract/money';
import { formatDateTime, formatMoney } from '../../lib/format';
import { useBonusTranslation } from '../../lib/bonus-texts';

/** How long after it ended the page still tells how the last bonus ended. */
const SHOWN_FOR_MS = 3 * 24 * 3_600_000;

/**
 * How the member's last bonus ended (turnover met, cancelled, under the floor, expired) and what
 * was taken back, for a few days after: a grant that completes on the page's own look would
 * otherwise simply vanish.
 */
export function LastGrant({
  last,
  currency,
  now,
}: {
  last: NonNullable<ActiveCheckResponse['last']>;
  currency: Currency;
  now: number;
}) {
  const { t } = useBonusTranslation();
  if (now - new Date(last.closedAt).getTime() > SHOWN_FOR_MS) return null;
  const done = last.state === 'completed';
  const Icon = done ? CircleCheck : Info;
  const values = {
    name: last.name,
    date: formatDateTime(last.closedAt),
    amount: formatMoney(last.taken, currency),
  };
  return (
    <div
      role="status"
      data-last-state={last.state}
      className={`flex gap-3 rounded-2xl border p-4 text-sm leading-relaxed ${
        done ? 'border-mint-400/40 bg-mint-400/10 text-mint-400' : 'border-ink-600 bg-ink-800 text-mist-300'
      }`}
    >
      <Icon className="mt-0.5 size-5 shrink-0" aria-hidden="true" />
      <p>
        {t(`bonus.last.${last.state}`, values)}
        {last.taken > 0 ? ` ${t(done ? 'bonus.last.capTaken' : 'bonus.last.taken', values)}` : ''}
      </p>
    </div>
  );
}
