import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STAFF_CSRF_HEADER, STAFF_SESSION_COOKIE } from '@wallet/contract/http/console';
import { newToken } from '../../platform/crypto';
import { rowsOf } from '../../platform/db/rows';
import { staffCsrfToken } from '../../platform/staff-auth';
import { signedInMember } from '../../../test/money';
import { bearer } from '../../../test/members';
import {
  STAFF_PASSWORD,
  createStaffAndSignIn,
  randomStaffUsername,
  sessionCookieOf,
  setStaffActive,
  staffCall,
  staffCodeStep,
  staffHeaders,
  staffPasswordStep,
  totpCode,
} from '../../../test/staff';
import { createTestApp, memberHeaders, type TestApp } from '../../../test/test-app';
import { ROLE_PERMISSIONS } from '@wallet/contract/staff-roles';

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;

/** The app's clock: a test moves it to make the codes of a given time and to age sessions. */
let clock = Date.UTC(2030, 0, 1, 9, 0, 0);
const now = () => new Date(clock);
/** Waits for the start of the next 30 s time step (plus 1 s), so codes of different steps are made. */
const nextStep = () => {
  clock = (Math.floor(clock / 30_000) + 1) * 30_000 + SECOND;
};

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({}, { clock: now });
});
afterAll(() => t.close());

const signIn = (opts: Parameters<typeof createStaffAndSignIn>[1] = {}) =>
  createStaffAndSignIn(t, { now, ...opts });
const me = (token: string) => staffCall(t.app, token, 'GET', '/api/console/me');
const refusedWith = (response: { statusCode: number; json: () => unknown }, status: number, code: string) => {
  expect(response.statusCode).toBe(status);
  expect(response.json()).toEqual({ message: code });
};
const login = (username: string, password: string, headers: Record<string, string> = {}) =>
  t.app.inject({
    method: 'POST',
    url: '/api/console/login',
    payload: { username, password },
    headers: memberHeaders(headers),
  });
/** The audit rows of one staff member, oldest first. */
const auditOf = (staffId: number) =>
  rowsOf<{
    action: string;
    target: string | null;
    detail: Record<string, unknown>;
    ip: string;
    user_agent: string;
  }>(
    t.database.db,
    sql`select action, target, detail, ip, user_agent from staff_audit where staff_id = ${staffId} order by id`,
  );

