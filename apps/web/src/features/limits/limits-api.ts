import { useMutation, useQueryClient } from '@tanstack/react-query';
import { LimitsResponse, type LimitsUpdate } from '@wallet/contract/http/limits';
import { MoneyResult } from '@wallet/contract/http/wallet';
import { apiRequest } from '../../lib/api-client';
import type { MoneyRequester } from '../../lib/idempotency';
import { queryKeys } from '../../lib/query-keys';

export { limitsQuery } from '../../lib/limits';

/** Every call answers the whole view: it replaces the cached one. */
function useLimitsCall<V>(call: (value: V) => Promise<LimitsResponse>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: (limits) => queryClient.setQueryData(queryKeys.limits, limits),
  });
}

export const useSaveLimits = () =>
  useLimitsCall((body: LimitsUpdate) =>
    apiRequest('/api/account/limits', { method: 'PUT', body, schema: LimitsResponse }),
  );

export const useConfirmLimits = () =>
  useLimitsCall(() =>
    apiRequest('/api/account/limits/confirm', { method: 'POST', body: {}, schema: LimitsResponse }),
  );

export const useTimeout = () =>
  useLimitsCall((days: 1 | 7 | 30 | 42) =>
    apiRequest('/api/account/timeout', { method: 'POST', body: { days }, schema: LimitsResponse }),
  );

export const useSelfExclusion = () =>
  useLimitsCall((months: 6 | 12 | 60 | null) =>
    apiRequest('/api/account/self-exclusion', { method: 'POST', body: { months }, schema: LimitsResponse }),
  );

export const useEndExclusion = () =>
  useLimitsCall(() =>
    apiRequest('/api/account/self-exclusion/end', { method: 'POST', body: {}, schema: LimitsResponse }),
  );

/** "Take a break": every game's balance back to the wallet (one money call, its own key). */
export function useBringGamesBack(money: MoneyRequester) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => money.send('/api/wallet/transferAll', { to: 'wallet' }, MoneyResult),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.wallet.all }),
  });
}
