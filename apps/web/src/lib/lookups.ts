import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { LOOKUPS, type LookupAnswer, type LookupName } from '@wallet/contract/http/lookup';
import { apiRequest } from './api-client';

/** The server's lookup `name`, in the current language, cached for a minute. */
export function useLookup<N extends LookupName>(name: N, options: { enabled?: boolean } = {}) {
  const { i18n } = useTranslation();
  return useQuery({
    queryKey: ['lookup', name, i18n.language],
    queryFn: () => apiRequest(`/api/lookup/${name}`, { schema: LOOKUPS[name] }) as Promise<LookupAnswer<N>>,
    staleTime: 60_000,
    enabled: options.enabled ?? true,
  });
}
