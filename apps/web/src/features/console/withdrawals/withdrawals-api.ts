import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  WithdrawalQueueResponse,
  WithdrawalReviewItem,
  WithdrawalRules,
  type WITHDRAWAL_REVIEW_STATES,
  type WithdrawalRefusal,
} from '@wallet/contract/http/console-withdrawals';
import { queryKeys } from '../../../lib/query-keys';
import { consoleRequest } from '../console-api';

export type WithdrawalReviewState = (typeof WITHDRAWAL_REVIEW_STATES)[number];

const path = (id: string, action: string) => `/api/console/withdrawals/${encodeURIComponent(id)}/${action}`;

/**
 * One page of the withdrawal desk's queue. NOTE: read again every 20 s while open: colleagues'
 * claims and decisions change it (the live counts of the staff socket come with issue 27's part 7).
 */
export function useWithdrawalQueue(status: WithdrawalReviewState, page: number) {
  return useQuery({
    queryKey: queryKeys.console.withdrawals(status, page),
    queryFn: () =>
      consoleRequest(`/api/console/withdrawals?status=${status}&page=${page}`, {
        schema: WithdrawalQueueResponse,
      }),
    placeholderData: keepPreviousData,
    refetchInterval: 20_000,
  });
}

/** A decision or a claim: the item as the server answers it; the queue is read again after it. */
function useWithdrawalAction<V>(request: (variables: V) => Promise<WithdrawalReviewItem>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: request,
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.console.withdrawalsAll }),
  });
}

export const useClaimWithdrawal = () =>
  useWithdrawalAction((id: string) =>
    consoleRequest(path(id, 'claim'), { method: 'POST', body: {}, schema: WithdrawalReviewItem }),
  );

export const useApproveWithdrawal = () =>
  useWithdrawalAction((id: string) =>
    consoleRequest(path(id, 'approve'), { method: 'POST', body: {}, schema: WithdrawalReviewItem }),
  );

export const useRejectWithdrawal = () =>
  useWithdrawalAction((variables: { id: string; reason: WithdrawalRefusal; note: string }) =>
    consoleRequest(path(variables.id, 'reject'), {
      method: 'POST',
      body: { reason: variables.reason, ...(variables.note.trim() ? { note: variables.note.trim() } : {}) },
      schema: WithdrawalReviewItem,
    }),
  );

/** The rules that hold withdrawals for staff (read with money.approve). */
export const useWithdrawalRules = (enabled: boolean) =>
  useQuery({
    queryKey: queryKeys.console.withdrawalRules,
    queryFn: () => consoleRequest('/api/console/settings/withdrawals', { schema: WithdrawalRules }),
    enabled,
  });

/** Changes them (settings.manage); the answer is the rules as saved. */
export function useSaveWithdrawalRules() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (rules: WithdrawalRules) =>
      consoleRequest('/api/console/settings/withdrawals', {
        method: 'PUT',
        body: rules,
        schema: WithdrawalRules,
      }),
    onSuccess: (saved) => queryClient.setQueryData(queryKeys.console.withdrawalRules, saved),
  });
}
