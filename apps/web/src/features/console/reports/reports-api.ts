import { useMutation, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { DeskCounts } from '@wallet/contract/http/console';
import {
  DailyReportResponse,
  GameReportResponse,
  InviteReportResponse,
  OfferReportResponse,
} from '@wallet/contract/http/console-reports';
import { apiDownload } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { consoleRequest, staffSession } from '../console-api';

const OFFSET_MS = 7 * 3_600_000;
/** The market day (UTC+7) of an instant, as the server counts days (decision 055). */
export const marketDayOf = (at: Date) => new Date(at.getTime() + OFFSET_MS).toISOString().slice(0, 10);
export const addDays = (day: string, n: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

/**
 * The daily report from `from` to `to`, read again every minute while open (today moves). `enabled`
 * is false while the range typed is not one the server takes.
 */
export function useDailyReport(from: string, to: string, enabled = true) {
  return useQuery({
    queryKey: [...queryKeys.console.all, 'reports', 'daily', from, to],
    queryFn: () =>
      consoleRequest(`/api/console/reports/daily?from=${from}&to=${to}`, { schema: DailyReportResponse }),
    refetchInterval: 60_000,
    enabled,
  });
}

/**
 * A breakdown report over market days (decision 056): computed when read, so it is read on each
 * visit and when the range changes, not on a timer.
 */
const breakdown = <S extends z.ZodType>(
  kind: string,
  schema: S,
  from: string,
  to: string,
  enabled: boolean,
) => ({
  queryKey: [...queryKeys.console.all, 'reports', kind, from, to],
  queryFn: () => consoleRequest(`/api/console/reports/${kind}?from=${from}&to=${to}`, { schema }),
  enabled,
});
export const useOfferReport = (from: string, to: string, enabled = true) =>
  useQuery(breakdown('offers', OfferReportResponse, from, to, enabled));
export const useGameReport = (from: string, to: string, enabled = true) =>
  useQuery(breakdown('games', GameReportResponse, from, to, enabled));
export const useInviteReport = (from: string, to: string, enabled = true) =>
  useQuery(breakdown('invite', InviteReportResponse, from, to, enabled));

/**
 * The money desk's counts: the layout's query (its staff socket keeps it current, decision 050),
 * read here from the same cache.
 */
export function useDeskQueue() {
  return useQuery({
    queryKey: queryKeys.console.desk,
    queryFn: () => consoleRequest('/api/console/desk/counts', { schema: DeskCounts }),
    staleTime: 30_000,
  });
}

/** Downloads the daily report's CSV (an export, audited) and saves it as a file. */
export function useDailyCsv() {
  return useMutation({
    mutationFn: async ({ from, to }: { from: string; to: string }) => {
      const blob = await apiDownload(`/api/console/reports/daily?from=${from}&to=${to}&format=csv`, {
        session: staffSession,
      });
      const url = URL.createObjectURL(blob);
      const link = document.createElement('a');
      link.href = url;
      link.download = `daily-${from}-${to}.csv`;
      link.click();
      // NOTE: revoked on the next turn, once the click has started the download.
      setTimeout(() => URL.revokeObjectURL(url), 0);
    },
  });
}
