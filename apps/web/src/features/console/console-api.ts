import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import {
  STAFF_CSRF_HEADER,
  StaffLoginResponse,
  StaffProfile,
  StaffSessionResponse,
  type StaffLoginRequest,
} from '@wallet/contract/http/console';
import {
  apiRequest,
  apiUpload,
  type ApiSession,
  type RequestOptions,
  type UploadOptions,
} from '../../lib/api-client';
import { storage } from '../../lib/storage';
import { queryKeys } from '../../lib/query-keys';
import type { Permission } from '@wallet/contract/staff-roles';

/** The code a console call answers once the staff session is gone (expired, signed out, switched off). */
export const STAFF_SESSION_ENDED = 'STAFF_SESSION_INVALID';

/** Where a staff member goes when their session ends; the console's root sets it (it has the router). */
let leave: () => void = () => undefined;

export function onStaffSessionEnded(next: () => void): () => void {
  leave = next;
  return () => {
    if (leave === next) leave = () => undefined;
  };
}

/** Whether this browser holds a staff session (its cookie is out of a script's reach; its CSRF token is not). */
export const hasStaffSession = (): boolean => storage.getStaffCsrf() !== null;

/**
 * The staff session every console call carries: the browser sends its cookie (every tab shares
 * it), the call adds the CSRF token (decision 047); its own end leads to /console/login and never
 * touches the member's session or /login.
 */
export const staffSession: ApiSession = {
  headers(): Record<string, string> {
    const csrf = storage.getStaffCsrf();
    return csrf ? { [STAFF_CSRF_HEADER]: csrf } : {};
  },
  ends: (code) => code === STAFF_SESSION_ENDED,
  onEnded() {
    storage.clearStaffCsrf();
    leave();
  },
};

/** A console call: apiRequest with the staff session. */
export const consoleRequest = <S extends z.ZodType>(path: string, options: RequestOptions<S>) =>
  apiRequest(path, { ...options, session: staffSession });

/** A console upload: apiUpload with the staff session. */
export const consoleUpload = <S extends z.ZodType>(path: string, options: UploadOptions<S>) =>
  apiUpload(path, { ...options, session: staffSession });

/** Step 1 of sign-in: the password; answers whether to enrol an authenticator or give its code. */
export function useStaffLogin() {
  return useMutation({
    mutationFn: (body: StaffLoginRequest) =>
      consoleRequest('/api/console/login', { method: 'POST', body, schema: StaffLoginResponse }),
  });
}

/** Step 2: the authenticator's code; the session is the cookie it sets, its CSRF token kept for every tab. */
export function useStaffTotp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: { challenge: string; code: string }) => {
      const session = await consoleRequest('/api/console/login/totp', {
        method: 'POST',
        body,
        schema: StaffSessionResponse,
      });
      storage.setStaffCsrf(session.csrfToken);
      queryClient.setQueryData(queryKeys.console.me, session.staff);
      return session;
    },
  });
}

/** Who is signed in (and whether the stored token still works). */
export function useStaffProfile() {
  return useQuery({
    queryKey: queryKeys.console.me,
    enabled: hasStaffSession(),
    queryFn: () => consoleRequest('/api/console/me', { schema: StaffProfile }),
    staleTime: Infinity,
  });
}

/**
 * Whether the signed-in staff member's role carries `permission` (false until their profile has
 * arrived): the console shows only what the role may use; the server checks every call anyway.
 */
export function useStaffCan(permission: Permission): boolean {
  return useStaffProfile().data?.permissions.includes(permission) ?? false;
}

/** Ends the session on the server; the staff member leaves even if the server cannot be reached. */
export async function staffLogout(): Promise<void> {
  // The answer says nothing the console needs.
  await consoleRequest('/api/console/logout', { method: 'POST', body: {}, schema: z.unknown() }).catch(
    () => undefined,
  );
  storage.clearStaffCsrf();
}
