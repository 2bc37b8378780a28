import { useInfiniteQuery, useMutation, useQuery } from '@tanstack/react-query';
import { AuditFilterOptions, AuditListResponse } from '@wallet/contract/http/console-audit';
import { apiDownload } from '../../lib/api-client';
import { queryKeys } from '../../lib/query-keys';
import { consoleRequest, staffSession } from './console-api';

/** The audit screen's calls (decision 048). Filters travel as the query string's own names. */
export type AuditQuery = Partial<Record<'staffId' | 'action' | 'memberId' | 'from' | 'to', string>>;

const queryOf = (filters: AuditQuery, extra: Record<string, string> = {}) =>
  new URLSearchParams(
    Object.entries({ ...filters, ...extra }).filter((entry): entry is [string, string] => Boolean(entry[1])),
  ).toString();

/** The audit newest first, a page of 50 at a time: each next page is older (keyset on seq). */
export function useAuditLog(filters: AuditQuery) {
  return useInfiniteQuery({
    queryKey: queryKeys.console.audit(filters),
    initialPageParam: null as number | null,
    queryFn: ({ pageParam }) =>
      consoleRequest(
        `/api/console/audit?${queryOf(filters, pageParam === null ? {} : { cursor: String(pageParam) })}`,
        { schema: AuditListResponse },
      ),
    getNextPageParam: (last) => last.nextCursor,
    // Every read is itself audited: read when asked, not on focus.
    refetchOnWindowFocus: false,
  });
}

export function useAuditFilterOptions() {
  return useQuery({
    queryKey: queryKeys.console.auditFilters,
    queryFn: () => consoleRequest('/api/console/audit/filters', { schema: AuditFilterOptions }),
    staleTime: 60_000,
  });
}

/** Downloads the CSV of every row the filters match, and saves it as a file. */
export function useAuditExport() {
  return useMutation({
    mutationFn: async (filters: AuditQuery) => {
      const blob = await apiDownload(`/api/console/audit.csv?${queryOf(filters)}`, { session: staffSession });
      const url = URL.createObjectURL(blob);
      const link = document.createElement('a');
      link.href = url;
      link.download = `staff-audit-${new Date().toISOString().slice(0, 10)}.csv`;
      link.click();
      // NOTE: revoked on the next turn, once the click has started the download.
      setTimeout(() => URL.revokeObjectURL(url), 0);
    },
  });
}
