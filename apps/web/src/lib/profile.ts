import { useQuery } from '@tanstack/react-query';
import { ProfileResponse } from '@wallet/contract/http/account';
import { apiRequest } from './api-client';
import { queryKeys } from './query-keys';

/** The signed-in member's profile and bank account: one cached query for every screen. */
export function useProfile() {
  return useQuery({
    queryKey: queryKeys.profile,
    queryFn: () => apiRequest('/api/account/profile', { schema: ProfileResponse }),
  });
}
