import { useQueryClient } from '@tanstack/react-query';
import { OkResponse, ProfileResponse } from '@wallet/contract/http/account';
import { apiRequest } from '../../lib/api-client';
import { queryKeys } from '../../lib/query-keys';

export function useSetProfile() {
  const queryClient = useQueryClient();
  return (profile: ProfileResponse) => queryClient.setQueryData(queryKeys.profile, profile);
}

export const changePassword = (oldPassword: string, newPassword: string) =>
  apiRequest('/api/account/changepwd', {
    method: 'PUT',
    body: { oldPassword, newPassword },
    schema: OkResponse,
  });

export const changeBankAccountName = (bankCode: string, bankAccountName: string) =>
  apiRequest('/api/account/bankAccountName', {
    method: 'PUT',
    body: { bankCode, bankAccountName },
    schema: ProfileResponse,
  });
