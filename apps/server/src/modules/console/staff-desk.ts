import type { ErrorCode } from '@wallet/contract/errors';
import {
  StaffCreate,
  type StaffCreateRequest,
  type StaffCreateResponse,
  type StaffMember,
} from '@wallet/contract/http/console';
import { mayGiveRole, type StaffRole } from '@wallet/contract/staff-roles';
import type { Database } from '../../platform/db/database';
import { uniqueViolation } from '../../platform/db/unique-violation';
import { AppError } from '../../platform/errors';
import { auditEntry, type StaffClient } from './staff-audit';
import { createStaffDeskRepository, type DeskRow } from './staff-desk.repository';
import { newStaffPassword } from './staff-password';

/** Who asks for a change on the staff screen (a signed-in staff member with staff.manage). */
export interface DeskActor {
  id: number;
  role: StaffRole;
}

export interface StaffDeskOptions {
  db: Database;
  now: () => Date;
  hashPassword: (password: string) => Promise<string>;
  /** Closes the sockets of these ended sessions on every process (decision 038). */
  ended: (tokenHashes: string[]) => Promise<void>;
}

type Change = { kind: 'role'; role: StaffRole } | { kind: 'active'; active: boolean } | { kind: 'totp' };

type Outcome =
  | { ok: true; row: DeskRow; ended: string[] }
  | { ok: false; code: ErrorCode; status: number; role?: StaffRole };

const member = (row: DeskRow): StaffMember => ({
  ...row,
  lastSignInAt: row.lastSignInAt?.toISOString() ?? null,
  createdAt: row.createdAt.toISOString(),
});

const target = (staffId: number) => `staff:${staffId}`;

/**
 * The staff screen (issue 27, decision 047): owners make staff, change roles, switch staff off or
 * on and reset authenticators. No one gives or takes a role with rights they do not hold
 * (`mayGiveRole`); the last active owner can be neither switched off nor demoted. A role change, a
 * switch-off and a reset end the staff member's sessions at once, and close their sockets on every
 * process. Each change is written to the audit, before and after, in its own transaction.
 */
export function createStaffDesk(options: StaffDeskOptions) {
  const { now } = options;
  const repository = createStaffDeskRepository(options.db);

  /** A role the actor may not give (or take): 403, written to the audit as every refusal is. */
  async function forbidden(
    actor: DeskActor,
    client: StaffClient,
    staffId: number | null,
    role: StaffRole,
  ): Promise<never> {
    await repository.audit(
      auditEntry(
        actor.id,
        'forbidden',
        staffId === null ? null : target(staffId),
        { permission: 'staff.manage', reason: 'role', role },
        client,
        now(),
      ),
    );
    throw new AppError('STAFF_FORBIDDEN', 403);
  }

  async function change(actor: DeskActor, staffId: number, wanted: Change, client: StaffClient) {
    const at = now();
    const outcome = await repository.transaction(async (q): Promise<Outcome> => {
      const { ownerIds, target: found } = await q.lock(staffId);
      if (!found) return { ok: false, code: 'NOT_FOUND', status: 404 };
      // Managing someone is giving (or taking) their role: only with every right it carries.
      if (!mayGiveRole(actor.role, found.role))
        return { ok: false, code: 'STAFF_FORBIDDEN', status: 403, role: found.role };
      if (wanted.kind === 'role' && !mayGiveRole(actor.role, wanted.role)) {
        return { ok: false, code: 'STAFF_FORBIDDEN', status: 403, role: wanted.role };
      }
      const before = { role: found.role, active: found.active, totpEnrolled: found.totpSecret !== null };
      const after =
        wanted.kind === 'role'
          ? { ...before, role: wanted.role }
          : wanted.kind === 'active'
            ? { ...before, active: wanted.active }
            : { ...before, totpEnrolled: false };
      const unchanged =
        after.role === before.role &&
        after.active === before.active &&
        after.totpEnrolled === before.totpEnrolled;
      if (unchanged) return { ok: true, row: await q.row(staffId), ended: [] };
      const ownerAfter = after.role === 'owner' && after.active;
      if (
        !ownerAfter &&
        ownerIds.filter((id) => id !== staffId).length === 0 &&
        before.role === 'owner' &&
        before.active
      ) {
        return { ok: false, code: 'STAFF_LAST_OWNER', status: 409 };
      }
      await q.update(
        staffId,
        wanted.kind === 'role'
          ? { role: wanted.role }
          : wanted.kind === 'active'
            ? { active: wanted.active }
            : // The next sign-in enrols a new authenticator, as the first one did.
              { totpSecret: null },
      );
      // Switching on again opens nothing: ended sessions stay ended (decision 024).
      const ended = wanted.kind === 'active' && wanted.active ? [] : await q.revokeSessionsOf(staffId, at);
      const field = wanted.kind === 'totp' ? 'totpEnrolled' : wanted.kind;
      await q.audit(
        auditEntry(
          actor.id,
          wanted.kind === 'totp' ? 'staff.totp_reset' : `staff.${wanted.kind}`,
          target(staffId),
          {
            before: { [field]: before[field] },
            after: { [field]: after[field] },
            sessionsEnded: ended.length,
          },
          client,
          at,
        ),
      );
      return { ok: true, row: await q.row(staffId), ended };
    });
    if (!outcome.ok) {
      if (outcome.code === 'STAFF_FORBIDDEN') return forbidden(actor, client, staffId, outcome.role!);
      throw new AppError(outcome.code, outcome.status);
    }
    // After the commit: the sessions are ended in the database before their sockets are closed.
    if (outcome.ended.length > 0) await options.ended(outcome.ended);
    return member(outcome.row);
  }

  return {
    async list(): Promise<StaffMember[]> {
      return (await repository.list()).map(member);
    },

    /** A new staff member with a password made here, answered once; TOTP is enrolled at their first sign-in. */
    async create(
      actor: DeskActor,
      input: StaffCreateRequest,
      client: StaffClient,
    ): Promise<StaffCreateResponse> {
      const password = newStaffPassword();
      const parsed = StaffCreate.safeParse({ ...input, password });
      if (!parsed.success) throw new AppError('INVALID_INPUT', 400);
      const { username, name, role } = parsed.data;
      if (!mayGiveRole(actor.role, role)) return forbidden(actor, client, null, role);
      const passwordHash = await options.hashPassword(password);
      try {
        const row = await repository.transaction(async (q) => {
          const id = await q.insert({ username, name, role, passwordHash });
          await q.audit(
            auditEntry(
              actor.id,
              'staff.create',
              target(id),
              { after: { username, name, role, active: true, totpEnrolled: false } },
              client,
              now(),
            ),
          );
          return q.row(id);
        });
        return { staff: member(row), password };
      } catch (error) {
        if (uniqueViolation(error) !== null) throw new AppError('EXISTING_USER', 409);
        throw error;
      }
    },

    setRole: (actor: DeskActor, staffId: number, role: StaffRole, client: StaffClient) =>
      change(actor, staffId, { kind: 'role', role }, client),
    setActive: (actor: DeskActor, staffId: number, active: boolean, client: StaffClient) =>
      change(actor, staffId, { kind: 'active', active }, client),
    resetTotp: (actor: DeskActor, staffId: number, client: StaffClient) =>
      change(actor, staffId, { kind: 'totp' }, client),
  };
}

export type StaffDesk = ReturnType<typeof createStaffDesk>;
