import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { MemberParam } from '@wallet/contract/http/console';
import { MemberBankChange, MemberBankResponse } from '@wallet/contract/http/console-member-actions';
import { errorResponses } from '../../platform/errors';
import { staffOf } from '../../platform/staff-auth';
import type { AccountsService } from '../accounts/accounts.service';
import { staffClientOf } from './staff-audit';

/**
 * Staff change a member's registered bank account (issue 27, section 5; spec section 6: members
 * ask the operator for it). `members.manage` and `members.personal` both: the old and new numbers
 * are read and written whole, and the audit keeps them before and after.
 */
export const memberBankRoutes: FastifyPluginAsyncZod<{
  accounts: Pick<AccountsService, 'changeBankByStaff'>;
}> = async (app, { accounts }) => {
  app.put(
    '/api/console/members/:memberId/bank',
    {
      onRequest: [app.requirePermission('members.manage'), app.requirePermission('members.personal')],
      schema: {
        tags: ['console'],
        summary: "Replaces a member's registered bank account (old and new values in the audit)",
        security: [{ bearer: [] }],
        params: MemberParam,
        body: MemberBankChange,
        response: { 200: MemberBankResponse, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const { memberId } = request.params;
      const { bankCode, bankAccountNo, bankAccountName, currency, reason } = request.body;
      const after = { bankCode, accountNo: bankAccountNo, accountName: bankAccountName };
      const client = staffClientOf(request);
      const before = await accounts.changeBankByStaff(
        memberId,
        { ...after, currency },
        {
          id: staffOf(request).id,
          ...client,
        },
      );
      await app.staffAudit.record(request, 'member.bank', `member:${memberId}`, { before, after, reason });
      return after;
    },
  );
};
