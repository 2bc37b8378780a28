import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Market } from '@wallet/contract/constants';
import { ErrorResponse, type ErrorCode } from '@wallet/contract/errors';
import {
  CouponClaimRequest,
  CouponClaimResponse,
  SpinActiveResponse,
  SpinCouponsRequest,
  SpinCouponsResponse,
  SpinRefusal,
  SpinResponse,
  SpinSetupResponse,
} from '@wallet/contract/http/spinwheel';
import { memberOf } from '../../platform/auth';
import { AppError, errorResponses } from '../../platform/errors';
import type { Idempotent } from '../../platform/idempotency/idempotency';
import { requestLocale } from '../../platform/locale';
import type { SpinwheelService } from './spinwheel.service';

export interface SpinwheelRoutesOptions {
  spinwheel: SpinwheelService;
  idempotent: Idempotent;
  market: Market;
}

/** A spin's or claim's refusal is `{success: false, error}` (spec section 7); other failures `{message}`. */
const refusal = z.union([SpinRefusal, ErrorResponse]);
const refusals = errorResponses(refusal, 400, 401, 404, 409, 503);

const refused = (code: ErrorCode, status: number) => ({
  status,
  body: { success: false as const, error: code, message: code },
});

/** Spin wheel (spec section 7): the wheel, the draw, coupons and their claim. */
export const spinwheelRoutes: FastifyPluginAsyncZod<SpinwheelRoutesOptions> = async (
  app,
  { spinwheel, idempotent, market },
) => {
  const member = { preHandler: app.requireMember };
  const schema = <T>(summary: string, response: T) => ({
    tags: ['spinwheel'],
    summary,
    security: [{ bearer: [] }],
    response: { 200: response, ...refusals },
  });

  app.get(
    '/api/spinwheel/active',
    { ...member, schema: schema('Whether a wheel is active', SpinActiveResponse) },
    async () => ({ isActive: await spinwheel.isActive() }),
  );

  app.get(
    '/api/spinwheel/setup',
    {
      ...member,
      schema: schema('The active wheel, its published odds and the member’s coins', SpinSetupResponse),
    },
    async (request) => spinwheel.setup(memberOf(request).id, requestLocale(request, market)),
  );

  app.post(
    '/api/spinwheel/spin',
    {
      ...member,
      schema: {
        ...schema('Spends one coin and draws a slice on the server (Idempotency-Key required)', SpinResponse),
        body: z.object({}).optional(),
      },
    },
    async (request, reply) =>
      // A refusal is this call's answer, remembered under the key like a draw.
      idempotent(request, reply, async (key, firstAttempt) => {
        try {
          return {
            status: 200,
            body: await spinwheel.spin(memberOf(request).id, key, requestLocale(request, market), {
              firstAttempt,
            }),
          };
        } catch (error) {
          if (error instanceof AppError && error.statusCode < 500)
            return refused(error.code, error.statusCode);
          throw error;
        }
      }),
  );

  app.get(
    '/api/spinwheel/coupon',
    {
      ...member,
      schema: {
        ...schema('The member’s coupons, claimable first', SpinCouponsResponse),
        querystring: SpinCouponsRequest,
      },
    },
    async (request) => spinwheel.coupons(memberOf(request).id, request.query, requestLocale(request, market)),
  );

  app.post(
    '/api/spinwheel/coupon/claim',
    {
      ...member,
      schema: { ...schema('Pays a coupon’s prize once', CouponClaimResponse), body: CouponClaimRequest },
    },
    async (request, reply) => {
      try {
        return await spinwheel.claim(memberOf(request).id, request.body.coupon);
      } catch (error) {
        if (!(error instanceof AppError) || error.statusCode >= 500) throw error;
        const { status, body } = refused(error.code, error.statusCode);
        return reply.status(status as 400 | 404 | 409).send(body);
      }
    },
  );
};
