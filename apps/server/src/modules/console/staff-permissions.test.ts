import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MemberContextResponse, StaffProfile } from '@wallet/contract/http/console';
import {
  mayUse,
  ROLE_PERMISSIONS,
  STAFF_ROLES,
  type Permission,
  type StaffRole,
} from '@wallet/contract/staff-roles';
import { SITE_SETTING_KEYS } from '@wallet/contract/http/console-settings';
import { rowsOf } from '../../platform/db/rows';
import { signedInMember } from '../../../test/money';
import { createStaffAndSignIn, staffCall } from '../../../test/staff';
import { createTestApp, type TestApp } from '../../../test/test-app';

/**
 * Staff roles (decision 044): every console route checks its permission on the server, and a
 * refusal is 403 STAFF_FORBIDDEN, written to the audit. The table below names every console
 * route of the OpenAPI document; a route added without its permission here fails the first test.
 */
type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
interface Guarded {
  method: Method;
  path: string;
  permission: Permission | 'any staff' | 'public';
}
const CHAT = '/api/console/chat/conversations';
const WITHDRAWALS = '/api/console/withdrawals';
const DEPOSITS = '/api/console/deposits/reviews';
const ROUTES: Guarded[] = [
  { method: 'POST', path: '/api/console/login', permission: 'public' },
  { method: 'POST', path: '/api/console/login/totp', permission: 'public' },
  { method: 'POST', path: '/api/console/logout', permission: 'any staff' },
  { method: 'GET', path: '/api/console/me', permission: 'any staff' },
  { method: 'GET', path: '/api/console/members/{memberId}/context', permission: 'members.read' },
  { method: 'GET', path: '/api/console/staff', permission: 'staff.manage' },
  { method: 'POST', path: '/api/console/staff', permission: 'staff.manage' },
  { method: 'PUT', path: '/api/console/staff/{staffId}/role', permission: 'staff.manage' },
  { method: 'PUT', path: '/api/console/staff/{staffId}/active', permission: 'staff.manage' },
  { method: 'POST', path: '/api/console/staff/{staffId}/totp-reset', permission: 'staff.manage' },
  { method: 'POST', path: '/api/console/chat/socket-ticket', permission: 'chat.read' },
  { method: 'GET', path: '/api/console/members', permission: 'members.read' },
  { method: 'GET', path: '/api/console/members/{memberId}', permission: 'members.read' },
  { method: 'GET', path: '/api/console/members/{memberId}/statement', permission: 'members.read' },
  { method: 'GET', path: '/api/console/audit', permission: 'audit.read' },
  { method: 'GET', path: '/api/console/audit.csv', permission: 'audit.read' },
  { method: 'GET', path: '/api/console/audit/filters', permission: 'audit.read' },
  { method: 'GET', path: CHAT, permission: 'chat.read' },
  { method: 'GET', path: `${CHAT}/{conversationId}`, permission: 'chat.read' },
  { method: 'GET', path: `${CHAT}/{conversationId}/messages`, permission: 'chat.read' },
  { method: 'POST', path: `${CHAT}/{conversationId}/messages`, permission: 'chat.answer' },
  { method: 'POST', path: `${CHAT}/{conversationId}/upload-image`, permission: 'chat.answer' },
  { method: 'POST', path: `${CHAT}/{conversationId}/upload-video`, permission: 'chat.answer' },
  { method: 'PUT', path: `${CHAT}/{conversationId}/read`, permission: 'chat.answer' },
  { method: 'POST', path: `${CHAT}/{conversationId}/resolve`, permission: 'chat.answer' },
  { method: 'POST', path: '/api/console/members/{memberId}/lock', permission: 'members.manage' },
  { method: 'GET', path: '/api/console/members/{memberId}/risk', permission: 'members.read' },
  { method: 'GET', path: '/api/console/members/{memberId}/bonus', permission: 'members.read' },
  { method: 'POST', path: '/api/console/members/{memberId}/bonus/end', permission: 'members.manage' },
  { method: 'PUT', path: '/api/console/members/{memberId}/bank', permission: 'members.manage' },
  { method: 'GET', path: '/api/console/members/{memberId}/limits', permission: 'members.read' },
  { method: 'PUT', path: '/api/console/members/{memberId}/limits', permission: 'members.manage' },
  { method: 'POST', path: '/api/console/members/{memberId}/timeout', permission: 'members.manage' },
  { method: 'POST', path: '/api/console/members/{memberId}/self-exclusion', permission: 'members.manage' },
  { method: 'GET', path: '/api/console/members/{memberId}/notes', permission: 'members.read' },
  { method: 'POST', path: '/api/console/members/{memberId}/notes', permission: 'members.manage' },
  { method: 'PUT', path: '/api/console/members/{memberId}/tags', permission: 'members.manage' },
  { method: 'POST', path: '/api/console/members/{memberId}/unlock', permission: 'members.manage' },
  { method: 'GET', path: '/api/console/desk/counts', permission: 'members.read' },
  { method: 'GET', path: '/api/console/push', permission: 'members.read' },
  { method: 'PUT', path: '/api/console/push', permission: 'members.read' },
  { method: 'DELETE', path: '/api/console/push', permission: 'members.read' },
  { method: 'GET', path: WITHDRAWALS, permission: 'members.read' },
  { method: 'POST', path: `${WITHDRAWALS}/{withdrawalId}/claim`, permission: 'money.approve' },
  { method: 'DELETE', path: `${WITHDRAWALS}/{withdrawalId}/claim`, permission: 'money.approve' },
  { method: 'POST', path: `${WITHDRAWALS}/{withdrawalId}/approve`, permission: 'money.approve' },
  { method: 'POST', path: `${WITHDRAWALS}/{withdrawalId}/reject`, permission: 'money.approve' },
  { method: 'GET', path: '/api/console/settings/withdrawals', permission: 'money.approve' },
  { method: 'PUT', path: '/api/console/settings/withdrawals', permission: 'settings.manage' },
  { method: 'GET', path: '/api/console/settings/site', permission: 'settings.manage' },
  { method: 'GET', path: '/api/console/settings/deposit-accounts', permission: 'settings.manage' },
  { method: 'POST', path: '/api/console/settings/deposit-accounts/banks', permission: 'settings.manage' },
  { method: 'PUT', path: '/api/console/settings/deposit-accounts/banks/{id}', permission: 'settings.manage' },
  {
    method: 'PUT',
    path: '/api/console/settings/deposit-accounts/wallets/{id}',
    permission: 'settings.manage',
  },
  { method: 'GET', path: '/api/console/settings/games', permission: 'settings.manage' },
  { method: 'PUT', path: '/api/console/settings/games/order', permission: 'settings.manage' },
  { method: 'PUT', path: '/api/console/settings/games/{code}', permission: 'settings.manage' },
  ...SITE_SETTING_KEYS.map((key) => ({
    method: 'PUT' as const,
    path: `/api/console/settings/site/${key}`,
    permission: 'settings.manage' as const,
  })),
  { method: 'POST', path: '/api/console/adjustments', permission: 'money.adjust' },
  { method: 'GET', path: '/api/console/adjustments', permission: 'money.adjust' },
  { method: 'POST', path: '/api/console/adjustments/{id}/approve', permission: 'money.adjust' },
  { method: 'POST', path: '/api/console/adjustments/{id}/reject', permission: 'money.adjust' },
  { method: 'GET', path: '/api/console/settings/adjustments', permission: 'settings.manage' },
  { method: 'PUT', path: '/api/console/settings/adjustments', permission: 'settings.manage' },
  { method: 'GET', path: DEPOSITS, permission: 'members.read' },
  { method: 'POST', path: `${DEPOSITS}/{itemId}/credit`, permission: 'money.approve' },
  { method: 'POST', path: `${DEPOSITS}/{itemId}/refuse`, permission: 'money.approve' },
  { method: 'GET', path: '/api/console/reports/daily', permission: 'reports.read' },
  { method: 'GET', path: '/api/console/reports/games', permission: 'reports.read' },
  { method: 'GET', path: '/api/console/reports/offers', permission: 'reports.read' },
  { method: 'GET', path: '/api/console/reports/invite', permission: 'reports.read' },
  { method: 'GET', path: '/api/console/offers', permission: 'offers.manage' },
  { method: 'POST', path: '/api/console/offers', permission: 'offers.manage' },
  { method: 'PUT', path: '/api/console/offers/{code}', permission: 'offers.manage' },
  { method: 'PUT', path: '/api/console/offers/{code}/banners/{index}/image', permission: 'offers.manage' },
  { method: 'GET', path: '/api/console/wheel', permission: 'offers.manage' },
  { method: 'PUT', path: '/api/console/wheel', permission: 'offers.manage' },
  { method: 'GET', path: '/api/console/programs', permission: 'offers.manage' },
  { method: 'PUT', path: '/api/console/programs/{name}', permission: 'offers.manage' },
];

