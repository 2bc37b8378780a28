import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  DepositReviewDecision,
  DepositReviewQueueResponse,
  type DepositReviewKind,
} from '@wallet/contract/http/console-deposits';
import { queryKeys } from '../../../lib/query-keys';
import { consoleRequest } from '../console-api';

const path = (id: string, action: 'credit' | 'refuse') =>
  `/api/console/deposits/reviews/${encodeURIComponent(id)}/${action}`;

/**
 * One page of the deposits waiting for staff, of one kind or all. NOTE: read again every 20 s while
 * open: colleagues' decisions, members' new uploads and the sweep change it (live counts come with
 * issue 27's part 7). The slip images' signed links last 10 minutes: each read renews them.
 */
export function useDepositReviews(kind: DepositReviewKind | 'all', page: number) {
  return useQuery({
    queryKey: queryKeys.console.depositReviews(kind, page),
    queryFn: () =>
      consoleRequest(`/api/console/deposits/reviews?page=${page}${kind === 'all' ? '' : `&kind=${kind}`}`, {
        schema: DepositReviewQueueResponse,
      }),
    placeholderData: keepPreviousData,
    refetchInterval: 20_000,
  });
}

export type DepositDecisionInput =
  | { action: 'credit'; id: string; note: string; amount?: number }
  | { action: 'refuse'; id: string; note: string };

/** A credit or a refusal: the decision as the server answers it; the queue is read again after it. */
export function useDecideDeposit() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: DepositDecisionInput) =>
      consoleRequest(path(input.id, input.action), {
        method: 'POST',
        body:
          input.action === 'credit' && input.amount !== undefined
            ? { note: input.note, amount: input.amount }
            : { note: input.note },
        schema: DepositReviewDecision,
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.console.depositReviewsAll }),
  });
}
