import type { QueryClient } from '@tanstack/react-query';
import { queryKeys } from './query-keys';

/** Answers every visitor shares (the site's lookups) or that belong to staff (the console). */
const SHARED = new Set<unknown>([queryKeys.lookup.all[0], queryKeys.console.all[0]]);

/**
 * Forgets every answer of a member's own (wallet, profile, pending withdrawals, statement…) when a
 * member signs in or out: their keys carry no member id, so the next member on the same phone
 * would otherwise see the previous one's names and amounts until each is read again.
 */
export function forgetMemberData(queryClient: QueryClient): void {
  queryClient.removeQueries({ predicate: (query) => !SHARED.has(query.queryKey[0]) });
}
