import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ActivateResponse,
  ActiveCheckResponse,
  BonusListResponse,
  BonusProgressResponse,
  ClaimableOffersResponse,
  ClearResponse,
  MinimumCheckResponse,
  OfferCodeParams,
  PromotionResponse,
} from '@wallet/contract/http/bonus';
import { z } from 'zod';
import type { Market } from '@wallet/contract/constants';
import { memberOf } from '../../../platform/auth';
import { AppError, errorResponses } from '../../../platform/errors';
import { requestLocale } from '../../../platform/locale';
import type { RateLimiter } from '../../../platform/rate-limit';
import type { PromotionsService } from './promotions.service';

export interface PromotionsRoutesOptions {
  promotions: PromotionsService;
  market: Market;
  limiter: RateLimiter;
  /**
   * Throws while a time-out or self-exclusion runs (limits.guard.ts refuses every claim then):
   * none is claimable, and no bonus is offered to a member who asked to be kept from play.
   */
  assertNotBlocked: (memberId: number) => Promise<void>;
}

const refusals = errorResponses(400, 401, 404, 409, 429, 503);

/** Promotion codes a member may try in a minute: enough for typos, too few to guess codes. */
const CODE_TRIES_PER_MINUTE = 10;

/** Bonus and Promotion (spec section 7), and GET /api/bonus/progress (ours). */
export const promotionsRoutes: FastifyPluginAsyncZod<PromotionsRoutesOptions> = async (
  app,
  { promotions, market, limiter, assertNotBlocked },
) => {
  const security = [{ bearer: [] }];
  const schema = <T>(summary: string, response: T) => ({
    tags: ['bonus'],
    summary,
    security,
    response: { 200: response, ...refusals },
  });
  const withCode = <T>(summary: string, response: T) => ({
    ...schema(summary, response),
    params: OfferCodeParams,
  });
  // Finding answers "nothing" for any text, so its path takes any code a member could type.
  const withAnyCode = <T>(summary: string, response: T) => ({
    ...schema(summary, response),
    params: z.object({ code: z.string().max(200) }),
  });
  const guessGuard = async (memberId: number) => {
    if (!(await limiter.hit(`promotion-code:${memberId}`, CODE_TRIES_PER_MINUTE, 60_000)))
      throw new AppError('REQUEST_LIMIT_1MIN', 429);
  };

  app.get(
    '/api/bonus',
    {
      preHandler: app.requireMember,
      schema: schema('The bonus offers, each with the member’s record', BonusListResponse),
    },
    async (request) => promotions.list(memberOf(request).id, requestLocale(request, market)),
  );

  app.get(
    '/api/bonus/claimable',
    {
      preHandler: app.requireMember,
      schema: schema(
        'The bonus offers the member’s latest deposit would get if claimed now',
        ClaimableOffersResponse,
      ),
    },
    async (request) => {
      const memberId = memberOf(request).id;
      const answer = await promotions.claimable(memberId, requestLocale(request, market));
      const blocked = await assertNotBlocked(memberId).then(
        () => false,
        (error: unknown) => {
          if (error instanceof AppError) return true;
          throw error;
        },
      );
      return blocked ? { ...answer, offers: [] } : answer;
    },
  );

  app.get(
    '/api/bonus/activate/:code',
    {
      preHandler: app.requireMember,
      schema: withCode('Claims a bonus on the member’s latest deposit', ActivateResponse),
    },
    async (request) => promotions.activate(memberOf(request).id, request.params.code, 'bonus'),
  );

  app.get(
    '/api/bonus/check/active',
    {
      preHandler: app.requireMember,
      schema: schema('Whether a bonus or promotion runs (brought up to date first)', ActiveCheckResponse),
    },
    async (request) => promotions.checkActive(memberOf(request).id, requestLocale(request, market)),
  );

  app.get(
    '/api/bonus/check/minimum',
    {
      preHandler: app.requireMember,
      schema: schema('Whether the member’s total is under the running grant’s floor', MinimumCheckResponse),
    },
    async (request) => promotions.checkMinimum(memberOf(request).id),
  );

  app.get(
    '/api/bonus/clear',
    {
      preHandler: app.requireMember,
      schema: schema(
        'Cancels the running bonus or promotion (percentFail of the bonus is taken back)',
        ClearResponse,
      ),
    },
    async (request) => promotions.clear(memberOf(request).id),
  );

  app.get(
    '/api/bonus/progress',
    {
      preHandler: app.requireMember,
      schema: schema(
        'The running grant’s turnover, floor, cap, expiry and what cancelling takes',
        BonusProgressResponse,
      ),
    },
    async (request) => ({
      progress: await promotions.progress(memberOf(request).id, requestLocale(request, market)),
    }),
  );

  app.get(
    '/api/promotion/current',
    { preHandler: app.requireMember, schema: schema('The running promotion, if any', PromotionResponse) },
    async (request) => ({
      promotion: await promotions.currentPromotion(memberOf(request).id, requestLocale(request, market)),
    }),
  );

  app.get(
    '/api/promotion/find/:code',
    {
      preHandler: app.requireMember,
      schema: withAnyCode('A promotion by its code, or nothing', PromotionResponse),
    },
    async (request) => {
      await guessGuard(memberOf(request).id);
      return {
        promotion: await promotions.findPromotion(
          memberOf(request).id,
          request.params.code,
          requestLocale(request, market),
        ),
      };
    },
  );

  app.get(
    '/api/promotion/activate/:code',
    {
      preHandler: app.requireMember,
      schema: withCode('Claims a promotion by its code', ActivateResponse),
    },
    async (request) => {
      const memberId = memberOf(request).id;
      await guessGuard(memberId);
      return promotions.activate(memberId, request.params.code, 'promotion');
    },
  );
};
