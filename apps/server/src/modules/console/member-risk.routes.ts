import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { MemberParam } from '@wallet/contract/http/console';
import { MemberRiskResponse } from '@wallet/contract/http/console-risk';
import { errorResponses } from '../../platform/errors';
import type { RiskFlagsService } from './risk-flags';

/** A member's risk flags (decision 051), as the member view and the queues show them. */
export const memberRiskRoutes: FastifyPluginAsyncZod<{
  riskFlags: RiskFlagsService;
  withdrawing: (memberId: number) => Promise<boolean>;
}> = async (app, { riskFlags, withdrawing }) => {
  app.get(
    '/api/console/members/:memberId/risk',
    {
      onRequest: app.requirePermission('members.read'),
      schema: {
        tags: ['console'],
        summary: "A member's risk flags, computed by the server, and the members they tie them to",
        security: [{ bearer: [] }],
        params: MemberParam,
        response: { 200: MemberRiskResponse, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => {
      const { memberId } = request.params;
      return riskFlags.of(memberId, await withdrawing(memberId));
    },
  );
};
