import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { PAGE_SIZE } from '@wallet/contract/constants';
import {
  CouponClaimResponse,
  SpinCouponsResponse,
  SpinResponse,
  SpinSetupResponse,
} from '@wallet/contract/http/spinwheel';
import { apiRequest } from '../../lib/api-client';
import type { MoneyRequester } from '../../lib/idempotency';
import { queryKeys } from '../../lib/query-keys';

/** The active wheel (or null), the member's coins and how coins are earned. */
export function useSpinSetup() {
  const { i18n } = useTranslation();
  return useQuery({
    // Slice labels are in the request's language.
    queryKey: queryKeys.spin.setup(i18n.language),
    queryFn: () => apiRequest('/api/spinwheel/setup', { schema: SpinSetupResponse }),
  });
}

/** One page of the member's coupons (3 a page, spec section 9); the page shown stays while the next loads. */
export function useCoupons(page: number) {
  const { i18n } = useTranslation();
  return useQuery({
    queryKey: queryKeys.spin.coupons(i18n.language, page),
    queryFn: () =>
      apiRequest(`/api/spinwheel/coupon?page=${page}&limit=${PAGE_SIZE.coupons}`, {
        schema: SpinCouponsResponse,
      }),
    placeholderData: keepPreviousData,
  });
}

/**
 * After a spin or a claim: the wheel (coins, slices out of stock; home's "is the wheel active"
 * too), the coupons, the profile's coins, the balances, the running bonus and the statement (a
 * claim adds a luckydraw row) are read again.
 */
export function useReloadSpin() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all(
      [
        queryKeys.spin.all,
        queryKeys.profile,
        queryKeys.wallet.all,
        queryKeys.bonus.all,
        queryKeys.statement.all,
      ].map((queryKey) => queryClient.invalidateQueries({ queryKey })),
    );
}

/**
 * Spends one coin on a draw (POST /api/spinwheel/spin, empty body). The Idempotency-Key comes
 * from the page's money requester: a spin whose answer was lost is asked again with the same key,
 * and the server answers the draw it already made instead of spending a second coin.
 */
export function useSpin(money: MoneyRequester) {
  return useMutation({
    mutationFn: () => money.send('/api/spinwheel/spin', {}, SpinResponse),
  });
}

/**
 * Claims a coupon's prize. No Idempotency-Key: a coupon is paid once, so a repeat is refused
 * (NO_CLAIMABLE_COUPON), never paid twice. Refused or not, the page reads everything again.
 */
export function useClaimCoupon() {
  const reload = useReloadSpin();
  return useMutation({
    mutationFn: (coupon: string) =>
      apiRequest('/api/spinwheel/coupon/claim', {
        method: 'POST',
        body: { coupon },
        schema: CouponClaimResponse,
      }),
    onSettled: () => reload(),
  });
}
