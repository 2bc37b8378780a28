import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  ConsoleOfferList,
  ConsoleOfferResponse,
  type OfferCreateRequest,
  type OfferUpdateRequest,
} from '@wallet/contract/http/console-offers';
import { queryKeys } from '../../../lib/query-keys';
import { consoleRequest, consoleUpload } from '../console-api';

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

/**
 * Uploads the image of banner `index` of a saved offer (decision 063): the server checks, re-encodes
 * and stores it and sets it on the offer at once; the answer is the offer as it now stands.
 */
export function useUploadBanner(code: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ index, file }: { index: number; file: File }) =>
      consoleUpload(`/api/console/offers/${encodeURIComponent(code)}/banners/${index}/image`, {
        method: 'PUT',
        file,
        fileName: file.name,
        schema: ConsoleOfferResponse,
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.console.offers }),
  });
}
