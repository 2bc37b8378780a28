import {
  keepPreviousData,
  useMutation,
  useQuery,
  useQueryClient,
  type QueryKey,
} from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { PAGE_SIZE } from '@wallet/contract/constants';
import {
  InviteClaimResponse,
  InviteListResponse,
  InviteSummaryResponse,
  RefundAddWalletResponse,
  RefundCheckResponse,
  RefundListResponse,
  RefundReceiveResponse,
  RewardBannersResponse,
} from '@wallet/contract/http/rewards';
import type { Banner } from '../../components/banner-slides';
import { apiRequest } from '../../lib/api-client';
import { loadQrGenerator } from '../../components/qr-code';
import { queryKeys } from '../../lib/query-keys';

/** The two rewards of the home widgets, each with its banners, dialog and table. */
export type Reward = 'invite' | 'refund';

/** The banners of a reward, fetched on each tap of its widget (spec section 2, Banner flow). */
const bannersQuery = (reward: Reward, locale: string) => ({
  queryKey: queryKeys.rewards.banners(reward, locale),
  queryFn: () => apiRequest(`/api/${reward}/banners`, { schema: RewardBannersResponse }),
  // A banner fetch that fails opens the dialog at once: no retries to wait for.
  retry: false,
  staleTime: 60_000,
});

/**
 * The dialogs' reads are fetched afresh on each tap (usePrepareReward) and then count as fresh
 * this long, so a dialog opening right after shows them without asking twice.
 */
const FRESH_MS = 5_000;

const inviteSummaryQuery = {
  queryKey: queryKeys.rewards.inviteSummary,
  queryFn: () => apiRequest('/api/invite/bonus', { schema: InviteSummaryResponse }),
  staleTime: FRESH_MS,
};

const inviteListQuery = (page: number) => ({
  queryKey: queryKeys.rewards.inviteList(page),
  queryFn: () =>
    apiRequest('/api/invite', {
      method: 'POST',
      body: { page, limit: PAGE_SIZE.invite },
      schema: InviteListResponse,
    }),
  staleTime: FRESH_MS,
});

const refundCheckQuery = {
  queryKey: queryKeys.rewards.refundCheck,
  queryFn: () => apiRequest('/api/refund/check', { schema: RefundCheckResponse }),
  staleTime: FRESH_MS,
};

const refundListQuery = (page: number) => ({
  queryKey: queryKeys.rewards.refundList(page),
  queryFn: () =>
    apiRequest('/api/refund', {
      method: 'POST',
      body: { page, limit: PAGE_SIZE.refund },
      schema: RefundListResponse,
    }),
  staleTime: FRESH_MS,
});

/** The member's invite code, terms and what can be claimed now (home row and invite dialog). */
export function useInviteSummary() {
  return useQuery(inviteSummaryQuery);
}

/**
 * One page of the commission earned, newest first; the page shown stays while the next loads.
 * A failure is silent (spec section 8): the dialog shows no table rather than an error.
 */
export function useInviteList(page: number) {
  return useQuery({ ...inviteListQuery(page), placeholderData: keepPreviousData });
}

/** Where the last closed refund period stands, and the refund balance. */
export function useRefundCheck() {
  return useQuery(refundCheckQuery);
}

/** One page of the refunds received, newest first; a failure is silent (spec section 8). */
export function useRefundList(page: number) {
  return useQuery({ ...refundListQuery(page), placeholderData: keepPreviousData });
}

/**
 * What a tap on a reward's widget waits for: its banners (none when they cannot be had), and the
 * first reads of its dialog (and the invite's QR generator), fetched meanwhile, so the dialog
 * opens with its content.
 */
export function usePrepareReward() {
  const { i18n } = useTranslation();
  const queryClient = useQueryClient();
  // Fetched now whatever the cache holds; no retries to wait for (the dialog retries its own).
  const fresh = <T>(read: { queryKey: QueryKey; queryFn: () => Promise<T> }) =>
    queryClient.fetchQuery({ ...read, staleTime: 0, retry: false }).catch(() => undefined);
  return async (reward: Reward): Promise<Banner[]> => {
    const [banners] = await Promise.all([
      queryClient.fetchQuery(bannersQuery(reward, i18n.language)).then(
        (answer) => answer.banners,
        () => [],
      ),
      // A read that fails is the dialog's to tell (or to leave silent): it opens all the same.
      ...(reward === 'invite'
        ? [fresh(inviteSummaryQuery), fresh(inviteListQuery(1)), loadQrGenerator().catch(() => undefined)]
        : [fresh(refundCheckQuery), fresh(refundListQuery(1))]),
    ]);
    return banners;
  };
}

/**
 * After money reached the wallet as a grant: the balances, the running grant (bonus page,
 * withdraw dialog) and the reward itself are read again.
 */
function useReload() {
  const queryClient = useQueryClient();
  return (reward: Reward, withMoney: boolean) => {
    void queryClient.invalidateQueries({
      queryKey: reward === 'invite' ? queryKeys.rewards.invite : queryKeys.rewards.refund,
    });
    if (!withMoney) return;
    void queryClient.invalidateQueries({ queryKey: queryKeys.wallet.all });
    void queryClient.invalidateQueries({ queryKey: queryKeys.bonus.all });
  };
}

/**
 * Claims the collected commission as a grant (POST /api/invite/claim, empty body). These three
 * calls carry no Idempotency-Key: each takes everything there is at once, so a repeat finds
 * nothing left and is refused (NO_INVITE_BONUS, NO_REFUND), never paid twice.
 */
export function useClaimInvite() {
  const reload = useReload();
  return useMutation({
    mutationFn: () =>
      apiRequest('/api/invite/claim', { method: 'POST', body: {}, schema: InviteClaimResponse }),
    onSuccess: () => reload('invite', true),
    // A refusal often means the row was out of date (claimed elsewhere, the program closed).
    onError: () => reload('invite', false),
  });
}

/** Receives the last period's refund into the refund balance; the check runs again either way. */
export function useReceiveRefund() {
  const reload = useReload();
  return useMutation({
    mutationFn: () => apiRequest('/api/refund/receive', { schema: RefundReceiveResponse }),
    onSettled: () => reload('refund', false),
  });
}

/** Moves the refund balance to the wallet, as a grant with the refund's terms. */
export function useRefundToWallet() {
  const reload = useReload();
  return useMutation({
    mutationFn: () => apiRequest('/api/refund/addWallet', { schema: RefundAddWalletResponse }),
    onSuccess: () => reload('refund', true),
    onError: () => reload('refund', false),
  });
}
