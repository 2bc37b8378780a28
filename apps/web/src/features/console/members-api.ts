import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  MemberSearchResponse,
  MemberStatementResponse,
  MemberViewResponse,
  MEMBER_SEARCH_MIN_LENGTH,
} from '@wallet/contract/http/console-members';
import { queryKeys } from '../../lib/query-keys';
import { consoleRequest } from './console-api';

/** The members screen's calls (decision 048): search, a member's view, their statement. */

/** A page of the members `q` matches; nothing is asked until `q` is long enough. */
export function useMemberSearch(q: string, page: number) {
  return useQuery({
    queryKey: queryKeys.console.memberSearch(q, page),
    queryFn: () =>
      consoleRequest(`/api/console/members?${new URLSearchParams({ q, page: String(page) }).toString()}`, {
        schema: MemberSearchResponse,
      }),
    enabled: q.length >= MEMBER_SEARCH_MIN_LENGTH,
    placeholderData: keepPreviousData,
    // Each search is written to the audit: no reading again on focus.
    refetchOnWindowFocus: false,
  });
}

/** Everything the console shows of one member. */
export function useMemberView(memberId: number) {
  return useQuery({
    queryKey: queryKeys.console.memberView(memberId),
    queryFn: () => consoleRequest(`/api/console/members/${memberId}`, { schema: MemberViewResponse }),
    refetchOnWindowFocus: false,
  });
}

/** A page of the member's statement, of one type or all (''). */
export function useMemberStatement(memberId: number, page: number, type: string) {
  return useQuery({
    queryKey: queryKeys.console.memberStatement(memberId, page, type),
    queryFn: () => {
      const query = new URLSearchParams({ page: String(page), ...(type ? { type } : {}) });
      return consoleRequest(`/api/console/members/${memberId}/statement?${query.toString()}`, {
        schema: MemberStatementResponse,
      });
    },
    placeholderData: keepPreviousData,
    refetchOnWindowFocus: false,
  });
}
