import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  LimitsResponse,
  LimitsUpdate,
  NetDepositsResponse,
  SelfExclusionRequest,
  TimeoutRequest,
} from '@wallet/contract/http/limits';
import { memberOf } from '../../platform/auth';
import { errorResponses } from '../../platform/errors';
import type { LimitsService } from './limits.service';

export interface LimitsRoutesOptions {
  limits: LimitsService;
}

const errors = errorResponses(400, 401, 409);

/** The member's own play limits, time-out and self-exclusion (issue 29, decision 061). */
export const limitsRoutes: FastifyPluginAsyncZod<LimitsRoutesOptions> = async (app, { limits }) => {
  const secured = { preHandler: app.requireMember };
  const schema = (summary: string) => ({
    tags: ['account'],
    summary,
    security: [{ bearer: [] }],
    response: { 200: LimitsResponse, ...errors },
  });

  app.get(
    '/api/account/limits',
    { ...secured, schema: schema('Each limit in force, any loosening waiting, and what the period used') },
    async (request) => limits.view(memberOf(request).id),
  );

  app.get(
    '/api/account/net-deposits',
    {
      ...secured,
      schema: {
        tags: ['account'],
        summary: 'Deposits minus withdrawals over the last 3 and 12 months (the statement page)',
        security: [{ bearer: [] }],
        response: { 200: NetDepositsResponse, ...errors },
      },
    },
    async (request) => limits.netDeposits(memberOf(request).id),
  );

  app.put(
    '/api/account/limits',
    {
      ...secured,
      schema: {
        ...schema(
          'Sets the limits: a lower or new one at once, a higher one or a removal after 24 h and a confirmation',
        ),
        body: LimitsUpdate,
      },
    },
    async (request) => limits.update(memberOf(request).id, request.body),
  );

  app.post(
    '/api/account/limits/confirm',
    {
      ...secured,
      schema: schema('Confirms the loosenings whose 24 hours have passed (LIMIT_NOT_CONFIRMABLE: none)'),
    },
    async (request) => limits.confirm(memberOf(request).id),
  );

  app.post(
    '/api/account/timeout',
    { ...secured, schema: { ...schema('A time-out of 1, 7, 30 or 42 days'), body: TimeoutRequest } },
    async (request) => limits.timeout(memberOf(request).id, request.body.days),
  );

  app.post(
    '/api/account/self-exclusion',
    {
      ...secured,
      schema: {
        ...schema('A self-exclusion of 6, 12 or 60 months, or for good (months: null); it cannot be undone'),
        body: SelfExclusionRequest,
      },
    },
    async (request) => limits.selfExclude(memberOf(request).id, request.body.months),
  );

  app.post(
    '/api/account/self-exclusion/end',
    {
      ...secured,
      schema: schema(
        'Asks an ended self-exclusion to lift; it does 7 days later (EXCLUSION_NOT_OVER before its end)',
      ),
    },
    async (request) => limits.endExclusion(memberOf(request).id),
  );
};
