import { createHmac, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { STAFF_CSRF_HEADER, STAFF_SESSION_COOKIE } from '@wallet/contract/http/console';
import { mayUse, type Permission, type StaffRole } from '@wallet/contract/staff-roles';
import { cookieValue } from './cookies';
import type { Database } from './db/database';
import { AppError } from './errors';

/**
 * Staff sign-in for the operator console (docs/decisions/024-staff-console-sign-in.md): the
 * console module implements these and app.ts injects them, so platform code never imports a
 * module. Staff sessions live in a table of their own: a member's token is unknown here, and a
 * staff token is unknown to requireMember. The session travels in an HttpOnly cookie scoped to
 * /api/console, with a CSRF token in a header (docs/decisions/047-staff-desk.md).
 */

/** The staff member a session belongs to, as every console route sees them. */
export interface SignedInStaff {
  id: number;
  username: string;
  name: string;
  role: StaffRole;
  tokenHash: string;
}

export interface StaffSession {
  staffId: number;
  username: string;
  name: string;
  role: StaffRole;
  tokenHash: string;
}

/** Finds the staff member of a session; throws AppError('STAFF_SESSION_INVALID', 401). */
export interface StaffAuthenticator {
  /** By the session's token (the cookie). */
  authenticate(token: string): Promise<StaffSession>;
  /** By the token's hash: the socket knows its session by a ticket that names the hash. */
  authenticateHash(tokenHash: string): Promise<StaffSession>;
}

/**
 * Writes one row of the staff audit: who (`request.staff`, or null), the action, what it was
 * done to, and where from (the request's address and user agent). `detail` must never carry a
 * password, a code or a secret.
 */
export interface StaffAuditLog {
  record(
    request: FastifyRequest,
    action: string,
    target: string | null,
    detail?: Record<string, unknown>,
  ): Promise<void>;
  /**
   * The same row written in the caller's transaction `tx`, late in it: the row commits exactly
   * with the change it records (money an approval moved). NOTE: it takes the chain's lock, held
   * until `tx` ends (audit-chain.ts).
   */
  recordIn(
    tx: Pick<Database, 'execute'>,
    request: FastifyRequest,
    action: string,
    target: string | null,
    detail?: Record<string, unknown>,
  ): Promise<void>;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by requireStaff on console routes. */
    staff: SignedInStaff | null;
  }
  interface FastifyInstance {
    /** preHandler of a route any signed-in staff member may use (their own session, sign-out). */
    requireStaff: (request: FastifyRequest) => Promise<void>;
    /**
     * preHandler of every other console route: a signed-in staff member whose role carries
     * `permission`; else 403 STAFF_FORBIDDEN, written to the audit (decision 044).
     */
    requirePermission: (permission: Permission) => (request: FastifyRequest) => Promise<void>;
    staffAuth: StaffAuthenticator;
    staffAudit: StaffAuditLog;
  }
}

/**
 * The session's CSRF token: derived from the session token (so nothing more is stored), one way
 * (it tells nothing of the token). A page of another site can neither read it nor send the cookie
 * (SameSite=Strict); the header is what proves a call comes from the console itself.
 */
export const staffCsrfToken = (token: string): string =>
  createHmac('sha256', token).update('staff-csrf').digest('base64url');

const sameText = (a: string, b: string) => {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
};

/** Sets the session's cookie: every tab of the browser shares it, no script reads it. */
export function setStaffSessionCookie(reply: FastifyReply, token: string, maxAgeMs: number): void {
  reply.header(
    'set-cookie',
    `${STAFF_SESSION_COOKIE}=${token}; Path=/api/console; Max-Age=${Math.floor(maxAgeMs / 1000)}; ` +
      'HttpOnly; Secure; SameSite=Strict',
  );
}

/** Tells the browser to forget the session's cookie (sign-out). */
export function clearStaffSessionCookie(reply: FastifyReply): void {
  reply.header(
    'set-cookie',
    `${STAFF_SESSION_COOKIE}=; Path=/api/console; Max-Age=0; HttpOnly; Secure; SameSite=Strict`,
  );
}

/**
 * The session token of a console call: the cookie, with the CSRF token of that very session in
 * its header. A cookie alone (a form or link of another page) opens nothing.
 */
function sessionToken(request: FastifyRequest): string | null {
  const token = cookieValue(request.headers.cookie, STAFF_SESSION_COOKIE);
  if (!token || !/^[A-Za-z0-9_-]{1,200}$/.test(token)) return null;
  const csrf = request.headers[STAFF_CSRF_HEADER];
  if (typeof csrf !== 'string' || !sameText(csrf, staffCsrfToken(token))) return null;
  return token;
}

/** Decorates the root instance, so every module's routes can ask for a staff member. */
export function registerStaffAuth(
  app: FastifyInstance,
  authenticator: StaffAuthenticator,
  audit: StaffAuditLog,
): void {
  app.decorateRequest('staff', null);
  app.decorate('staffAuth', authenticator);
  app.decorate('staffAudit', audit);
  app.decorate('requireStaff', async (request: FastifyRequest) => {
    const token = sessionToken(request);
    if (!token) throw new AppError('STAFF_SESSION_INVALID', 401);
    const session = await authenticator.authenticate(token);
    request.staff = {
      id: session.staffId,
      username: session.username,
      name: session.name,
      role: session.role,
      tokenHash: session.tokenHash,
    };
  });
  app.decorate('requirePermission', (permission: Permission) => async (request: FastifyRequest) => {
    await app.requireStaff(request);
    if (mayUse(staffOf(request).role, permission)) return;
    await audit.record(request, 'forbidden', null, { permission, route: request.routeOptions.url ?? null });
    throw new AppError('STAFF_FORBIDDEN', 403);
  });
}

/** The signed-in staff member of a route guarded by requireStaff. */
export function staffOf(request: FastifyRequest): SignedInStaff {
  if (!request.staff) throw new AppError('STAFF_SESSION_INVALID', 401);
  return request.staff;
}
