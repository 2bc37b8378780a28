import { useQuery, useQueryClient } from '@tanstack/react-query';
import { OkResponse, ProfileResponse } from '@wallet/contract/http/account';
import { apiRequest } from '../../lib/api-client';

const PROFILE_KEY = ['account', 'profile'];

export function useProfile() {
  return useQuery({
    queryKey: PROFILE_KEY,
    queryFn: () => apiRequest('/api/account/profile', { schema: ProfileResponse }),
  });
}

export function useSetProfile() {
  const queryClient = useQueryClient();
  return (profile: ProfileResponse) => queryClient.setQueryData(PROFILE_KEY, profile);
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
