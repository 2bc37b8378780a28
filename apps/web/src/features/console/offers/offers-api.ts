import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  ConsoleOfferList,
  ConsoleOfferResponse,
  type OfferCreateRequest,
  type OfferUpdateRequest,
} from '@wallet/contract/http/console-offers';
import { queryKeys } from '../../../lib/query-keys';
import { consoleRequest } from '../console-api';

/** Every offer, paused ones too, with its running grants counted (offers.manage). */
export function useOffers(enabled = true) {
  return useQuery({
    queryKey: queryKeys.console.offers,
    queryFn: () => consoleRequest('/api/console/offers', { schema: ConsoleOfferList }),
    enabled,
    // A colleague may have changed an offer a moment ago: the list is read again on each visit.
    staleTime: 0,
  });
}

export type OfferSave =
  { kind: 'create'; body: OfferCreateRequest } | { kind: 'update'; code: string; body: OfferUpdateRequest };

/** Creates or changes an offer (a pause is a change of `active`); the list is read again after. */
export function useSaveOffer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (save: OfferSave) =>
      save.kind === 'create'
        ? consoleRequest('/api/console/offers', {
            method: 'POST',
            body: save.body,
            schema: ConsoleOfferResponse,
          })
        : consoleRequest(`/api/console/offers/${encodeURIComponent(save.code)}`, {
            method: 'PUT',
            body: save.body,
            schema: ConsoleOfferResponse,
          }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.console.offers }),
  });
}
