import { useCallback } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  AutoLoginResponse,
  GameCredentials,
  MoneyResult,
  WalletResponse,
  type TransferRequest,
} from '@wallet/contract/http/wallet';
import { apiRequest } from '../../lib/api-client';
import type { MoneyRequester } from '../../lib/idempotency';
import { queryKeys } from '../../lib/query-keys';

export { useWallet } from './first-reads';

/** Asks for the wallet again; after money moved, home must show the new balances. */
export function useReloadWallet() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: queryKeys.wallet.all });
}

/**
 * Reads the balances now, joining a read already under way instead of cancelling it: for a
 * game's dialog opening and a return from a game, whatever the staleTime says.
 */
export function useReadBalances() {
  const queryClient = useQueryClient();
  return useCallback(() => {
    void queryClient.refetchQueries(
      { queryKey: queryKeys.wallet.all, exact: true, type: 'active' },
      { cancelRefetch: false },
    );
  }, [queryClient]);
}

/**
 * The balances as the ledger has them now, without asking the games (a game that did not answer a
 * transfer would keep the games' refresh waiting for its time limit): after a transfer held at a
 * silent game, home shows at once that the money left the wallet (issue 31).
 */
export function useReadLedgerWallet() {
  const queryClient = useQueryClient();
  return useCallback(async () => {
    await queryClient.cancelQueries({ queryKey: queryKeys.wallet.all, exact: true });
    try {
      const wallet = await apiRequest('/api/wallet', { schema: WalletResponse });
      queryClient.setQueryData(queryKeys.wallet.all, wallet);
    } catch {
      // The wallet's own read (on closing) tells what went wrong.
    }
  }, [queryClient]);
}

/** The member's username and password at one game, once the account is open. */
export const credentialsQuery = (code: string) => ({
  queryKey: queryKeys.wallet.credentials(code),
  queryFn: () => apiRequest(`/api/wallet/account/${encodeURIComponent(code)}`, { schema: GameCredentials }),
  staleTime: Infinity,
});

export function useGameCredentials(code: string, enabled: boolean) {
  return useQuery({ ...credentialsQuery(code), enabled });
}

/** Opening an account and resetting its password both answer the credentials to show. */
export function useChangeCredentials() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ code, action }: { code: string; action: 'activate' | 'resetpassword' }) =>
      apiRequest(`/api/wallet/${action}/${encodeURIComponent(code)}`, { schema: GameCredentials }),
    onSuccess: (credentials, { code }) =>
      queryClient.setQueryData(queryKeys.wallet.credentials(code), credentials),
  });
}

export function useTransfer(money: MoneyRequester) {
  return useMutation({
    mutationFn: (body: TransferRequest) => money.send('/api/wallet/transfer', body, MoneyResult),
  });
}

export const transferAll = (money: MoneyRequester, to: string) =>
  money.send('/api/wallet/transferAll', { to }, MoneyResult);

/** The withdraw modal's call: game balances come back to the wallet first (spec section 7). */
export function useWithdraw(money: MoneyRequester) {
  return useMutation({
    mutationFn: (amount: number) => money.send('/api/wallet/withdrawAll', { amount }, MoneyResult),
  });
}

export const launchLink = (code: string, username: string) =>
  apiRequest(`/api/autoLogin/${encodeURIComponent(code.toLowerCase())}/${encodeURIComponent(username)}`, {
    schema: AutoLoginResponse,
  });