let t: TestApp;
const tokens = {} as Record<StaffRole, string>;
beforeAll(async () => {
  t = await createTestApp();
  for (const role of STAFF_ROLES) tokens[role] = (await createStaffAndSignIn(t, { role })).token;
});
afterAll(() => t.close());

describe('staff roles', () => {
  it('lists every console route of the API document with its permission', async () => {
    const document = (await t.app.inject({ url: '/api/docs' })).json<{ paths: Record<string, object> }>();
    const documented = Object.entries(document.paths)
      .filter(([path]) => path.startsWith('/api/console'))
      .flatMap(([path, methods]) => Object.keys(methods).map((method) => `${method.toUpperCase()} ${path}`));
    expect(documented.sort()).toEqual(ROUTES.map((route) => `${route.method} ${route.path}`).sort());
  });

  it('refuses every role that lacks a route’s permission with 403 STAFF_FORBIDDEN, and audits it', async () => {
    const refusedBefore = await forbiddenRows();
    let refusals = 0;
    for (const route of ROUTES.filter(
      (one) => one.permission !== 'public' && one.permission !== 'any staff',
    )) {
      // A staff id no one has: a change to an existing one would end a test member's sessions.
      const url = route.path.replace('{staffId}', '2147483647').replace(/\{\w+\}/g, '1');
      for (const role of STAFF_ROLES) {
        const answer = await staffCall(
          t.app,
          tokens[role],
          route.method,
          url,
          route.method === 'GET' ? undefined : {},
        );
        const allowed = mayUse(role, route.permission as Permission);
        const what = `${role} ${route.method} ${route.path}`;
        if (allowed) expect(answer.statusCode, what).not.toBe(403);
        else {
          expect(answer.statusCode, what).toBe(403);
          expect(answer.json(), what).toEqual({ message: 'STAFF_FORBIDDEN' });
          refusals += 1;
        }
      }
    }
    // The split of decision 044: some route refuses someone, and each refusal is one audit row.
    expect(refusals).toBeGreaterThan(0);
    expect((await forbiddenRows()) - refusedBefore).toBe(refusals);
  });

  it('tells each staff member their role and what it lets them do', async () => {
    for (const role of STAFF_ROLES) {
      const me = (await staffCall(t.app, tokens[role], 'GET', '/api/console/me')).json<StaffProfile>();
      expect(me).toMatchObject({ role, permissions: [...ROLE_PERMISSIONS[role]] });
    }
    expect(ROLE_PERMISSIONS.viewer).not.toContain('chat.answer');
    expect(ROLE_PERMISSIONS.support).not.toContain('members.personal');
  });

  it('shows support a member’s phone and bank number by their last 4 digits, finance and owner whole', async () => {
    const member = await signedInMember(t.app);
    const contextAs = async (role: StaffRole) =>
      (
        await staffCall(t.app, tokens[role], 'GET', `/api/console/members/${member.id}/context`)
      ).json<MemberContextResponse>().member;
    const whole = await contextAs('finance');
    expect(whole.username).toBe(member.member.username);
    expect(whole.bank!.accountNo).toMatch(/^\d{10,}$/);
    expect(await contextAs('owner')).toEqual(whole);
    for (const role of ['support', 'viewer', 'marketing'] as const) {
      const masked = await contextAs(role);
      expect(masked.username, role).toBe(
        `${'•'.repeat(whole.username.length - 4)}${whole.username.slice(-4)}`,
      );
      expect(masked.bank!.accountNo, role).toBe(
        `${'•'.repeat(whole.bank!.accountNo.length - 4)}${whole.bank!.accountNo.slice(-4)}`,
      );
    }
  });
});

async function forbiddenRows(): Promise<number> {
  const [row] = await rowsOf<{ n: number }>(
    t.database.db,
    sql`select count(*)::int as n from staff_audit where action = 'forbidden'`,
  );
  return row!.n;
}
