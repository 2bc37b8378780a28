import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { generate } from 'otplib';
import { expect } from 'vitest';
import {
  STAFF_CSRF_HEADER,
  STAFF_SESSION_COOKIE,
  type StaffLoginResponse,
  type StaffSessionResponse,
  type StaffSocketTicket,
} from '@wallet/contract/http/console';
import { staffCsrfToken } from '../src/platform/staff-auth';
import { memberHeaders, type TestApp } from './test-app';
import type { StaffRole } from '@wallet/contract/staff-roles';

/** A password that passes the staff rule (12+ characters). */
export const STAFF_PASSWORD = 'Console-test-password-42';

/** A username no other test uses. */
export const randomStaffUsername = (): string => `staff-${randomBytes(5).toString('hex')}`;

/** The code an authenticator app shows for `secret` at `at` (TOTP, 30 s steps, 6 digits). */
export const totpCode = (secret: string, at: Date = new Date()): Promise<string> =>
  generate({ secret, epoch: Math.floor(at.getTime() / 1000) });

/**
 * Headers of a console call, as a tab of the console sends them: the client header, the session
 * cookie and the session's CSRF token (decision 047).
 */
export const staffHeaders = (token: string, extra: Record<string, string> = {}): Record<string, string> =>
  memberHeaders({
    cookie: `${STAFF_SESSION_COOKIE}=${token}`,
    [STAFF_CSRF_HEADER]: staffCsrfToken(token),
    ...extra,
  });

/** The session token in a sign-in's Set-Cookie header (what the browser keeps). */
export function sessionCookieOf(setCookie: string | string[] | undefined): string {
  for (const cookie of [setCookie ?? []].flat()) {
    const match = new RegExp(`^${STAFF_SESSION_COOKIE}=([A-Za-z0-9_-]+);`).exec(cookie);
    if (match) return match[1]!;
  }
  throw new Error(`no staff session cookie in ${String(setCookie)}`);
}

/** The staff socket's handshake `auth`: a ticket asked for with the session (decision 047). */
export async function staffSocketAuth(app: FastifyInstance, token: string): Promise<{ staffTicket: string }> {
  const response = await staffCall(app, token, 'POST', '/api/console/chat/socket-ticket');
  expect(response.statusCode, response.body).toBe(200);
  return { staffTicket: response.json<StaffSocketTicket>().ticket };
}

/** A call of the console's API with the staff token. */
export const staffCall = (
  app: FastifyInstance,
  token: string,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  payload?: object,
) => app.inject({ method, url, headers: staffHeaders(token), ...(payload ? { payload } : {}) });

export interface StaffSignInOptions {
  username?: string;
  name?: string;
  password?: string;
  /** The app's clock when the test gave it one (createTestApp's `clock`): the code is made for it. */
  now?: () => Date;
  /** Headers of the sign-in calls (e.g. a user agent). */
  headers?: Record<string, string>;
  /** The staff member's role (support unless given). */
  role?: StaffRole;
}

export interface SignedInStaff {
  /** The session's token, as its cookie carries it (staffHeaders sends it with its CSRF token). */
  token: string;
  staffId: number;
  username: string;
  password: string;
  /** The TOTP secret enrolled at this first sign-in: make the next codes with totpCode(secret, at). */
  secret: string;
}

/** Step one of the sign-in through the API (expects 200). */
export async function staffPasswordStep(
  app: FastifyInstance,
  username: string,
  password: string,
  headers: Record<string, string> = {},
): Promise<StaffLoginResponse> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/console/login',
    payload: { username, password },
    headers: memberHeaders(headers),
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<StaffLoginResponse>();
}

/** Step two through the API; answers the raw response (the test checks its status). */
export const staffCodeStep = (
  app: FastifyInstance,
  challenge: string,
  code: string,
  headers: Record<string, string> = {},
) =>
  app.inject({
    method: 'POST',
    url: '/api/console/login/totp',
    payload: { challenge, code },
    headers: memberHeaders(headers),
  });

/**
 * Creates a staff member (a fresh username unless given) and signs them in through the API: the
 * password, then the enrolment of a new authenticator with its first code. Answers the session's
 * token and the staff member's id (and what a later sign-in needs).
 */
export async function createStaffAndSignIn(
  test: Pick<TestApp, 'app' | 'services'>,
  opts: StaffSignInOptions = {},
): Promise<SignedInStaff> {
  const { app } = test;
  const username = opts.username ?? randomStaffUsername();
  const password = opts.password ?? STAFF_PASSWORD;
  const created = await test.services.staff.create({
    username,
    name: opts.name ?? 'Test Staff',
    password,
    role: opts.role,
  });
  const first = await staffPasswordStep(app, created.username, password, opts.headers);
  if (first.step !== 'enrol') throw new Error(`a new staff member enrols first, not ${first.step}`);
  const code = await totpCode(first.secret, opts.now?.() ?? new Date());
  const response = await staffCodeStep(app, first.challenge, code, opts.headers);
  expect(response.statusCode, response.body).toBe(200);
  const session = response.json<StaffSessionResponse>();
  return {
    token: sessionCookieOf(response.headers['set-cookie']),
    staffId: session.staff.id,
    username: created.username,
    password,
    secret: first.secret,
  };
}

/**
 * Switches a staff member off (or on) through the staff screen's service, as an owner would; the
 * actor named is the staff member themselves (the audit needs a staff id).
 */
export const setStaffActive = (test: Pick<TestApp, 'services'>, staffId: number, active: boolean) =>
  test.services.staff.desk.setActive({ id: staffId, role: 'owner' }, staffId, active, {
    ip: '127.0.0.1',
    userAgent: 'test',
  });
