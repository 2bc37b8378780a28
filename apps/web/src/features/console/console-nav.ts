import {
  Banknote,
  FileBarChart,
  LayoutDashboard,
  Gift,
  MessagesSquare,
  ReceiptText,
  Scale,
  ScrollText,
  Settings,
  Users,
  UsersRound,
  type LucideIcon,
} from 'lucide-react';
import type { DeskCounts } from '@wallet/contract/http/console';
import type { Permission } from '@wallet/contract/staff-roles';

/** One section of the console: where it is, its name (a key of console.json), who sees it. */
export interface ConsoleSection {
  path: string;
  /** A key of the console's texts, e.g. `nav.chat`. */
  label: string;
  /** The section is shown only to roles that carry it (the server checks each call anyway). */
  permission: Permission;
  icon: LucideIcon;
  /** The live count shown on it: what waits for staff there (decision 050). */
  count?: keyof DeskCounts;
}

/**
 * The console's navigation, in the order shown: icons alone on a phone, with names from 640 px. NOTE: one entry per line, one section each: add
 * yours at the end (and its route in console-app.tsx, its label in the three console.json).
 */
export const CONSOLE_SECTIONS: readonly ConsoleSection[] = [
  { path: '/console/chat', label: 'nav.chat', permission: 'chat.read', icon: MessagesSquare, count: 'chats' },
  {
    path: '/console/withdrawals',
    label: 'withdrawals.nav',
    permission: 'members.read',
    icon: Banknote,
    count: 'withdrawals',
  },
  {
    path: '/console/adjustments',
    label: 'adjustments.nav',
    permission: 'money.adjust',
    icon: Scale,
    count: 'adjustments',
  },
  { path: '/console/staff', label: 'nav.staff', permission: 'staff.manage', icon: UsersRound },
  { path: '/console/members', label: 'nav.members', permission: 'members.read', icon: Users },
  { path: '/console/audit', label: 'nav.audit', permission: 'audit.read', icon: ScrollText },
  {
    path: '/console/deposits',
    label: 'deposits.nav',
    permission: 'members.read',
    icon: ReceiptText,
    count: 'deposits',
  },
  { path: '/console/settings', label: 'settings.nav', permission: 'settings.manage', icon: Settings },
  { path: '/console/dashboard', label: 'reports.nav', permission: 'reports.read', icon: LayoutDashboard },
  { path: '/console/offers', label: 'offers.nav', permission: 'offers.manage', icon: Gift },
  { path: '/console/reports', label: 'reportPages.nav', permission: 'reports.read', icon: FileBarChart },
];
