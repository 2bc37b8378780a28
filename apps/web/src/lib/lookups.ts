import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { LOOKUPS, type LookupAnswer, type LookupName } from '@wallet/contract/http/lookup';
import { apiRequest } from './api-client';
import { queryKeys } from './query-keys';

/** Asks the server for lookup `name` now, bypassing the cache. */
export const fetchLookup = <N extends LookupName>(name: N): Promise<LookupAnswer<N>> =>
  apiRequest(`/api/lookup/${name}`, { schema: LOOKUPS[name] }) as Promise<LookupAnswer<N>>;

/**
 * The server's lookup `name`, in the current language, cached for a minute; `fresh` asks the
 * server again every time the screen opens (for answers that must be current, like `active`).
 * NOTE: each language is a query of its own; while a switched-to language loads, the answer in
 * the previous one stays, so nothing waiting on a lookup (the chat widget, a form) unmounts and
 * loses what the member had open or typed.
 */
export function useLookup<N extends LookupName>(
  name: N,
  options: { enabled?: boolean; fresh?: boolean } = {},
) {
  const { i18n } = useTranslation();
  return useQuery({
    queryKey: queryKeys.lookup.one(name, i18n.language),
    queryFn: () => fetchLookup(name),
    staleTime: options.fresh ? 0 : 60_000,
    refetchOnMount: options.fresh ? 'always' : true,
    enabled: options.enabled ?? true,
    placeholderData: keepPreviousData,
  });
}
