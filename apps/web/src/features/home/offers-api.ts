import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ActivateResponse, ClaimableOffersResponse } from '@wallet/contract/http/bonus';
import { apiRequest } from '../../lib/api-client';
import { queryKeys } from '../../lib/query-keys';

/** While an offer may be claimed and Home is in view, it is looked at again this often. */
const WHILE_CLAIMABLE_MS = 60_000;

/**
 * The offers the member's latest deposit may still claim (GET /api/bonus/claimable), judged by the
 * server with the claim's own rule (issue 31). Under the wallet's key: every read of the balances
 * after money moved (a deposit, a transfer, a play) reads it again, so it leaves once it is no
 * longer possible; and every minute while one shows, for the deposit growing too old.
 */
export function useClaimableOffers(enabled = true) {
  const { i18n } = useTranslation();
  return useQuery({
    queryKey: queryKeys.wallet.claimableOffers(i18n.language),
    queryFn: () => apiRequest('/api/bonus/claimable', { schema: ClaimableOffersResponse }),
    enabled,
    staleTime: 15_000,
    refetchOnWindowFocus: true,
    refetchInterval: (current) => (current.state.data?.offers.length ? WHILE_CLAIMABLE_MS : false),
  });
}

/** Claims an offer from Home, the deposit's success or a confirm; the bonus page's answers and the balances are read again. */
export function useClaimOffer() {
  const queryClient = useQueryClient();
  const reload = () => {
    void queryClient.invalidateQueries({ queryKey: queryKeys.bonus.all });
    void queryClient.invalidateQueries({ queryKey: queryKeys.promotion.all });
    void queryClient.invalidateQueries({ queryKey: queryKeys.wallet.all });
  };
  return useMutation({
    mutationFn: (code: string) =>
      apiRequest(`/api/bonus/activate/${encodeURIComponent(code)}`, { schema: ActivateResponse }),
    // A refusal too: what was shown is out of date (another deposit, money played).
    onSettled: reload,
  });
}
