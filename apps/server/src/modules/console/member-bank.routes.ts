import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { MemberParam } from '@wallet/contract/http/console';
import { MemberBankChange, MemberBankResponse } from '@wallet/contract/http/console-member-actions';
import type { Currency } from '@wallet/contract/money';
import { errorResponses } from '../../platform/errors';
import { staffOf } from '../../platform/staff-auth';
import type { AccountsService } from '../accounts/accounts.service';
import { staffClientOf } from './staff-audit';

/**
 * Staff change a member's registered bank account (issue 27, section 5; spec section 6: members
 * ask the operator for it). `members.manage` and `members.personal` both: the old and new numbers
 * are read and written whole, and the audit keeps them before and after, each with the account's
 * currency (at a Lao bank staff choose kip or baht, as a member does at registration; decision 069).
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
      const { before, after } = await accounts.changeBankByStaff(
        memberId,
        { bankCode, accountNo: bankAccountNo, accountName: bankAccountName, currency },
        { id: staffOf(request).id, ...staffClientOf(request) },
      );
      // The currency as recorded on both sides (decision 078): a change of currency alone shows.
      await app.staffAudit.record(request, 'member.bank', `member:${memberId}`, { before, after, reason });
      return { ...after, currency: after.currency as Currency };
    },
  );
};
