import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StaffCreateResponse, StaffListResponse, StaffMember } from '@wallet/contract/http/console';
import { rowsOf } from '../../platform/db/rows';
import {
  createStaffAndSignIn,
  randomStaffUsername,
  staffCall,
  staffCodeStep,
  staffPasswordStep,
  totpCode,
  type SignedInStaff,
} from '../../../test/staff';
import { createTestApp, type TestApp } from '../../../test/test-app';

/**
 * The staff screen (issue 27, decision 047): owners make staff (the password answered once),
 * change roles, switch staff off and on and reset authenticators; no one gives a role with rights
 * they lack; the last active owner stays; every change ends the sessions it must and is audited.
 */
let t: TestApp;
let owner: SignedInStaff;
const client = { ip: '127.0.0.1', userAgent: 'desk-test' };
beforeAll(async () => {
  t = await createTestApp();
  owner = await createStaffAndSignIn(t, { role: 'owner', name: 'Owner One' });
});
afterAll(() => t.close());

const desk = () => t.services.staff.desk;
const me = (token: string) => staffCall(t.app, token, 'GET', '/api/console/me');
const list = async () =>
  (await staffCall(t.app, owner.token, 'GET', '/api/console/staff')).json<StaffListResponse>().staff;
const auditOf = (staffId: number) =>
  rowsOf<{ staff_id: number; action: string; detail: Record<string, unknown> }>(
    t.database.db,
    sql`select staff_id, action, detail from staff_audit where target = ${`staff:${staffId}`} order by id`,
  );