describe('staff sign-in', () => {
  it(
    'enrols the authenticator at the first sign-in, then asks for its code at the next',
    { tags: ['embedded'] },
    async () => {
      const staff = await signIn({ name: 'Alice Ops' });
      const profile = await me(staff.token);
      expect(profile.statusCode, profile.body).toBe(200);
      // Staff made without a role are support (decision 044).
      expect(profile.json()).toEqual({
        id: staff.staffId,
        username: staff.username,
        name: 'Alice Ops',
        role: 'support',
        permissions: [...ROLE_PERMISSIONS.support],
      });

      nextStep();
      const second = await staffPasswordStep(t.app, staff.username, staff.password);
      expect(second.step).toBe('totp');
      expect(Object.keys(second).sort()).toEqual(['challenge', 'step']);
      const session = await staffCodeStep(t.app, second.challenge, await totpCode(staff.secret, now()));
      expect(session.statusCode, session.body).toBe(200);
      // The session is the cookie; the body carries its CSRF token and never the session's token.
      const token = sessionCookieOf(session.headers['set-cookie']);
      expect(Object.keys(session.json<object>()).sort()).toEqual(['csrfToken', 'staff']);
      expect(session.body).not.toContain(token);
      expect(token).not.toBe(staff.token);
      expect((await me(token)).statusCode).toBe(200);
      // The first session lives on beside the second.
      expect((await me(staff.token)).statusCode).toBe(200);
    },
  );

  it('shows the secret as an otpauth URL of the console, and keeps it only once a code proves it', async () => {
    const username = randomStaffUsername();
    await t.services.staff.create({ username, name: 'Bo', password: STAFF_PASSWORD });
    const first = await staffPasswordStep(t.app, username, STAFF_PASSWORD);
    if (first.step !== 'enrol') throw new Error('expected enrolment');
    const url = new URL(first.otpauthUrl);
    expect(url.protocol).toBe('otpauth:');
    expect(url.host).toBe('totp');
    expect(decodeURIComponent(url.pathname)).toBe(`/Member Wallet Console:${username}`);
    expect(url.searchParams.get('secret')).toBe(first.secret);
    expect(url.searchParams.get('issuer')).toBe('Member Wallet Console');
    const [stored] = await rowsOf<{ totp_secret: string | null }>(
      t.database.db,
      sql`select totp_secret from staff_members where username = ${username}`,
    );
    expect(stored!.totp_secret).toBeNull();
    // Abandoned: the next sign-in enrols again, with a new secret; the first one's codes open nothing.
    const again = await staffPasswordStep(t.app, username, STAFF_PASSWORD);
    if (again.step !== 'enrol') throw new Error('expected enrolment');
    expect(again.secret).not.toBe(first.secret);
    refusedWith(
      await staffCodeStep(t.app, again.challenge, await totpCode(first.secret, now())),
      401,
      'STAFF_CODE_INVALID',
    );
    expect(
      (await staffCodeStep(t.app, again.challenge, await totpCode(again.secret, now()))).statusCode,
    ).toBe(200);
  });

  it('takes the username in any letter case', async () => {
    const staff = await signIn();
    nextStep();
    const second = await staffPasswordStep(t.app, ` ${staff.username.toUpperCase()} `, staff.password);
    expect(second.step).toBe('totp');
  });

  it('answers an unknown username and a wrong password the same', async () => {
    const staff = await signIn();
    refusedWith(await login(staff.username, 'Wrong-password-123'), 401, 'STAFF_LOGIN_FAIL');
    refusedWith(await login(randomStaffUsername(), 'Wrong-password-123'), 401, 'STAFF_LOGIN_FAIL');
    refusedWith(await login(randomStaffUsername(), STAFF_PASSWORD), 401, 'STAFF_LOGIN_FAIL');
  });

  it('counts wrong codes against the challenge: the sixth answer is refused, even a right one', async () => {
    const staff = await signIn();
    nextStep();
    const { challenge } = await staffPasswordStep(t.app, staff.username, staff.password);
    const right = await totpCode(staff.secret, now());
    const wrong = right === '000000' ? '111111' : '000000';
    for (let attempt = 1; attempt <= 5; attempt += 1) {
      refusedWith(await staffCodeStep(t.app, challenge, wrong), 401, 'STAFF_CODE_INVALID');
    }
    refusedWith(await staffCodeStep(t.app, challenge, right), 401, 'STAFF_CHALLENGE_EXPIRED');
    const [row] = await rowsOf<{ attempts: number; used_at: Date | null }>(
      t.database.db,
      sql`select attempts, used_at from staff_login_challenges c join staff_members s on s.id = c.staff_id
          where s.id = ${staff.staffId} and c.used_at is null`,
    );
    expect(row).toMatchObject({ attempts: 5, used_at: null });
  });

  it('does not count a code that is not six digits, and changes nothing for it', async () => {
    const staff = await signIn();
    nextStep();
    const { challenge } = await staffPasswordStep(t.app, staff.username, staff.password);
    for (const code of ['12345', '1234567', 'abcdef', '']) {
      refusedWith(await staffCodeStep(t.app, challenge, code), 400, 'STAFF_CODE_INVALID');
    }
    for (let attempt = 1; attempt <= 4; attempt += 1) {
      refusedWith(await staffCodeStep(t.app, challenge, '000000'), 401, 'STAFF_CODE_INVALID');
    }
    const right = await totpCode(staff.secret, now());
    // 4 counted wrong answers: the fifth, right, is taken (unless the wrong one happened to be right).
    if (right !== '000000') expect((await staffCodeStep(t.app, challenge, right)).statusCode).toBe(200);
  });

  it('refuses a code of a time step already used (replay), and takes the next step’s', async () => {
    const staff = await signIn();
    // The enrolment's code, at the same moment, in a new sign-in.
    const code = await totpCode(staff.secret, now());
    const second = await staffPasswordStep(t.app, staff.username, staff.password);
    refusedWith(await staffCodeStep(t.app, second.challenge, code), 401, 'STAFF_CODE_INVALID');
    // The previous step's code is within the window but older than the one used: refused too.
    const older = await totpCode(staff.secret, new Date(clock - 30 * SECOND));
    refusedWith(await staffCodeStep(t.app, second.challenge, older), 401, 'STAFF_CODE_INVALID');
    nextStep();
    const fresh = await staffCodeStep(t.app, second.challenge, await totpCode(staff.secret, now()));
    expect(fresh.statusCode, fresh.body).toBe(200);
    // And that one, once.
    const third = await staffPasswordStep(t.app, staff.username, staff.password);
    refusedWith(
      await staffCodeStep(t.app, third.challenge, await totpCode(staff.secret, now())),
      401,
      'STAFF_CODE_INVALID',
    );
  });

  it('takes a code one step either side, not two', async () => {
    const staff = await signIn();
    nextStep();
    nextStep();
    nextStep();
    const { challenge } = await staffPasswordStep(t.app, staff.username, staff.password);
    refusedWith(
      await staffCodeStep(t.app, challenge, await totpCode(staff.secret, new Date(clock + 60 * SECOND))),
      401,
      'STAFF_CODE_INVALID',
    );
    const late = await staffCodeStep(
      t.app,
      challenge,
      await totpCode(staff.secret, new Date(clock - 30 * SECOND)),
    );
    expect(late.statusCode, late.body).toBe(200);
  });

  it('refuses a challenge after 5 minutes, a used one, and one that was never made', async () => {
    const staff = await signIn();
    nextStep();
    const { challenge } = await staffPasswordStep(t.app, staff.username, staff.password);
    clock += 5 * MINUTE;
    refusedWith(
      await staffCodeStep(t.app, challenge, await totpCode(staff.secret, now())),
      401,
      'STAFF_CHALLENGE_EXPIRED',
    );
    nextStep();
    const second = await staffPasswordStep(t.app, staff.username, staff.password);
    expect(
      (await staffCodeStep(t.app, second.challenge, await totpCode(staff.secret, now()))).statusCode,
    ).toBe(200);
    nextStep();
    refusedWith(
      await staffCodeStep(t.app, second.challenge, await totpCode(staff.secret, now())),
      401,
      'STAFF_CHALLENGE_EXPIRED',
    );
    refusedWith(await staffCodeStep(t.app, 'A'.repeat(43), '123456'), 401, 'STAFF_CHALLENGE_EXPIRED');
    refusedWith(await staffCodeStep(t.app, 'not a token', '123456'), 401, 'STAFF_CHALLENGE_EXPIRED');
  });

  it('refuses bad sign-in input with a code', async () => {
    refusedWith(await login('', STAFF_PASSWORD), 400, 'INVALID_INPUT');
    refusedWith(await login('someone', ''), 400, 'INVALID_INPUT');
    refusedWith(await login('x'.repeat(65), STAFF_PASSWORD), 400, 'INVALID_INPUT');
  });

  it('counts only failed sign-ins: ten right ones in a row never lock', async () => {
    const staff = await signIn();
    for (let attempt = 1; attempt <= 10; attempt += 1) {
      nextStep();
      const step = await staffPasswordStep(t.app, staff.username, staff.password);
      const signedIn = await staffCodeStep(t.app, step.challenge, await totpCode(staff.secret, now()));
      expect(signedIn.statusCode, `sign-in ${attempt}: ${signedIn.body}`).toBe(200);
    }
  });

  it('locks a username from one address after five failures, and says how long to wait', async () => {
    const staff = await signIn();
    const headers = { 'user-agent': 'throttle-test' };
    // Wrong passwords and a wrong code count alike.
    for (let attempt = 1; attempt <= 4; attempt += 1) {
      refusedWith(await login(staff.username, 'Wrong-password-123', headers), 401, 'STAFF_LOGIN_FAIL');
    }
    nextStep();
    const step = await staffPasswordStep(t.app, staff.username, staff.password);
    refusedWith(await staffCodeStep(t.app, step.challenge, '000000'), 401, 'STAFF_CODE_INVALID');
    clock += 5 * MINUTE;
    const locked = await login(staff.username, staff.password, headers);
    expect(locked.statusCode).toBe(429);
    // The window began at the first failure: 15 minutes, of which some 5 have gone.
    const wait = locked.json<{ message: string; retryAfter: number }>();
    expect(wait.message).toBe('REQUEST_LIMIT');
    expect(wait.retryAfter).toBeGreaterThan(9 * 60);
    expect(wait.retryAfter).toBeLessThanOrEqual(10 * 60 + 1);
    expect(locked.headers['retry-after']).toBe(String(wait.retryAfter));
    // Another username from the same address is not held back.
    const other = await signIn();
    nextStep();
    expect((await staffPasswordStep(t.app, other.username, other.password)).step).toBe('totp');
  });
});

