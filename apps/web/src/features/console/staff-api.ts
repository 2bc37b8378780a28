import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  StaffCreateResponse,
  StaffListResponse,
  StaffMemberResponse,
  type StaffCreateRequest,
  type StaffMember,
} from '@wallet/contract/http/console';
import type { StaffRole } from '@wallet/contract/staff-roles';
import { queryKeys } from '../../lib/query-keys';
import { consoleRequest } from './console-api';

/** The staff screen's calls (decision 047); the server checks staff.manage on each. */

const BASE = '/api/console/staff';

/** `enabled`: only for a role that may manage staff (the server refuses the others anyway). */
export function useStaffList(enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.console.staff,
    enabled,
    queryFn: () => consoleRequest(BASE, { schema: StaffListResponse }),
  });
}

/** Puts a changed staff member in place in the list, as the server answered them. */
function useReplaceRow() {
  const queryClient = useQueryClient();
  return (staff: StaffMember) =>
    queryClient.setQueryData<StaffListResponse>(queryKeys.console.staff, (list) =>
      list
        ? {
            staff: list.staff.some((row) => row.id === staff.id)
              ? list.staff.map((row) => (row.id === staff.id ? staff : row))
              : [...list.staff, staff],
          }
        : list,
    );
}

/** A new staff member; the answer holds their password, shown once and kept nowhere. */
export function useCreateStaff() {
  const replace = useReplaceRow();
  return useMutation({
    mutationFn: (body: StaffCreateRequest) =>
      consoleRequest(BASE, { method: 'POST', body, schema: StaffCreateResponse }),
    onSuccess: (made) => replace(made.staff),
  });
}

/** One change of a staff member: a role, switched off or on, or the authenticator reset. */
export type StaffChange =
  { kind: 'role'; role: StaffRole } | { kind: 'active'; active: boolean } | { kind: 'totp' };

export function useChangeStaff(staffId: number) {
  const replace = useReplaceRow();
  return useMutation({
    mutationFn: async (change: StaffChange) => {
      const path = `${BASE}/${staffId}`;
      const answer =
        change.kind === 'role'
          ? await consoleRequest(`${path}/role`, {
              method: 'PUT',
              body: { role: change.role },
              schema: StaffMemberResponse,
            })
          : change.kind === 'active'
            ? await consoleRequest(`${path}/active`, {
                method: 'PUT',
                body: { active: change.active },
                schema: StaffMemberResponse,
              })
            : await consoleRequest(`${path}/totp-reset`, {
                method: 'POST',
                body: {},
                schema: StaffMemberResponse,
              });
      return answer.staff;
    },
    onSuccess: replace,
  });
}
