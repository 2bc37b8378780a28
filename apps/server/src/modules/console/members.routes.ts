import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Market } from '@wallet/contract/constants';
import { MemberParam } from '@wallet/contract/http/console';
import {
  MEMBER_SEARCH_PAGE_SIZE,
  MEMBER_STATEMENT_PAGE_SIZE,
  MemberSearchRequest,
  MemberSearchResponse,
  MemberStatementRequest,
  MemberStatementResponse,
  MemberViewResponse,
} from '@wallet/contract/http/console-members';
import { mayUse } from '@wallet/contract/staff-roles';
import { errorResponses } from '../../platform/errors';
import { requestLocale } from '../../platform/locale';
import { staffOf } from '../../platform/staff-auth';
import type { AccountsService } from '../accounts/accounts.service';
import type { StatementService } from '../statement/statement.service';
import type { MemberViewService } from './member-view.service';

export interface MembersRoutesOptions {
  members: MemberViewService;
  accounts: Pick<AccountsService, 'moneyProfile'>;
  statement: Pick<StatementService, 'statement'>;
  market: Market;
}

const errors = errorResponses(400, 401, 403, 404);

/**
 * The console's members (docs/decisions/048): search, the member view, the member's statement.
 * Phone and bank numbers whole with members.personal, else their last 4 digits; every call is
 * written to the audit, with whether numbers were shown whole.
 */
export const membersRoutes: FastifyPluginAsyncZod<MembersRoutesOptions> = async (
  app,
  { members, accounts, statement, market },
) => {
  const schema = (summary: string) => ({ tags: ['console'], summary, security: [{ bearer: [] }] });
  const guarded = { onRequest: app.requirePermission('members.read') };
  const whole = (request: Parameters<typeof staffOf>[0]) => mayUse(staffOf(request).role, 'members.personal');

  app.get(
    '/api/console/members',
    {
      ...guarded,
      schema: {
        ...schema('Members by phone, name, bank account number, member id or invite code, newest first'),
        querystring: MemberSearchRequest,
        response: { 200: MemberSearchResponse, ...errors },
      },
    },
    async (request) => {
      const { q, page } = request.query;
      const personal = whole(request);
      const found = await members.search(q, page, personal);
      // The query is kept: a search by a whole number is how a number is confirmed (decision 048).
      await app.staffAudit.record(request, 'member.search', null, { q, page, personal, total: found.total });
      return { ...found, pageSize: MEMBER_SEARCH_PAGE_SIZE };
    },
  );

  app.get(
    '/api/console/members/:memberId',
    {
      ...guarded,
      schema: {
        ...schema(
          'A member: profile, bank, balances, latest money, grants, inviter and invitees, sessions, chat',
        ),
        params: MemberParam,
        response: { 200: MemberViewResponse, ...errors },
      },
    },
    async (request) => {
      const { memberId } = request.params;
      const personal = whole(request);
      const view = await members.of(memberId, requestLocale(request, market), personal);
      // Written once the member is known to exist: a typo views nothing (as the context route).
      await app.staffAudit.record(request, 'member.view', `member:${memberId}`, { personal });
      return view;
    },
  );

  app.get(
    '/api/console/members/:memberId/statement',
    {
      ...guarded,
      schema: {
        ...schema("A page of a member's statement, newest first, of one type when given"),
        params: MemberParam,
        querystring: MemberStatementRequest,
        response: { 200: MemberStatementResponse, ...errors },
      },
    },
    async (request) => {
      const { memberId } = request.params;
      const { page, type } = request.query;
      // An unknown member is NO_USER, not an empty statement.
      const { currency } = await accounts.moneyProfile(memberId);
      const answer = await statement.statement(
        memberId,
        { page, limit: MEMBER_STATEMENT_PAGE_SIZE, type },
        requestLocale(request, market),
      );
      await app.staffAudit.record(request, 'member.statement', `member:${memberId}`, {
        page,
        type: type ?? null,
      });
      return { ...answer, page, pageSize: MEMBER_STATEMENT_PAGE_SIZE, currency: currency };
    },
  );
};
