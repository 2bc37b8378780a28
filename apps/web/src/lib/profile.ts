import { useQuery } from '@tanstack/react-query';
import { ProfileResponse } from '@wallet/contract/http/account';
import { apiRequest } from './api-client';

/** The signed-in member's profile and bank account: one cached query for every screen. */
export const PROFILE_KEY = ['account', 'profile'];

export function useProfile() {
  return useQuery({
    queryKey: PROFILE_KEY,
    queryFn: () => apiRequest('/api/account/profile', { schema: ProfileResponse }),
  });
}
