import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  DepositCreditRequest,
  DepositRefuseRequest,
  DepositReviewDecision,
  DepositReviewParam,
  DepositReviewQuery,
  DepositReviewQueueResponse,
} from '@wallet/contract/http/console-deposits';
import { mayUse } from '@wallet/contract/staff-roles';
import { errorResponses } from '../../platform/errors';
import { staffOf } from '../../platform/staff-auth';
import type { Decided, DecisionAudit, DepositReviewsService } from './deposit-reviews.service';

const errors = errorResponses(400, 401, 403, 404, 409);

/**
 * The console's deposits to review (issue 27 section 3, decision 049). Every staff member may
 * read the queue (numbers masked without `members.personal`); crediting and refusing need
 * `money.approve`. Each decision writes one audit row naming the member, before and after.
 */
export const depositReviewsConsoleRoutes: FastifyPluginAsyncZod<{ reviews: DepositReviewsService }> = async (
  app,
  { reviews },
) => {
  const schema = (summary: string) => ({ tags: ['console'], summary, security: [{ bearer: [] }] });
  /** The decision's audit row, written in its own transaction (it commits with the credit). */
  const auditIn =
    (request: FastifyRequest, action: string): DecisionAudit =>
    (tx, memberId, detail) =>
      app.staffAudit.recordIn(tx, request, action, `member:${memberId}`, detail);
  /** A repeated press changed nothing: written after it, marked as a replay. */
  const auditReplay = async (request: FastifyRequest, action: string, decided: Decided) => {
    if (!decided.replay) return;
    const { decision } = decided;
    await app.staffAudit.record(request, action, `member:${decision.memberId}`, {
      item: decision.id,
      kind: decided.kind,
      after: decision.status,
      replay: true,
    });
  };

  app.get(
    '/api/console/deposits/reviews',
    {
      onRequest: app.requirePermission('members.read'),
      schema: {
        ...schema(
          'Deposits waiting for staff: slips with an unconfirmed sender, QR payments of another amount, ' +
            'gift links stuck redeeming, manual notices; the longest waiting first, with their evidence',
        ),
        querystring: DepositReviewQuery,
        response: { 200: DepositReviewQueueResponse, ...errors },
      },
    },
    async (request) => {
      const whole = mayUse(staffOf(request).role, 'members.personal');
      const page = await reviews.queue(request.query.kind, request.query.page, whole);
      // Members' numbers whole are personal data read: written, as the member screens write it.
      await app.staffAudit.record(request, 'deposit.queue', null, {
        kind: request.query.kind ?? null,
        page: request.query.page,
        personal: whole,
      });
      return page;
    },
  );

  app.post(
    '/api/console/deposits/reviews/:itemId/credit',
    {
      onRequest: app.requirePermission('money.approve'),
      schema: {
        ...schema(
          'Credits a deposit waiting for staff, once, under the ledger key its automatic path would use ' +
            '(of two staff pressing at once one decides, the other gets 409). Idempotent for the decider',
        ),
        params: DepositReviewParam,
        body: DepositCreditRequest,
        response: { 200: DepositReviewDecision, ...errors },
      },
    },
    async (request) => {
      const decided = await reviews.credit(
        request.params.itemId,
        staffOf(request).id,
        request.body.note,
        request.body.amount,
        auditIn(request, 'deposit.credit'),
      );
      await auditReplay(request, 'deposit.credit', decided);
      return decided.decision;
    },
  );

  app.post(
    '/api/console/deposits/reviews/:itemId/refuse',
    {
      onRequest: app.requirePermission('money.approve'),
      schema: {
        ...schema(
          'Refuses a deposit waiting for staff: no money moves; a slip’s member reads that staff refused it. ' +
            'Idempotent for the decider',
        ),
        params: DepositReviewParam,
        body: DepositRefuseRequest,
        response: { 200: DepositReviewDecision, ...errors },
      },
    },
    async (request) => {
      const decided = await reviews.refuse(
        request.params.itemId,
        staffOf(request).id,
        request.body.note,
        auditIn(request, 'deposit.refuse'),
      );
      await auditReplay(request, 'deposit.refuse', decided);
      return decided.decision;
    },
  );
};
