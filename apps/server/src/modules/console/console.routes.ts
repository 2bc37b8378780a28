import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Market } from '@wallet/contract/constants';
import { OkResponse } from '@wallet/contract/http/account';
import {
  MemberContextResponse,
  MemberParam,
  StaffLoginRequest,
  StaffLoginResponse,
  StaffProfile,
  StaffSessionResponse,
  StaffTotpRequest,
} from '@wallet/contract/http/console';
import { mayUse } from '@wallet/contract/staff-roles';
import { errorResponses } from '../../platform/errors';
import { requestLocale } from '../../platform/locale';
import {
  clearStaffSessionCookie,
  setStaffSessionCookie,
  staffCsrfToken,
  staffOf,
} from '../../platform/staff-auth';
import type { MemberContextService } from './member-context.service';
import { staffClientOf } from './staff-audit';
import { staffProfile } from './staff-profile';
import type { StaffService } from './staff.service';

export interface ConsoleRoutesOptions {
  staff: StaffService;
  memberContext: MemberContextService;
  market: Market;
}

const errors = errorResponses(400, 401, 403, 404, 429);

/** The operator console's sign-in and the member beside a conversation (staff only). */
export const consoleRoutes: FastifyPluginAsyncZod<ConsoleRoutesOptions> = async (
  app,
  { staff, memberContext, market },
) => {
  const secured = { preHandler: app.requireStaff };
  const schema = (summary: string) => ({ tags: ['console'], summary, security: [{ staffSession: [] }] });

  app.post(
    '/api/console/login',
    {
      schema: {
        tags: ['console'],
        summary: 'Sign-in, step one: username and password; answers the second step',
        body: StaffLoginRequest,
        response: { 200: StaffLoginResponse, ...errors },
      },
    },
    async (request) => staff.login(request.body.username, request.body.password, staffClientOf(request)),
  );

  app.post(
    '/api/console/login/totp',
    {
      schema: {
        tags: ['console'],
        summary:
          'Sign-in, step two: the authenticator code; sets the session cookie (every tab of the ' +
          'browser shares it) and answers the CSRF token that goes with it',
        body: StaffTotpRequest,
        response: { 200: StaffSessionResponse, ...errors },
      },
    },
    async (request, reply) => {
      const signedIn = await staff.verifyCode(
        request.body.challenge,
        request.body.code,
        staffClientOf(request),
      );
      setStaffSessionCookie(reply, signedIn.token, staff.sessionMaxAgeMs);
      return { csrfToken: staffCsrfToken(signedIn.token), staff: signedIn.staff };
    },
  );

  app.post(
    '/api/console/logout',
    { ...secured, schema: { ...schema('Ends the staff session'), response: { 200: OkResponse, ...errors } } },
    async (request, reply) => {
      await staff.logout(staffOf(request).tokenHash);
      await app.staffAudit.record(request, 'logout', null);
      // Every tab's next call finds the session ended; this one's browser forgets the cookie too.
      clearStaffSessionCookie(reply);
      return { ok: true as const };
    },
  );

  app.get(
    '/api/console/me',
    {
      ...secured,
      schema: {
        ...schema('The signed-in staff member, their role and what it lets them do'),
        response: { 200: StaffProfile, ...errors },
      },
    },
    async (request) => staffProfile({ ...staffOf(request) }),
  );

  app.get(
    '/api/console/members/:memberId/context',
    {
      onRequest: app.requirePermission('members.read'),
      schema: {
        ...schema(
          "A member's profile, wallet, latest deposits, withdrawals and slips (phone and bank " +
            'numbers whole with members.personal, else their last 4 digits)',
        ),
        params: MemberParam,
        response: { 200: MemberContextResponse, ...errors },
      },
    },
    async (request) => {
      const { memberId } = request.params;
      const whole = mayUse(staffOf(request).role, 'members.personal');
      const context = await memberContext.of(memberId, requestLocale(request, market), whole);
      // Written once the member is known to exist: a typo views nothing. Whole personal data is
      // written as such (issue 27: opening a member's full data is audited).
      await app.staffAudit.record(request, 'member.context', `member:${memberId}`, { personal: whole });
      return context;
    },
  );
};
