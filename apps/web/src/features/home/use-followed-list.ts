import { useEffect, useEffectEvent, useRef } from 'react';

/**
 * What Home's lists of money on its way (pending withdrawals, held transfers; decision 028) share
 * once their query is made: read again whenever the wallet is read anew, and `onFinished` when an
 * item the member saw has gone (final now, so the balances are read again).
 */
export function useFollowedList<Item extends { id: string }>(
  query: {
    dataUpdatedAt: number;
    isError: boolean;
    refetch: (options: { cancelRefetch: boolean }) => unknown;
  },
  items: Item[] | undefined,
  { walletUpdatedAt, onFinished }: { walletUpdatedAt: number; onFinished: () => void },
): Item[] {
  const readAgain = useEffectEvent(() => {
    // Only when the wallet's read is newer than ours (or ours failed: one made since must still
    // show); a read on its way is not asked twice.
    if ((query.dataUpdatedAt > 0 || query.isError) && query.dataUpdatedAt < walletUpdatedAt)
      void query.refetch({ cancelRefetch: false });
  });
  useEffect(() => readAgain(), [walletUpdatedAt]);

  const seen = useRef<string[]>([]);
  const finished = useEffectEvent(() => onFinished());
  useEffect(() => {
    if (!items) return;
    const now = new Set(items.map((one) => one.id));
    const gone = seen.current.some((id) => !now.has(id));
    seen.current = [...now];
    if (gone) finished();
  }, [items]);

  return items ?? [];
}