const activeOwners = async () =>
  (
    await rowsOf<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from staff_members where role = 'owner' and active`,
    )
  )[0]!.n;
/** Switches every active owner but `keep` off, so a test knows who the owners are. */
async function onlyOwners(...keep: number[]) {
  for (const row of await desk().list()) {
    if (row.role === 'owner' && row.active && !keep.includes(row.id)) {
      await desk().setActive({ id: keep[0]!, role: 'owner' }, row.id, false, client);
    }
  }
}

describe('staff screen', () => {
  it('makes a staff member with a password answered once, who enrols at their first sign-in', async () => {
    const username = randomStaffUsername();
    const made = await staffCall(t.app, owner.token, 'POST', '/api/console/staff', {
      username: username.toUpperCase(),
      name: ' Noi ',
      role: 'finance',
    });
    expect(made.statusCode, made.body).toBe(200);
    const { staff, password } = made.json<StaffCreateResponse>();
    expect(staff).toMatchObject({
      username,
      name: 'Noi',
      role: 'finance',
      active: true,
      totpEnrolled: false,
    });
    expect(staff.lastSignInAt).toBeNull();
    expect(password).toMatch(/^[A-Za-z0-9_-]{24}$/);
    // The password works once, at the first sign-in, which enrols an authenticator.
    const first = await staffPasswordStep(t.app, username, password);
    expect(first.step).toBe('enrol');
    if (first.step !== 'enrol') return;
    expect((await staffCodeStep(t.app, first.challenge, await totpCode(first.secret))).statusCode).toBe(200);
    const listed = (await list()).find((row) => row.id === staff.id)!;
    expect(listed).toMatchObject({ totpEnrolled: true, active: true });
    expect(Date.parse(listed.lastSignInAt!)).toBeGreaterThan(Date.now() - 60_000);

    const rows = await auditOf(staff.id);
    expect(rows[0]).toMatchObject({
      staff_id: owner.staffId,
      action: 'staff.create',
      detail: { after: { username, name: 'Noi', role: 'finance', active: true, totpEnrolled: false } },
    });
    expect(JSON.stringify(rows)).not.toContain(password);
    // A username taken, in any case.
    const again = await staffCall(t.app, owner.token, 'POST', '/api/console/staff', {
      username,
      name: 'Again',
      role: 'support',
    });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ message: 'EXISTING_USER' });
  });

  it('lists every staff member: role, on or off, authenticator, last sign-in, nothing secret', async () => {
    const staff = await list();
    expect(staff.find((row) => row.id === owner.staffId)).toMatchObject({
      username: owner.username,
      role: 'owner',
      active: true,
      totpEnrolled: true,
    });
    const text = JSON.stringify(staff);
    expect(text).not.toMatch(/password|secret|argon2/i);
  });

  it('refuses, on the server, a role with rights the giver lacks (mayGiveRole), and audits it', async () => {
    const target = await createStaffAndSignIn(t, { role: 'support' });
    const finance = await createStaffAndSignIn(t, { role: 'finance' });
    // Only owners have staff.manage today; the rule holds for any role that gets it.
    const asFinance = { id: finance.staffId, role: 'finance' as const };
    await expect(desk().setRole(asFinance, target.staffId, 'owner', client)).rejects.toMatchObject({
      code: 'STAFF_FORBIDDEN',
    });
    await expect(
      desk().create(asFinance, { username: randomStaffUsername(), name: 'X', role: 'marketing' }, client),
    ).rejects.toMatchObject({ code: 'STAFF_FORBIDDEN' });
    // Taking a role away is giving another: finance may not touch an owner.
    await expect(desk().setActive(asFinance, owner.staffId, false, client)).rejects.toMatchObject({
      code: 'STAFF_FORBIDDEN',
    });
    const refused = await rowsOf<{ detail: Record<string, unknown> }>(
      t.database.db,
      sql`select detail from staff_audit where action = 'forbidden' and staff_id = ${finance.staffId}`,
    );
    expect(refused.map((row) => row.detail.role)).toEqual(['owner', 'marketing', 'owner']);
    expect((await me(target.token)).json()).toMatchObject({ role: 'support' });
    // Through HTTP, a finance member is refused the whole screen.
    const answer = await staffCall(t.app, finance.token, 'PUT', `/api/console/staff/${target.staffId}/role`, {
      role: 'viewer',
    });
    expect(answer.statusCode).toBe(403);
    expect(answer.json()).toEqual({ message: 'STAFF_FORBIDDEN' });
  });

  it('changes a role: the sessions end at once, the audit keeps before and after', async () => {
    const member = await createStaffAndSignIn(t, { role: 'support' });
    expect((await me(member.token)).statusCode).toBe(200);
    const changed = await staffCall(t.app, owner.token, 'PUT', `/api/console/staff/${member.staffId}/role`, {
      role: 'viewer',
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json<{ staff: StaffMember }>().staff.role).toBe('viewer');
    expect((await me(member.token)).statusCode).toBe(401);
    const rows = await auditOf(member.staffId);
    expect(rows.at(-1)).toMatchObject({
      action: 'staff.role',
      detail: { before: { role: 'support' }, after: { role: 'viewer' }, sessionsEnded: 1 },
    });
  });

  it('switches a staff member off (sessions end, sign-in refused) and on again (old sessions stay ended)', async () => {
    const member = await createStaffAndSignIn(t, { role: 'support' });
    const off = await staffCall(t.app, owner.token, 'PUT', `/api/console/staff/${member.staffId}/active`, {
      active: false,
    });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json<{ staff: StaffMember }>().staff.active).toBe(false);
    expect((await me(member.token)).statusCode).toBe(401);
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/console/login',
      payload: { username: member.username, password: member.password },
      headers: { 'x-requested-with': 'wallet-user' },
    });
    expect(refused.json()).toEqual({ message: 'STAFF_LOGIN_FAIL' });
    const on = await staffCall(t.app, owner.token, 'PUT', `/api/console/staff/${member.staffId}/active`, {
      active: true,
    });
    expect(on.json<{ staff: StaffMember }>().staff.active).toBe(true);
    expect((await me(member.token)).statusCode).toBe(401);
    expect((await auditOf(member.staffId)).map((row) => [row.action, row.detail])).toEqual([
      ['staff.active', { before: { active: true }, after: { active: false }, sessionsEnded: 1 }],
      ['staff.active', { before: { active: false }, after: { active: true }, sessionsEnded: 0 }],
    ]);
  });

  it('resets an authenticator: the sessions end and the next sign-in enrols a new one', async () => {
    const member = await createStaffAndSignIn(t, { role: 'support' });
    const reset = await staffCall(
      t.app,
      owner.token,
      'POST',
      `/api/console/staff/${member.staffId}/totp-reset`,
    );
    expect(reset.statusCode, reset.body).toBe(200);
    expect(reset.json<{ staff: StaffMember }>().staff.totpEnrolled).toBe(false);
    expect((await me(member.token)).statusCode).toBe(401);
    const next = await staffPasswordStep(t.app, member.username, member.password);
    expect(next.step).toBe('enrol');
    expect(JSON.stringify(await auditOf(member.staffId))).not.toContain(member.secret);
    expect((await auditOf(member.staffId)).at(-1)).toMatchObject({
      action: 'staff.totp_reset',
      detail: { before: { totpEnrolled: true }, after: { totpEnrolled: false } },
    });
  });

  it('answers 404 for a staff member who is not there', async () => {
    const answer = await staffCall(t.app, owner.token, 'PUT', '/api/console/staff/2147483647/active', {
      active: false,
    });
    expect(answer.statusCode).toBe(404);
  });

  it('keeps the last active owner: not switched off, not demoted, not by themselves (409)', async () => {
    await onlyOwners(owner.staffId);
    for (const [path, body] of [
      ['active', { active: false }],
      ['role', { role: 'finance' }],
    ] as const) {
      const answer = await staffCall(
        t.app,
        owner.token,
        'PUT',
        `/api/console/staff/${owner.staffId}/${path}`,
        body,
      );
      expect(answer.statusCode, path).toBe(409);
      expect(answer.json()).toEqual({ message: 'STAFF_LAST_OWNER' });
    }
    expect((await me(owner.token)).statusCode).toBe(200);
    // With a second owner, one may step down, and their own session ends with it.
    const second = await createStaffAndSignIn(t, { role: 'owner' });
    const down = await staffCall(t.app, second.token, 'PUT', `/api/console/staff/${second.staffId}/role`, {
      role: 'finance',
    });
    expect(down.statusCode, down.body).toBe(200);
    expect((await me(second.token)).statusCode).toBe(401);
    expect(await activeOwners()).toBe(1);
  });

  it('leaves one owner when two demote or switch off each other at once', async () => {
    for (let round = 0; round < 4; round += 1) {
      const a = await createStaffAndSignIn(t, { role: 'owner' });
      const b = await createStaffAndSignIn(t, { role: 'owner' });
      await onlyOwners(a.staffId, b.staffId);
      const asA = { id: a.staffId, role: 'owner' as const };
      const asB = { id: b.staffId, role: 'owner' as const };
      const answers = await Promise.allSettled(
        round % 2 === 0
          ? [
              desk().setRole(asA, b.staffId, 'viewer', client),
              desk().setRole(asB, a.staffId, 'viewer', client),
            ]
          : [
              desk().setActive(asA, b.staffId, false, client),
              desk().setActive(asB, a.staffId, false, client),
            ],
      );
      expect(
        answers.filter((answer) => answer.status === 'fulfilled'),
        `round ${round}`,
      ).toHaveLength(1);
      const refused = answers.find((answer) => answer.status === 'rejected');
      expect(refused?.reason).toMatchObject({ code: 'STAFF_LAST_OWNER' });
      expect(await activeOwners()).toBe(1);
    }
    // The test's owner is still the one the other tests need.
    const [survivor] = (await desk().list()).filter((row) => row.role === 'owner' && row.active);
    await desk().setActive({ id: survivor!.id, role: 'owner' }, owner.staffId, true, client);
  });
});
