import type { StaffProfile } from '@wallet/contract/http/console';
import { ROLE_PERMISSIONS, type StaffRole } from '@wallet/contract/staff-roles';

/** A staff member as the console sees them: who, their role and what it lets them do. */
export const staffProfile = (staff: {
  id: number;
  username: string;
  name: string;
  role: StaffRole;
}): StaffProfile => ({
  id: staff.id,
  username: staff.username,
  name: staff.name,
  role: staff.role,
  permissions: [...ROLE_PERMISSIONS[staff.role]],
});
