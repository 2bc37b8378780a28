import { useQuery } from '@tanstack/react-query';
import { WalletResponse } from '@wallet/contract/http/wallet';
import { SpinActiveResponse } from '@wallet/contract/http/spinwheel';
import { ApiError, apiRequest } from '../../lib/api-client';
import { queryKeys } from '../../lib/query-keys';

// Home's reads that app/first-screen.ts starts as the page starts (issue 30, decision 076): a
// module of their own with nothing of the screen in it, so that start waits for no other chunk.

/**
 * The wallet and every game account. Each load first has every game account refreshed at its
 * provider (refresh/slot), so what was won or lost in a game shows (spec section 2, Home). When
 * the refresh cannot be had (a provider down), the wallet as we know it still shows.
 */
async function fetchWallet(): Promise<WalletResponse> {
  try {
    return await apiRequest('/api/wallet/refresh/slot', { schema: WalletResponse });
  } catch (error) {
    const serverTrouble = error instanceof ApiError && (error.status === 0 || error.status >= 500);
    if (!serverTrouble) throw error;
    return apiRequest('/api/wallet', { schema: WalletResponse });
  }
}

/** The wallet's read (useWallet). */
export const walletQuery = {
  queryKey: queryKeys.wallet.all,
  queryFn: fetchWallet,
  staleTime: 15_000,
};

/** Whether the spin wheel is open (useSpinActive). */
export const spinActiveQuery = {
  queryKey: queryKeys.spin.active,
  queryFn: () => apiRequest('/api/spinwheel/active', { schema: SpinActiveResponse }),
  staleTime: 60_000,
};

export function useWallet() {
  return useQuery({
    ...walletQuery,
    // Back from a game's window, the member sees what they won or lost.
    refetchOnWindowFocus: true,
  });
}

/**
 * Whether the spin wheel is open (GET /api/spinwheel/active). Under the spin feature's prefix
 * (['spinwheel']), so a spin or a claim there reads it again.
 */
export function useSpinActive() {
  return useQuery(spinActiveQuery);
}
