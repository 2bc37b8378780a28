import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { OkResponse } from '@wallet/contract/http/account';
import {
  WithdrawalApproveRequest,
  WithdrawalParam,
  WithdrawalQueueQuery,
  WithdrawalQueueResponse,
  WithdrawalRejectRequest,
  WithdrawalReviewItem,
  WithdrawalRules,
} from '@wallet/contract/http/console-withdrawals';
import { mayUse } from '@wallet/contract/staff-roles';
import { errorResponses } from '../../platform/errors';
import { staffOf } from '../../platform/staff-auth';
import type { AuditStep, WithdrawalReviewService } from './withdrawal-review.service';

export interface WithdrawalsConsoleRoutesOptions {
  reviews: WithdrawalReviewService;
  rules: {
    read: () => Promise<WithdrawalRules>;
    write: (rules: WithdrawalRules) => Promise<void>;
  };
}

const errors = errorResponses(400, 401, 403, 404, 409);

/**
 * The console's withdrawal desk (issue 27, decision 045). Every staff member may read the queue;
 * claiming, approving and rejecting need `money.approve`; the rules need `settings.manage` to
 * change. Each action writes one audit row naming the member, so the audit's member filter finds it.
 */
export const withdrawalsConsoleRoutes: FastifyPluginAsyncZod<WithdrawalsConsoleRoutesOptions> = async (
  app,
  { reviews, rules },
) => {
  const schema = (summary: string) => ({ tags: ['console'], summary, security: [{ bearer: [] }] });
  const whole = (request: Parameters<typeof staffOf>[0]) => mayUse(staffOf(request).role, 'members.personal');
  const target = (item: WithdrawalReviewItem) => `member:${item.member.id}`;
  /** A decision's audit row, written in the decision's own transaction (it commits with it). */
  const auditIn =
    (request: FastifyRequest, action: string, extra: Record<string, unknown>): AuditStep =>
    (tx, row, before, after) =>
      app.staffAudit.recordIn(tx, request, action, `member:${row.memberId}`, {
        withdrawal: row.holdKey,
        amount: Number(row.amount),
        before,
        after,
        ...extra,
      });

  app.get(
    '/api/console/withdrawals',
    {
      onRequest: app.requirePermission('members.read'),
      schema: {
        ...schema('Withdrawals by review state: those held for staff first, oldest on top'),
        querystring: WithdrawalQueueQuery,
        response: { 200: WithdrawalQueueResponse, ...errors },
      },
    },
    async (request) => {
      const page = await reviews.queue(request.query.status, request.query.page, whole(request));
      // Members' numbers whole are personal data read: written, as the member screens write it.
      await app.staffAudit.record(request, 'withdrawal.queue', null, {
        status: request.query.status,
        page: request.query.page,
        personal: whole(request),
      });
      return page;
    },
  );

  app.post(
    '/api/console/withdrawals/:withdrawalId/claim',
    {
      onRequest: app.requirePermission('money.approve'),
      schema: {
        ...schema("Claims a held withdrawal for a few minutes, shown to colleagues (renews one's own)"),
        params: WithdrawalParam,
        response: { 200: WithdrawalReviewItem, ...errors },
      },
    },
    async (request) => {
      const item = await reviews.claim(request.params.withdrawalId, staffOf(request).id, whole(request));
      await app.staffAudit.record(request, 'withdrawal.claim', target(item), {
        withdrawal: item.id,
        until: item.claim?.until ?? null,
      });
      return item;
    },
  );

  app.delete(
    '/api/console/withdrawals/:withdrawalId/claim',
    {
      onRequest: app.requirePermission('money.approve'),
      schema: {
        ...schema("Gives back one's claim on a withdrawal"),
        params: WithdrawalParam,
        response: { 200: OkResponse, ...errors },
      },
    },
    async (request) => {
      const { withdrawalId } = request.params;
      const memberId = await reviews.release(withdrawalId, staffOf(request).id);
      // A staff action like any other (issue 27: every action audited); a release of nothing is none.
      if (memberId !== null)
        await app.staffAudit.record(request, 'withdrawal.release', `member:${memberId}`, {
          withdrawal: withdrawalId,
          before: 'claimed',
          after: null,
        });
      return { ok: true as const };
    },
  );

  app.post(
    '/api/console/withdrawals/:withdrawalId/approve',
    {
      onRequest: app.requirePermission('money.approve'),
      schema: {
        ...schema(
          'Approves a held withdrawal (over secondApprovalOver: the first of two approvals by different ' +
            'staff); once approved it is paid. Idempotent; of two staff pressing at once exactly one decides',
        ),
        params: WithdrawalParam,
        body: WithdrawalApproveRequest,
        response: { 200: WithdrawalReviewItem, ...errors },
      },
    },
    async (request) => {
      const { item } = await reviews.approve(
        request.params.withdrawalId,
        staffOf(request).id,
        whole(request),
        auditIn(request, 'withdrawal.approve', { note: request.body.note ?? null }),
      );
      return item;
    },
  );

  app.post(
    '/api/console/withdrawals/:withdrawalId/reject',
    {
      onRequest: app.requirePermission('money.approve'),
      schema: {
        ...schema(
          'Rejects a held withdrawal: the money returns to the wallet, and the member reads the reason, ' +
            'translated, in the statement. Idempotent',
        ),
        params: WithdrawalParam,
        body: WithdrawalRejectRequest,
        response: { 200: WithdrawalReviewItem, ...errors },
      },
    },
    async (request) => {
      const { reason, note } = request.body;
      const { item } = await reviews.reject(
        request.params.withdrawalId,
        staffOf(request).id,
        reason,
        note || null,
        whole(request),
        auditIn(request, 'withdrawal.reject', { reason, note: note || null }),
      );
      return item;
    },
  );

  app.get(
    '/api/console/settings/withdrawals',
    {
      onRequest: app.requirePermission('money.approve'),
      schema: {
        ...schema('The rules that hold withdrawals for staff'),
        response: { 200: WithdrawalRules, ...errors },
      },
    },
    async () => rules.read(),
  );

  app.put(
    '/api/console/settings/withdrawals',
    {
      onRequest: app.requirePermission('settings.manage'),
      schema: {
        ...schema('Changes the rules that hold withdrawals for staff (amounts in minor units)'),
        body: WithdrawalRules,
        response: { 200: WithdrawalRules, ...errors },
      },
    },
    async (request) => {
      const before = await rules.read();
      await rules.write(request.body);
      await app.staffAudit.record(request, 'settings.withdrawals', 'settings:withdrawals', {
        before,
        after: request.body,
      });
      return request.body;
    },
  );
};
