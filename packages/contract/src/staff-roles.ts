/**
 * What each staff role may do in the operator console (docs/decisions/044). A permission is an
 * area and an action; a role is a set of them. The server checks a permission on every console
 * route and socket (403 STAFF_FORBIDDEN, audited); the console shows only what the role may use.
 */

export const STAFF_ROLES = ['owner', 'finance', 'support', 'marketing', 'viewer'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

export const PERMISSIONS = [
  /** The chat inbox: conversations and their messages. */
  'chat.read',
  /** Answering, uploading into, reading and resolving conversations. */
  'chat.answer',
  /** A member's profile, wallet, deposits, withdrawals and slips (numbers masked). */
  'members.read',
  /** A member's phone and bank numbers whole. */
  'members.personal',
  /** Locking members, notes and tags, changing a bank account, ending a bonus. */
  'members.manage',
  /** Deciding on withdrawals and deposits that wait for a person. */
  'money.approve',
  /** Balance corrections (maker-checker). */
  'money.adjust',
  /** Offers, promotion codes, the wheel, the invite and refund programmes. */
  'offers.manage',
  /** Site and money settings (withdrawal rules and the like). */
  'settings.manage',
  /** Staff accounts and their roles. */
  'staff.manage',
  /** The staff audit. */
  'audit.read',
  /** Reports. */
  'reports.read',
] as const;
export type Permission = (typeof PERMISSIONS)[number];

const READ: readonly Permission[] = ['chat.read', 'members.read'];

export const ROLE_PERMISSIONS: Record<StaffRole, readonly Permission[]> = {
  owner: PERMISSIONS,
  finance: [
    ...READ,
    'reports.read',
    'chat.answer',
    'members.personal',
    'members.manage',
    'money.approve',
    'money.adjust',
    'audit.read',
  ],
  // The business's figures are not support's to read (decision 055).
  support: [...READ, 'chat.answer'],
  marketing: [...READ, 'reports.read', 'offers.manage'],
  viewer: [...READ, 'reports.read'],
};

export const mayUse = (role: StaffRole, permission: Permission): boolean =>
  ROLE_PERMISSIONS[role].includes(permission);

/** A role may be given only by someone who holds every permission it carries. */
export const mayGiveRole = (giver: StaffRole, role: StaffRole): boolean =>
  ROLE_PERMISSIONS[role].every((permission) => mayUse(giver, permission));
