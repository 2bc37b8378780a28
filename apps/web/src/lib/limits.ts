import { queryOptions } from '@tanstack/react-query';
import { LimitsResponse, NetDepositsResponse } from '@wallet/contract/http/limits';
import { apiRequest } from './api-client';
import { queryKeys } from './query-keys';

/**
 * The member's play limits (issue 29): what each period used, a time-out or self-exclusion, the
 * play session. One cached query for Play limits, the reality check and the deposit dialog's bank
 * tab (which says what can still be deposited before the member transfers).
 */
export const limitsQuery = queryOptions({
  queryKey: queryKeys.limits,
  queryFn: () => apiRequest('/api/account/limits', { schema: LimitsResponse }),
});

/** Deposits minus withdrawals over the last 3 and 12 months (the statement page). */
export const netDepositsQuery = queryOptions({
  queryKey: queryKeys.netDeposits,
  queryFn: () => apiRequest('/api/account/net-deposits', { schema: NetDepositsResponse }),
});
