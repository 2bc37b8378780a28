import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  StaffLimitsResponse,
  type StaffLimitsUpdate,
  type TimeoutRequest,
} from '@wallet/contract/http/limits';
import { queryKeys } from '../../lib/query-keys';
import { consoleRequest } from './console-api';

const base = (memberId: number) => `/api/console/members/${memberId}`;

/** The member's play limits, usage, time-out, exclusion and their history (issue 29). */
export const useMemberLimits = (memberId: number) =>
  useQuery({
    queryKey: queryKeys.console.memberLimits(memberId),
    queryFn: () => consoleRequest(`${base(memberId)}/limits`, { schema: StaffLimitsResponse }),
  });

/**
 * Staff tighten a limit, or start a time-out or a self-exclusion: the answer is the panel as it
 * stands.
 */
export function useTightenLimits(memberId: number) {
  const queryClient = useQueryClient();
  const done = (answer: StaffLimitsResponse) =>
    queryClient.setQueryData(queryKeys.console.memberLimits(memberId), answer);
  return {
    lower: useMutation({
      mutationFn: (body: StaffLimitsUpdate) =>
        consoleRequest(`${base(memberId)}/limits`, { method: 'PUT', body, schema: StaffLimitsResponse }),
      onSuccess: done,
    }),
    timeout: useMutation({
      mutationFn: (days: TimeoutRequest['days']) =>
        consoleRequest(`${base(memberId)}/timeout`, {
          method: 'POST',
          body: { days },
          schema: StaffLimitsResponse,
        }),
      onSuccess: done,
    }),
    exclude: useMutation({
      mutationFn: (months: 6 | 12 | 60 | null) =>
        consoleRequest(`${base(memberId)}/self-exclusion`, {
          method: 'POST',
          body: { months },
          schema: StaffLimitsResponse,
        }),
      onSuccess: done,
    }),
  };
}
