import type { FastifyRequest } from 'fastify';
import type { Database } from '../../platform/db/database';
import type { StaffAuditLog } from '../../platform/staff-auth';
import type { AuditEntry } from './audit-chain';

/** Where a staff request came from, as sessions and the audit keep it. */
export interface StaffClient {
  ip: string;
  userAgent: string;
}

/** A user agent is the client's to choose: keep enough to recognise it, not whatever was sent. */
const USER_AGENT_MAX = 512;

export const staffClientOf = (request: FastifyRequest): StaffClient => ({
  ip: request.ip,
  userAgent: (request.headers['user-agent'] ?? '').slice(0, USER_AGENT_MAX),
});

/** One audit row. NOTE: `detail` must never carry a password, a code or a secret. */
export const auditEntry = (
  staffId: number | null,
  action: string,
  target: string | null,
  detail: Record<string, unknown>,
  client: StaffClient,
  at: Date,
): AuditEntry => ({ staffId, action, target, detail, ip: client.ip, userAgent: client.userAgent, at });

export interface StaffAudit extends StaffAuditLog {
  /** A row for someone not (yet) on the request: a sign-in names its staff member itself. */
  write(
    staffId: number | null,
    action: string,
    target: string | null,
    detail: Record<string, unknown>,
    client: StaffClient,
  ): Promise<void>;
}

/**
 * The staff audit (staff_audit): who did what, to what, when and from where. Append-only and
 * hash-chained (audit-chain.ts): the database refuses changes, audit:verify finds them.
 */
export function createStaffAudit(options: {
  insert: (entry: AuditEntry) => Promise<void>;
  /** Appends in the caller's transaction (appendAudit). */
  insertIn: (tx: Pick<Database, 'execute'>, entry: AuditEntry) => Promise<void>;
  now: () => Date;
}): StaffAudit {
  const write: StaffAudit['write'] = (staffId, action, target, detail, client) =>
    options.insert(auditEntry(staffId, action, target, detail, client, options.now()));
  return {
    write,
    record: (request, action, target, detail = {}) =>
      write(request.staff?.id ?? null, action, target, detail, staffClientOf(request)),
    recordIn: (tx, request, action, target, detail = {}) =>
      options.insertIn(
        tx,
        auditEntry(request.staff?.id ?? null, action, target, detail, staffClientOf(request), options.now()),
      ),
  };
}
