import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useEffectEvent } from 'react';
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
 * longer possible; and every minute while one shows, for the deposit growing too old. Home passes
 * `walletUpdatedAt`: a newer read of the wallet (whose query alone a transfer reads again) reads it
 * too.
 */
export function useClaimableOffers(walletUpdatedAt = 0) {
  const { i18n } = useTranslation();
  const query = useQuery({
    queryKey: queryKeys.wallet.claimableOffers(i18n.language),
    queryFn: () => apiRequest('/api/bonus/claimable', { schema: ClaimableOffersResponse }),
    staleTime: 15_000,
    refetchOnWindowFocus: true,
    refetchInterval: (current) => (current.state.data?.offers.length ? WHILE_CLAIMABLE_MS : false),
  });
  // Home's wallet read again (a transfer, a withdrawal, Refresh): what may be claimed changed too.
  const readAgain = useEffectEvent(() => {
    if (query.dataUpdatedAt > 0 && query.dataUpdatedAt < walletUpdatedAt)
      void query.refetch({ cancelRefetch: false });
  });
  useEffect(() => readAgain(), [walletUpdatedAt]);
  return query;
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
