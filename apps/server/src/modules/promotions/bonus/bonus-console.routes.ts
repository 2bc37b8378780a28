import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { MemberParam } from '@wallet/contract/http/console';
import {
  ConsoleBonusEnded,
  ConsoleBonusResponse,
  MemberStatusChange,
} from '@wallet/contract/http/console-member-actions';
import type { Market } from '@wallet/contract/constants';
import { AppError, errorResponses } from '../../../platform/errors';
import { requestLocale } from '../../../platform/locale';
import type { PromotionsService } from './promotions.service';

const errors = errorResponses(400, 401, 403, 404);

/**
 * A member's running bonus as staff see it, and its end by staff (issue 27, section 5): the
 * engine's cancel, as the member's own, so a met turnover completes instead and the forfeit shown
 * before confirming is what is taken (decision 019).
 */
export const bonusConsoleRoutes: FastifyPluginAsyncZod<{
  promotions: PromotionsService;
  market: Market;
}> = async (app, { promotions, market }) => {
  const schema = (summary: string) => ({
    tags: ['console'],
    summary,
    security: [{ bearer: [] }],
    params: MemberParam,
  });

  app.get(
    '/api/console/members/:memberId/bonus',
    {
      onRequest: app.requirePermission('members.read'),
      schema: {
        ...schema("A member's running bonus with its turnover and what ending it now would take back"),
        response: { 200: ConsoleBonusResponse, ...errors },
      },
    },
    async (request) => ({
      progress: await promotions.progress(request.params.memberId, requestLocale(request, market)),
    }),
  );

  app.post(
    '/api/console/members/:memberId/bonus/end',
    {
      onRequest: app.requirePermission('members.manage'),
      schema: {
        ...schema("Ends a member's running bonus (its forfeit taken back, as the member's own cancel)"),
        body: MemberStatusChange,
        response: { 200: ConsoleBonusEnded, ...errors },
      },
    },
    async (request) => {
      const { memberId } = request.params;
      const before = await promotions.progress(memberId, requestLocale(request, market));
      if (!before) throw new AppError('NO_DATA', 404);
      const { forfeited } = await promotions.clear(memberId);
      await app.staffAudit.record(request, 'member.bonus.end', `member:${memberId}`, {
        before: { bonus: before.bonus, forfeitNow: before.forfeitNow },
        after: 'ended',
        forfeited,
        reason: request.body.reason,
      });
      return { forfeited };
    },
  );
};
