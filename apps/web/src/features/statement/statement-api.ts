import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { PAGE_SIZE } from '@wallet/contract/constants';
import {
  StatementResponse,
  type StatementListRequest,
  type StatementType,
} from '@wallet/contract/http/statement';
import { WalletResponse } from '@wallet/contract/http/wallet';
import { apiRequest } from '../../lib/api-client';
import { queryKeys } from '../../lib/query-keys';

/**
 * One page of the member's statement, newest first, of one type or of all (`type` undefined);
 * the page shown stays while the next loads.
 */
export function useStatement(page: number, type: StatementType | undefined) {
  const body: StatementListRequest = { page, limit: PAGE_SIZE.statement, ...(type ? { type } : {}) };
  return useQuery({
    queryKey: queryKeys.statement.page(type, page),
    queryFn: () => apiRequest('/api/statement', { method: 'POST', body, schema: StatementResponse }),
    placeholderData: keepPreviousData,
  });
}

/**
 * The wallet as Home lists it, for the games' display names and the member's currency. Home's
 * answer is taken when it is in the cache; else the plain wallet is asked for once (without
 * Home's refresh at every provider: names and currency do not change with play).
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
