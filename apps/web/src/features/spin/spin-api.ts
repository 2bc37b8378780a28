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
import { BONUS_KEY } from '../../lib/bonus-progress';
import type { MoneyRequester } from '../../lib/idempotency';
import { PROFILE_KEY } from '../../lib/profile';

/**
 * Every spin-wheel read is cached under this prefix (home's "is the wheel active" too), so one
 * invalidation after a spin or a claim reads them all again.
 */
export const SPIN_KEY = ['spinwheel'];
/** Home's wallet query (features/home/wallet-api.ts), and every other read under its prefix. */
const WALLET_KEY = ['wallet'];
/** The statement's pages (features/statement): a claim adds a luckydraw row. */
const STATEMENT_KEY = ['statement'];

/** The active wheel (or null), the member's coins and how coins are earned. */
export function useSpinSetup() {
  const { i18n } = useTranslation();
  return useQuery({
    // Slice labels are in the request's language.
    queryKey: [...SPIN_KEY, 'setup', i18n.language],
    queryFn: () => apiRequest('/api/spinwheel/setup', { schema: SpinSetupResponse }),
  });
}

/** One page of the member's coupons (3 a page, spec section 9); the page shown stays while the next loads. */
export function useCoupons(page: number) {
  const { i18n } = useTranslation();
  return useQuery({
    queryKey: [...SPIN_KEY, 'coupons', i18n.language, page],
    queryFn: () =>
      apiRequest(`/api/spinwheel/coupon?page=${page}&limit=${PAGE_SIZE.coupons}`, {
        schema: SpinCouponsResponse,
      }),
    placeholderData: keepPreviousData,
  });
}

/**
 * After a spin or a claim: the wheel (coins, slices out of stock), the coupons, the profile's
 * coins, the balances, the running bonus and the statement are read again.
 */
export function useReloadSpin() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all(
      [SPIN_KEY, PROFILE_KEY, WALLET_KEY, BONUS_KEY, STATEMENT_KEY].map((queryKey) =>
        queryClient.invalidateQueries({ queryKey }),
      ),
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
