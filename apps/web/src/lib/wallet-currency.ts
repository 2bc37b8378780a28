import { useQuery } from '@tanstack/react-query';
import { WalletResponse } from '@wallet/contract/http/wallet';
import { apiRequest } from './api-client';

/**
 * The currency of the member's wallet, for screens outside home that show amounts without one
 * (bonus answers carry minor units only). The plain wallet read, not the refresh at every game
 * provider that home makes; under the ['wallet'] prefix, so a reload of the wallet reaches it.
 */
export function useWalletCurrency() {
  return useQuery({
    queryKey: ['wallet', 'currency'],
    queryFn: () => apiRequest('/api/wallet', { schema: WalletResponse }),
    select: (answer) => answer.wallet.currency,
    staleTime: 5 * 60_000,
  });
}