describe('staff sessions', () => {
  it('keep a member token out of staff routes and a staff token out of member routes', async () => {
    const member = await signedInMember(t.app);
    const staff = await signIn();
    refusedWith(await me(member.token), 401, 'STAFF_SESSION_INVALID');
    refusedWith(
      await t.app.inject({
        url: `/api/console/members/${member.id}/context`,
        headers: memberHeaders(bearer(member.token)),
      }),
      401,
      'STAFF_SESSION_INVALID',
    );
    refusedWith(
      await t.app.inject({ url: '/api/account/profile', headers: memberHeaders(bearer(staff.token)) }),
      401,
      'invalid-token',
    );
    // Each still works where it belongs.
    expect((await me(staff.token)).statusCode).toBe(200);
    const profile = await t.app.inject({
      url: '/api/account/profile',
      headers: memberHeaders(bearer(member.token)),
    });
    expect(profile.statusCode, profile.body).toBe(200);
    // No token, or a malformed header.
    refusedWith(
      await t.app.inject({ url: '/api/console/me', headers: memberHeaders() }),
      401,
      'STAFF_SESSION_INVALID',
    );
    refusedWith(
      await t.app.inject({ url: '/api/console/me', headers: memberHeaders({ authorization: 'Basic abc' }) }),
      401,
      'STAFF_SESSION_INVALID',
    );
    // The session's token as a bearer opens nothing: the console's session is its cookie.
    refusedWith(
      await t.app.inject({ url: '/api/console/me', headers: memberHeaders(bearer(staff.token)) }),
      401,
      'STAFF_SESSION_INVALID',
    );
  });

  it('is shared by a second tab: the cookie and the CSRF token are enough; the cookie alone is not', async () => {
    const staff = await signIn();
    const cookie = `${STAFF_SESSION_COOKIE}=${staff.token}`;
    // A new tab: nothing but what the browser shares (the cookie) and the CSRF token.
    const tab = await t.app.inject({
      url: '/api/console/me',
      headers: memberHeaders({ cookie, [STAFF_CSRF_HEADER]: staffCsrfToken(staff.token) }),
    });
    expect(tab.statusCode, tab.body).toBe(200);
    // What another site's page can make a browser send: the cookie, without the token, or a wrong one.
    refusedWith(
      await t.app.inject({ url: '/api/console/me', headers: memberHeaders({ cookie }) }),
      401,
      'STAFF_SESSION_INVALID',
    );
    refusedWith(
      await t.app.inject({
        method: 'POST',
        url: '/api/console/logout',
        headers: memberHeaders({ cookie, [STAFF_CSRF_HEADER]: staffCsrfToken(newToken()) }),
      }),
      401,
      'STAFF_SESSION_INVALID',
    );
    // The session stood through those: the refusals ended nothing.
    expect((await me(staff.token)).statusCode).toBe(200);
  });

  it('sets an HttpOnly, Secure, SameSite=Strict cookie scoped to /api/console, and clears it at logout', async () => {
    const staff = await createStaffAndSignIn(t, { now });
    nextStep();
    const step = await staffPasswordStep(t.app, staff.username, staff.password);
    const signedIn = await staffCodeStep(t.app, step.challenge, await totpCode(staff.secret, now()));
    const cookie = String(signedIn.headers['set-cookie']);
    expect(cookie).toMatch(new RegExp(`^${STAFF_SESSION_COOKIE}=[A-Za-z0-9_-]{43}; `));
    for (const part of ['Path=/api/console', 'Max-Age=43200', 'HttpOnly', 'Secure', 'SameSite=Strict']) {
      expect(cookie.split('; ')).toContain(part);
    }
    const token = sessionCookieOf(signedIn.headers['set-cookie']);
    const out = await staffCall(t.app, token, 'POST', '/api/console/logout');
    expect(String(out.headers['set-cookie'])).toMatch(
      new RegExp(`^${STAFF_SESSION_COOKIE}=; Path=/api/console; Max-Age=0`),
    );
    // Every tab of that browser is out: the session is ended on the server, not only forgotten.
    refusedWith(await me(token), 401, 'STAFF_SESSION_INVALID');
    expect((await me(staff.token)).statusCode).toBe(200);
  });

  it('end at logout, for good', async () => {
    const staff = await signIn();
    const out = await staffCall(t.app, staff.token, 'POST', '/api/console/logout');
    expect(out.statusCode, out.body).toBe(200);
    expect(out.json()).toEqual({ ok: true });
    refusedWith(await me(staff.token), 401, 'STAFF_SESSION_INVALID');
    refusedWith(
      await staffCall(t.app, staff.token, 'POST', '/api/console/logout'),
      401,
      'STAFF_SESSION_INVALID',
    );
  });

  it('end after 2 hours idle, and after 12 hours however busy', async () => {
    const start = clock;
    const idle = await signIn();
    const idleLater = await signIn();
    const busy = await signIn();
    clock = start + 119 * MINUTE;
    expect((await me(idleLater.token)).statusCode).toBe(200);
    expect((await me(busy.token)).statusCode).toBe(200);
    clock = start + 121 * MINUTE;
    refusedWith(await me(idle.token), 401, 'STAFF_SESSION_INVALID');
    // Used every 100 minutes: never idle, until 12 hours from its sign-in.
    while (clock + 100 * MINUTE < start + 12 * HOUR) {
      clock += 100 * MINUTE;
      expect((await me(busy.token)).statusCode).toBe(200);
    }
    clock = start + 12 * HOUR + SECOND;
    refusedWith(await me(busy.token), 401, 'STAFF_SESSION_INVALID');
  });

  it('stop for a staff member switched off, who cannot sign in either, even half-way', async () => {
    const staff = await signIn();
    nextStep();
    const { challenge } = await staffPasswordStep(t.app, staff.username, staff.password);
    await setStaffActive(t, staff.staffId, false);
    refusedWith(await me(staff.token), 401, 'STAFF_SESSION_INVALID');
    refusedWith(
      await staffCodeStep(t.app, challenge, await totpCode(staff.secret, now())),
      401,
      'STAFF_LOGIN_FAIL',
    );
    refusedWith(await login(staff.username, staff.password), 401, 'STAFF_LOGIN_FAIL');
    // Switched on again: the old session stays ended; a new sign-in works.
    await setStaffActive(t, staff.staffId, true);
    refusedWith(await me(staff.token), 401, 'STAFF_SESSION_INVALID');
    nextStep();
    const again = await staffPasswordStep(t.app, staff.username, staff.password);
    expect(
      (await staffCodeStep(t.app, again.challenge, await totpCode(staff.secret, now()))).statusCode,
    ).toBe(200);
  });
});

