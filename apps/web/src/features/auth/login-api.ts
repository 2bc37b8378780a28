import { useMutation, useQueryClient } from '@tanstack/react-query';
import { LoginResponse, type LoginRequest } from '@wallet/contract/http/login';
import { apiRequest } from '../../lib/api-client';
import { forgetMemberData } from '../../lib/member-data';
import { storage } from '../../lib/storage';

/**
 * Signs in; the token is kept (for the tab only unless `remember`) and the last member's cached
 * answers are dropped, so this member never sees theirs.
 * NOTE: on the /login page's first download (decision 033): nothing heavy here.
 */
export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ body }: { body: LoginRequest; remember: boolean }) =>
      apiRequest('/api/login', { method: 'POST', body, schema: LoginResponse }),
    onSuccess: ({ token }, { remember }) => {
      storage.setToken(token, remember);
      forgetMemberData(queryClient);
    },
  });
}
