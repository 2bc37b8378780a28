import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  StaffActiveRequest,
  StaffCreateRequest,
  StaffCreateResponse,
  StaffListResponse,
  StaffMemberResponse,
  StaffParam,
  StaffRoleRequest,
} from '@wallet/contract/http/console';
import { errorResponses } from '../../platform/errors';
import { staffOf } from '../../platform/staff-auth';
import { staffClientOf } from './staff-audit';
import type { StaffDesk } from './staff-desk';

const errors = errorResponses(400, 401, 403, 404, 409);

/**
 * The staff screen's calls (decision 047): owners only (`staff.manage`), each change audited with
 * before and after in its own transaction (staff-desk.ts); never a password or a secret in the audit.
 */
export const staffDeskRoutes: FastifyPluginAsyncZod<{ desk: StaffDesk }> = async (app, { desk }) => {
  const onRequest = app.requirePermission('staff.manage');
  const schema = (summary: string) => ({ tags: ['console'], summary, security: [{ staffSession: [] }] });
  const base = '/api/console/staff';
  const actorOf = (request: Parameters<typeof staffOf>[0]) => {
    const staff = staffOf(request);
    return { id: staff.id, role: staff.role };
  };

  app.get(
    base,
    {
      onRequest,
      schema: {
        ...schema('Every staff member: role, switched on or off, authenticator enrolled, last sign-in'),
        response: { 200: StaffListResponse, ...errors },
      },
    },
    async (request) => {
      const staff = await desk.list();
      await app.staffAudit.record(request, 'staff.list', null, { count: staff.length });
      return { staff };
    },
  );

  app.post(
    base,
    {
      onRequest,
      schema: {
        ...schema('Makes a staff member with a role the caller may give; answers the password once'),
        body: StaffCreateRequest,
        response: { 200: StaffCreateResponse, ...errors },
      },
    },
    async (request) => desk.create(actorOf(request), request.body, staffClientOf(request)),
  );

  app.put(
    `${base}/:staffId/role`,
    {
      onRequest,
      schema: {
        ...schema('Gives a staff member another role (one the caller may give); ends their sessions'),
        params: StaffParam,
        body: StaffRoleRequest,
        response: { 200: StaffMemberResponse, ...errors },
      },
    },
    async (request) => ({
      staff: await desk.setRole(
        actorOf(request),
        request.params.staffId,
        request.body.role,
        staffClientOf(request),
      ),
    }),
  );

  app.put(
    `${base}/:staffId/active`,
    {
      onRequest,
      schema: {
        ...schema('Switches a staff member off (their sessions end at once) or on again'),
        params: StaffParam,
        body: StaffActiveRequest,
        response: { 200: StaffMemberResponse, ...errors },
      },
    },
    async (request) => ({
      staff: await desk.setActive(
        actorOf(request),
        request.params.staffId,
        request.body.active,
        staffClientOf(request),
      ),
    }),
  );

  app.post(
    `${base}/:staffId/totp-reset`,
    {
      onRequest,
      schema: {
        ...schema(
          'Forgets a staff member’s authenticator: their next sign-in enrols a new one; ends their sessions',
        ),
        params: StaffParam,
        response: { 200: StaffMemberResponse, ...errors },
      },
    },
    async (request) => ({
      staff: await desk.resetTotp(actorOf(request), request.params.staffId, staffClientOf(request)),
    }),
  );
};
