import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  AdjustmentAnswer,
  AdjustmentListResponse,
  type AdjustmentCreateRequest,
  type AdjustmentStatus,
} from '@wallet/contract/http/adjustment';
import { MemberViewResponse } from '@wallet/contract/http/console-members';
import { IDEMPOTENCY_HEADER } from '@wallet/contract/http/wallet';
import { useMoneyRequester } from '../../../lib/idempotency';
import { queryKeys } from '../../../lib/query-keys';
import { consoleRequest } from '../console-api';

/**
 * The currency of the member an adjustment is asked for (the member view's, shared with the member
 * page's cache): the confirm says the amount and the threshold in it (decision 075).
 */
export function useMemberCurrency(memberId: number | null) {
  return useQuery({
    queryKey: queryKeys.console.memberView(memberId ?? 0),
    queryFn: () => consoleRequest(`/api/console/members/${memberId}`, { schema: MemberViewResponse }),
    enabled: memberId !== null,
    select: (view) => view.context.wallet.currency,
    refetchOnWindowFocus: false,
  });
}

/** Adjustments a page holds. */
export const ADJUSTMENTS_PAGE_SIZE = 20;

/** One page of adjustments of a status; the page shown stays while the next loads. */
export function useAdjustments(status: AdjustmentStatus, page: number) {
  return useQuery({
    queryKey: queryKeys.console.adjustments(status, page),
    queryFn: () =>
      consoleRequest(
        `/api/console/adjustments?status=${status}&page=${page}&limit=${ADJUSTMENTS_PAGE_SIZE}`,
        { schema: AdjustmentListResponse },
      ),
    placeholderData: keepPreviousData,
    // A checker opens this to find work other staff just asked for.
    staleTime: 0,
  });
}

/**
 * Asks for an adjustment with an Idempotency-Key: the very same request sent again after an unknown
 * outcome carries the same key, so the server never makes it twice (lib/idempotency.ts).
 */
export function useCreateAdjustment() {
  const requester = useMoneyRequester();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AdjustmentCreateRequest) =>
      requester.keyed(`adjustment ${JSON.stringify(body)}`, (key) =>
        consoleRequest('/api/console/adjustments', {
          method: 'POST',
          body,
          schema: AdjustmentAnswer,
          headers: { [IDEMPOTENCY_HEADER]: key },
        }),
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.console.adjustmentsAll }),
  });
}

export type AdjustmentDecision =
  { id: number; decision: 'approve' } | { id: number; decision: 'reject'; reason: string };

/** A checker's approval or rejection (the server answers the same again if pressed twice). */
export function useDecideAdjustment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (decision: AdjustmentDecision) =>
      consoleRequest(`/api/console/adjustments/${decision.id}/${decision.decision}`, {
        method: 'POST',
        body: decision.decision === 'reject' ? { reason: decision.reason } : {},
        schema: AdjustmentAnswer,
      }),
    // Decided or not (another checker may have been first): the list is read again.
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.console.adjustmentsAll }),
  });
}
