import type { FastifyInstance, FastifyRequest } from 'fastify';
import { mayUse, type Permission, type StaffRole } from '@wallet/contract/staff-roles';
import type { Database } from './db/database';
import { AppError } from './errors';

/**
 * Staff sign-in for the operator console (docs/decisions/024-staff-console-sign-in.md): the
 * console module implements these and app.ts injects them, so platform code never imports a
 * module. Staff sessions live in a table of their own: a member's token is unknown here, and a
 * staff token is unknown to requireMember.
 */

/** The staff member a session belongs to, as every console route sees them. */
export interface SignedInStaff {
  id: number;
  username: string;
  name: string;
  role: StaffRole;
  tokenHash: string;
}

/** Turns a bearer token into the staff member it belongs to; throws AppError('STAFF_SESSION_INVALID', 401). */
export interface StaffAuthenticator {
  authenticate(
    token: string,
  ): Promise<{ staffId: number; username: string; name: string; role: StaffRole; tokenHash: string }>;
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

/** The same header as members' (platform/auth.ts); the token's table tells them apart. */
function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const match = /^Bearer ([A-Za-z0-9_-]{1,200})$/.exec(header.trim());
  return match ? match[1]! : null;
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
    const token = bearerToken(request);
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
