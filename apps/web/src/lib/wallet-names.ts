import { useQuery, useQueryClient } from '@tanstack/react-query';
import { WalletResponse } from '@wallet/contract/http/wallet';
import { apiRequest } from './api-client';
import { queryKeys } from './query-keys';

/**
 * The wallet as Home lists it, for the games' display names and the member's currency (the
 * statement's rows, the limits page: every amount in the wallet's money). Home's answer is taken
 * when it is in the cache; else the plain wallet is asked for once (without Home's refresh at
 * every provider: names and currency do not change with play).
 * NOTE: a key of its own: under Home's key this query's plain fetch would stand in for Home's
 * refresh, and Home would show balances not refreshed.
 */
export function useWalletNames() {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: queryKeys.statement.wallet,
    queryFn: () => apiRequest('/api/wallet', { schema: WalletResponse }),
    initialData: () => queryClient.getQueryData<WalletResponse>(queryKeys.wallet.all),
    initialDataUpdatedAt: () => queryClient.getQueryState(queryKeys.wallet.all)?.dataUpdatedAt,
    staleTime: 5 * 60_000,
  });
}