describe('staff audit', () => {
  it('writes every sign-in step with the address and user agent, and nothing secret', async () => {
    const headers = { 'user-agent': 'AuditTest/1.0' };
    const staff = await signIn({ headers });
    nextStep();
    refusedWith(await login(staff.username, 'Wrong-password-123', headers), 401, 'STAFF_LOGIN_FAIL');
    const second = await staffPasswordStep(t.app, staff.username, staff.password, headers);
    refusedWith(await staffCodeStep(t.app, second.challenge, '000000', headers), 401, 'STAFF_CODE_INVALID');
    const code = await totpCode(staff.secret, now());
    expect((await staffCodeStep(t.app, second.challenge, code, headers)).statusCode).toBe(200);
    await t.app.inject({
      method: 'POST',
      url: '/api/console/logout',
      headers: staffHeaders(staff.token, headers),
    });

    const rows = await auditOf(staff.staffId);
    expect(rows.map((row) => row.action)).toEqual([
      'login.password_ok',
      'login.enrolled',
      'login.success',
      'login.fail',
      'login.password_ok',
      'login.fail',
      'login.success',
      'logout',
    ]);
    for (const row of rows) expect(row).toMatchObject({ ip: '127.0.0.1', user_agent: 'AuditTest/1.0' });
    expect(rows[0]!.detail).toEqual({ step: 'enrol' });
    expect(rows[3]!.detail).toEqual({ username: staff.username, reason: 'password' });
    expect(rows[4]!.detail).toEqual({ step: 'totp' });
    expect(rows[5]!.detail).toEqual({ reason: 'code' });
    const written = JSON.stringify(rows);
    for (const secret of [staff.password, 'Wrong-password-123', staff.secret, code, second.challenge]) {
      expect(written).not.toContain(secret);
    }
  });

  it('writes a failure of an unknown username with no one as its author, and not what was typed', async () => {
    // What staff type as a username may be their password in the wrong field.
    const typed = `Pass-${randomStaffUsername()}`;
    const before = await rowsOf<{ id: number }>(
      t.database.db,
      sql`select coalesce(max(id), 0) as id from staff_audit`,
    );
    refusedWith(await login(typed, 'Wrong-password-123'), 401, 'STAFF_LOGIN_FAIL');
    const rows = await rowsOf<{ staff_id: number | null; detail: Record<string, unknown>; ip: string }>(
      t.database.db,
      sql`select staff_id, detail, ip from staff_audit where action = 'login.fail' and id > ${before[0]!.id}`,
    );
    expect(rows).toEqual([{ staff_id: null, detail: { reason: 'unknown' }, ip: '127.0.0.1' }]);
    expect(JSON.stringify(rows)).not.toContain(typed.toLowerCase());
  });
});

describe('staff housekeeping', () => {
  it('deletes spent challenges and ended sessions, and keeps live ones and the audit', async () => {
    const ended = await signIn();
    await staffCall(t.app, ended.token, 'POST', '/api/console/logout');
    const live = await signIn();
    nextStep();
    const open = await staffPasswordStep(t.app, live.username, live.password);
    const before = await auditOf(live.staffId);
    await t.services.housekeeping.runOnce();
    const left = await rowsOf<{ staff_id: number; kind: string }>(
      t.database.db,
      sql`select staff_id, 'session' as kind from staff_sessions where staff_id in (${ended.staffId}, ${live.staffId})
          union all
          select staff_id, 'challenge' from staff_login_challenges where staff_id in (${ended.staffId}, ${live.staffId})
          order by kind`,
    );
    expect(left).toEqual([
      { staff_id: live.staffId, kind: 'challenge' },
      { staff_id: live.staffId, kind: 'session' },
    ]);
    expect(await auditOf(live.staffId)).toEqual(before);
    expect((await me(live.token)).statusCode).toBe(200);
    expect((await staffCodeStep(t.app, open.challenge, await totpCode(live.secret, now()))).statusCode).toBe(
      200,
    );
  });
});
