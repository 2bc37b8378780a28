import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  ActivateResponse,
  ActiveCheckResponse,
  BonusListResponse,
  ClearResponse,
  PromotionResponse,
  type OfferChannel,
} from '@wallet/contract/http/bonus';
import { WalletResponse } from '@wallet/contract/http/wallet';
import { apiRequest } from '../../lib/api-client';
import { queryKeys } from '../../lib/query-keys';

/**
 * The member's total balance (wallet and games, read at the providers), which an offer's terms are
 * judged on before its receive button is offered (issue 31); null while it is read or unreadable.
 */
export function useTotalBalance(enabled: boolean): number | null {
  const wallet = useQuery({
    queryKey: queryKeys.bonus.holdings,
    queryFn: () => apiRequest('/api/wallet/refresh/slot', { schema: WalletResponse }),
    enabled,
    staleTime: 10_000,
  });
  if (!wallet.data) return null;
  return wallet.data.games.reduce<number>((sum, game) => sum + game.amount, wallet.data.wallet.amount);
}

/** A code as it goes in a path: upper-cased, then escaped. */
const codePath = (code: string) => encodeURIComponent(code.trim().toUpperCase());

/** The offers of the bonus page, each with the member's own record of it. */
export function useBonusList() {
  const { i18n } = useTranslation();
  return useQuery({
    // Names and notices are in the request's language.
    queryKey: queryKeys.bonus.list(i18n.language),
    queryFn: () => apiRequest('/api/bonus', { schema: BonusListResponse }),
  });
}

/** Whether a grant runs now, and whether it is a bonus or a promotion. */
export function useActiveGrant() {
  const { i18n } = useTranslation();
  return useQuery({
    queryKey: queryKeys.bonus.active(i18n.language),
    queryFn: () => apiRequest('/api/bonus/check/active', { schema: ActiveCheckResponse }),
  });
}

/** The promotion the member's running grant came from (its description), when one runs. */
export function useCurrentPromotion(enabled: boolean) {
  const { i18n } = useTranslation();
  return useQuery({
    queryKey: queryKeys.promotion.current(i18n.language),
    queryFn: () => apiRequest('/api/promotion/current', { schema: PromotionResponse }),
    enabled,
  });
}

/** The promotion of a code, or null when no promotion has it. */
export function useFindPromotion() {
  return useMutation({
    mutationFn: (code: string) =>
      apiRequest(`/api/promotion/find/${codePath(code)}`, { schema: PromotionResponse }),
  });
}

/** After a claim or a cancel: the offers, the running grant and the balances are all read again. */
export function useReloadBonus() {
  const queryClient = useQueryClient();
  return (withWallet: boolean) => {
    void queryClient.invalidateQueries({ queryKey: queryKeys.bonus.all });
    void queryClient.invalidateQueries({ queryKey: queryKeys.promotion.all });
    if (withWallet) void queryClient.invalidateQueries({ queryKey: queryKeys.wallet.all });
  };
}

export interface Claim {
  channel: OfferChannel;
  code: string;
}

/**
 * Claims a listed bonus or a promotion by its code. A refusal reloads the page too: it often
 * means what the page showed is out of date (another grant started, the offer was used up).
 */
export function useClaim() {
  const reload = useReloadBonus();
  return useMutation({
    mutationFn: ({ channel, code }: Claim) =>
      apiRequest(`/api/${channel}/activate/${codePath(code)}`, { schema: ActivateResponse }),
    onSuccess: () => reload(true),
    onError: () => reload(false),
  });
}

/** Cancels the running grant; the server takes back what the offer's percentFail says. */
export function useClearGrant() {
  const reload = useReloadBonus();
  return useMutation({
    mutationFn: () => apiRequest('/api/bonus/clear', { schema: ClearResponse }),
    onSuccess: () => reload(true),
    onError: () => reload(false),
  });
}
