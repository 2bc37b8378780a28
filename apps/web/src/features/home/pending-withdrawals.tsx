import { useQuery } from '@tanstack/react-query';
import { Hourglass } from 'lucide-react';
import { PendingWithdrawalsResponse, type PendingWithdrawal } from '@wallet/contract/http/wallet';
import type { Currency } from '@wallet/contract/money';
import { apiRequest } from '../../lib/api-client';
import { formatDateTime, formatMoney } from '../../lib/format';
import { queryKeys } from '../../lib/query-keys';
import { useHomeTranslation } from './home-texts';
import { useFollowedList } from './use-followed-list';

/** While a withdrawal is on its way and Home is in view, it is looked at again this often. */
const WHILE_PENDING_MS = 30_000;

/**
 * The member's withdrawals not final yet (GET /api/wallet/withdrawals/pending). Read once the
 * wallet has been read (so Home's first load asks once, after the games' refresh), again on focus,
 * again whenever the wallet is read anew (a withdrawal made, Refresh), and every 30 s only while
 * one is pending: never a poll when there is nothing to wait for. `onFinished`: one the member saw
 * is final now (paid, or returned), so the balances are read again.
 */
export function usePendingWithdrawals({
  walletUpdatedAt,
  walletSettled,
  onFinished,
}: {
  /** When the wallet was last read (ms), 0 before. */
  walletUpdatedAt: number;
  /** The wallet's first read has answered (or failed). */
  walletSettled: boolean;
  onFinished: () => void;
}) {
  const query = useQuery({
    // Under the wallet's prefix: whatever reloads the wallet (a deposit, a spin's claim) reads it too.
    queryKey: queryKeys.wallet.pendingWithdrawals,
    queryFn: () => apiRequest('/api/wallet/withdrawals/pending', { schema: PendingWithdrawalsResponse }),
    enabled: walletSettled,
    staleTime: 15_000,
    refetchOnWindowFocus: true,
    refetchInterval: (current) => (current.state.data?.withdrawals.length ? WHILE_PENDING_MS : false),
  });

  return useFollowedList(query, query.data?.withdrawals, { walletUpdatedAt, onFinished });
}

/** Each withdrawal on its way: amount, when it was asked for, and what it waits for, in words. */
export function PendingWithdrawals({
  withdrawals,
  currency,
}: {
  withdrawals: PendingWithdrawal[];
  currency: Currency;
}) {
  const { t } = useHomeTranslation();
  if (withdrawals.length === 0) return null;
  return (
    <section aria-label={t('pending.label')} className="mt-4">
      <ul className="space-y-2">
        {withdrawals.map((one) => (
          <li
            key={one.id}
            data-pending-withdrawal={one.id}
            className="card flex items-start gap-3 border-amber-400/25 px-4 py-3"
          >
            <span className="mt-0.5 inline-flex size-10 shrink-0 items-center justify-center rounded-xl bg-amber-400/15 text-amber-400">
              <Hourglass className="size-5" aria-hidden="true" />
            </span>
            <div className="min-w-0 flex-1">
              <div className="flex flex-wrap items-center justify-between gap-x-2 gap-y-1">
                <p className="font-semibold tabular-nums">
                  {t('pending.title', { amount: formatMoney(one.amount, currency) })}
                </p>
                <span className="rounded-full bg-amber-400/15 px-2 py-0.5 text-xs font-medium text-amber-400">
                  {t('pending.status')}
                </span>
              </div>
              <p className="mt-1 text-sm leading-snug text-mist-300">
                {one.waitingFor === 'review'
                  ? t('pending.waitingFor.review')
                  : one.waitingFor === 'confirmation'
                    ? t('pending.waitingFor.confirmation')
                    : one.accountEnding
                      ? t('pending.waitingFor.payout', { ending: one.accountEnding })
                      : t('pending.waitingFor.payoutNoAccount')}
              </p>
              <p className="mt-1 text-xs text-mist-400 tabular-nums">
                {t('pending.requested', { time: formatDateTime(one.createdAt) })}
              </p>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
