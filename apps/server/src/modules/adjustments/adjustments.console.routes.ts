import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AdjustmentAnswer,
  AdjustmentCreateRequest,
  AdjustmentListRequest,
  AdjustmentListResponse,
  AdjustmentParam,
  AdjustmentRejectRequest,
  AdjustmentSettings,
} from '@wallet/contract/http/adjustment';
import { IDEMPOTENCY_HEADER, IdempotencyKey } from '@wallet/contract/http/wallet';
import { mayUse } from '@wallet/contract/staff-roles';
import { AppError, errorResponses } from '../../platform/errors';
import { staffOf } from '../../platform/staff-auth';
import type { Actor, AdjustmentsService } from './adjustments.service';

const refusals = errorResponses(400, 401, 403, 404, 409);

/**
 * The console's balance adjustments (decision 046): money.adjust to ask, list, approve and
 * reject; settings.manage to change the threshold. Every action's audit row is written in the
 * action's own transaction, so it commits exactly with the change it records.
 */
export const adjustmentsConsoleRoutes: FastifyPluginAsyncZod<{ adjustments: AdjustmentsService }> = async (
  app,
  { adjustments },
) => {
  const schema = (summary: string) => ({ tags: ['console'], summary, security: [{ bearer: [] }] });
  const base = '/api/console/adjustments';
  const actorOf = (request: FastifyRequest): Actor => ({
    staffId: staffOf(request).id,
    audit: (tx, action, target, detail) => app.staffAudit.recordIn(tx, request, action, target, detail),
  });

  app.post(
    base,
    {
      onRequest: app.requirePermission('money.adjust'),
      schema: {
        ...schema(
          'Asks for money into (+) or out of (-) a member’s wallet, once per Idempotency-Key: ' +
            'applied at once up to adjustmentApprovalOver, else awaiting a second staff member',
        ),
        body: AdjustmentCreateRequest,
        response: { 200: AdjustmentAnswer, ...refusals },
      },
    },
    async (request) => {
      const key = IdempotencyKey.safeParse(request.headers[IDEMPOTENCY_HEADER]);
      if (!key.success) throw new AppError('IDEMPOTENCY_KEY_MISSING', 400);
      return adjustments.create(request.body, key.data, actorOf(request));
    },
  );

  app.get(
    base,
    {
      onRequest: app.requirePermission('money.adjust'),
      schema: {
        ...schema(
          'Adjustments of a status, a page at a time (waiting ones oldest first); members’ phones ' +
            'whole with members.personal, else their last 4 digits',
        ),
        querystring: AdjustmentListRequest,
        response: { 200: AdjustmentListResponse, ...refusals },
      },
    },
    async (request) => {
      const whole = mayUse(staffOf(request).role, 'members.personal');
      const page = await adjustments.list(request.query, whole);
      await app.staffAudit.record(request, 'adjustment.list', null, {
        status: request.query.status,
        page: request.query.page,
        personal: whole,
      });
      return page;
    },
  );

  app.post(
    `${base}/:id/approve`,
    {
      onRequest: app.requirePermission('money.adjust'),
      schema: {
        ...schema(
          'Approves a waiting adjustment and moves its money, once however often pressed; never ' +
            'the maker’s own (403 STAFF_SAME_PERSON)',
        ),
        params: AdjustmentParam,
        response: { 200: AdjustmentAnswer, ...refusals },
      },
    },
    async (request) => adjustments.approve(request.params.id, actorOf(request)),
  );

  app.post(
    `${base}/:id/reject`,
    {
      onRequest: app.requirePermission('money.adjust'),
      schema: {
        ...schema('Rejects a waiting adjustment with a reason; no money moves'),
        params: AdjustmentParam,
        body: AdjustmentRejectRequest,
        response: { 200: AdjustmentAnswer, ...refusals },
      },
    },
    async (request) => adjustments.reject(request.params.id, request.body.reason, actorOf(request)),
  );

  app.get(
    '/api/console/settings/adjustments',
    {
      onRequest: app.requirePermission('settings.manage'),
      schema: {
        ...schema(
          'The adjustment threshold: above approvalOver (minor units) a second staff member approves',
        ),
        response: { 200: AdjustmentSettings, ...refusals },
      },
    },
    async () => adjustments.settings(),
  );

  app.put(
    '/api/console/settings/adjustments',
    {
      onRequest: app.requirePermission('settings.manage'),
      schema: {
        ...schema('Changes the adjustment threshold (audited before → after)'),
        body: AdjustmentSettings,
        response: { 200: AdjustmentSettings, ...refusals },
      },
    },
    async (request) => adjustments.setSettings(request.body, actorOf(request)),
  );
};
