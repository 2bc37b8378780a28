import { useQuery, useQueryClient } from '@tanstack/react-query';
import { ArrowLeftRight } from 'lucide-react';
import { useCallback } from 'react';
import { HeldTransfersResponse, type HeldTransfer, type WalletResponse } from '@wallet/contract/http/wallet';
import { apiRequest } from '../../lib/api-client';
import { formatDateTime, formatMoney } from '../../lib/format';
import { queryKeys } from '../../lib/query-keys';
import { useHomeTranslation } from './home-texts';
import { useFollowedList } from './use-followed-list';

/**
 * While a transfer is held and Home is in view, it is looked at again this often: the reconciler
 * asks a silent game every few seconds, and this read is the ledger's alone (no provider call).
 */
const WHILE_HELD_MS = 5_000;

/**
 * The member's transfers held at a game that has not answered (GET /api/wallet/transfers/held,
 * issue 31), read as the pending withdrawals are (decision 028): once the wallet has been read,
 * again on focus and whenever the wallet is read anew, and every 5 s only while one is held.
 * `onFinished`: one the member saw is final now (arrived, or came back), so the balances are read
 * again.
 */
export function useHeldTransfers({
  walletUpdatedAt,
  walletSettled,
  onFinished,
}: {
  walletUpdatedAt: number;
  walletSettled: boolean;
  onFinished: () => void;
}) {
  const query = useQuery({
    queryKey: queryKeys.wallet.heldTransfers,
    queryFn: () => apiRequest('/api/wallet/transfers/held', { schema: HeldTransfersResponse }),
    enabled: walletSettled,
    staleTime: 4_000,
    refetchOnWindowFocus: true,
    refetchInterval: (current) => (current.state.data?.transfers.length ? WHILE_HELD_MS : false),
  });

  return useFollowedList(query, query.data?.transfers, { walletUpdatedAt, onFinished });
}

/** Reads the held transfers now (a transfer just answered PENDING). */
export function useReadHeldTransfers() {
  const queryClient = useQueryClient();
  return useCallback(
    () => void queryClient.invalidateQueries({ queryKey: queryKeys.wallet.heldTransfers }),
    [queryClient],
  );
}

/**
 * Each transfer held at a game, as the withdrawals on their way are shown: which game, how much,
 * since when, and what it waits for, in words.
 */
export function HeldTransfers({ transfers, wallet }: { transfers: HeldTransfer[]; wallet: WalletResponse }) {
  const { t } = useHomeTranslation();
  if (transfers.length === 0) return null;
  const currency = wallet.wallet.currency;
  const nameOf = (code: string) => wallet.games.find((game) => game.code === code)?.name ?? code;
  return (
    <section aria-label={t('held.label')} className="mt-4">
      <ul className="space-y-2">
        {transfers.map((one) => {
          const game = nameOf(one.game);
          const amount = formatMoney(one.amount, currency);
          return (
            <li
              key={one.id}
              data-held-transfer={one.id}
              className="card flex items-start gap-3 border-amber-400/25 px-4 py-3"
            >
              <span className="mt-0.5 inline-flex size-10 shrink-0 items-center justify-center rounded-xl bg-amber-400/15 text-amber-400">
                <ArrowLeftRight className="size-5" aria-hidden="true" />
              </span>
              <div className="min-w-0 flex-1">
                <div className="flex flex-wrap items-center justify-between gap-x-2 gap-y-1">
                  <p className="min-w-0 font-semibold break-words tabular-nums">
                    {t(one.direction === 'in' ? 'held.titleIn' : 'held.titleOut', { amount, game })}
                  </p>
                  <span className="rounded-full bg-amber-400/15 px-2 py-0.5 text-xs font-medium text-amber-400">
                    {t('held.status')}
                  </span>
                </div>
                <p className="mt-1 text-sm leading-snug text-mist-300">
                  {one.waitingFor === 'provider'
                    ? t('held.waitingFor.provider', { game })
                    : t(
                        one.direction === 'in'
                          ? 'held.waitingFor.confirmationIn'
                          : 'held.waitingFor.confirmationOut',
                        {
                          game,
                        },
                      )}
                </p>
                <p className="mt-1 text-xs text-mist-400 tabular-nums">
                  {t('held.since', { time: formatDateTime(one.createdAt) })}
                </p>
              </div>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
