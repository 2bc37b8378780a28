import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  DepositAccountsResponse,
  DepositBankAccount,
  DepositWalletAccount,
  type DepositBankChange,
  type DepositBankCreate,
  type DepositWalletChange,
} from '@wallet/contract/http/console-settings';
import { queryKeys } from '../../../lib/query-keys';
import { consoleRequest } from '../console-api';

const BASE = '/api/console/settings/deposit-accounts';

/** The operator's receiving accounts, shown or not (decision 059). */
export function useDepositAccounts() {
  return useQuery({
    queryKey: queryKeys.console.depositAccounts,
    queryFn: () => consoleRequest(BASE, { schema: DepositAccountsResponse }),
  });
}

/** Adds a bank account, or changes one (`id`), or the wallet account; the list is read again after. */
export function useSaveDepositAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (
      change:
        | { kind: 'addBank'; body: DepositBankCreate }
        | { kind: 'bank'; id: number; body: DepositBankChange }
        | { kind: 'wallet'; id: number; body: DepositWalletChange },
    ): Promise<unknown> =>
      change.kind === 'addBank'
        ? consoleRequest(`${BASE}/banks`, { method: 'POST', body: change.body, schema: DepositBankAccount })
        : change.kind === 'bank'
          ? consoleRequest(`${BASE}/banks/${change.id}`, {
              method: 'PUT',
              body: change.body,
              schema: DepositBankAccount,
            })
          : consoleRequest(`${BASE}/wallets/${change.id}`, {
              method: 'PUT',
              body: change.body,
              schema: DepositWalletAccount,
            }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.console.depositAccounts }),
  });
}
