import { useMutation, useQueryClient } from '@tanstack/react-query';
import { OkResponse, ProfileResponse } from '@wallet/contract/http/account';
import { apiRequest } from '../../lib/api-client';
import { queryKeys } from '../../lib/query-keys';

export function useChangePassword() {
  return useMutation({
    mutationFn: ({ oldPassword, newPassword }: { oldPassword: string; newPassword: string }) =>
      apiRequest('/api/account/changepwd', {
        method: 'PUT',
        body: { oldPassword, newPassword },
        schema: OkResponse,
      }),
  });
}

/** The account name in English letters; the answer is the whole profile, which every screen shows. */
export function useChangeBankAccountName() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ bankCode, bankAccountName }: { bankCode: string; bankAccountName: string }) =>
      apiRequest('/api/account/bankAccountName', {
        method: 'PUT',
        body: { bankCode, bankAccountName },
        schema: ProfileResponse,
      }),
    onSuccess: (profile) => queryClient.setQueryData(queryKeys.profile, profile),
  });
}
