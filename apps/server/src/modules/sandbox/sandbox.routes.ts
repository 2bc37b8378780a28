import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ServiceStateRequest, ServiceStateResponse } from '@wallet/contract/http/sandbox';
import type { LookupsService } from '../lookups/lookups.service';

export interface SandboxRoutesOptions {
  lookups: LookupsService;
}

/**
 * Helpers that let tests and demos drive the outside world. Registered only when
 * APP_MODE=sandbox; in production every /api/sandbox path answers 404.
 */
export const sandboxRoutes: FastifyPluginAsyncZod<SandboxRoutesOptions> = async (app, { lookups }) => {
  app.post(
    '/api/sandbox/service',
    {
      schema: {
        tags: ['sandbox'],
        summary: 'Switch the whole service off (terminated) or on again',
        body: ServiceStateRequest,
        response: { 200: ServiceStateResponse },
      },
    },
    async (request) => {
      await lookups.setTerminated(request.body.terminated);
      return { terminated: request.body.terminated };
    },
  );

  app.post(
    '/api/sandbox/settings/register-otp',
    {
      schema: {
        tags: ['sandbox'],
        summary: 'Switch the OTP step of registration on or off',
        body: z.object({ enabled: z.boolean() }),
        response: { 200: z.object({ enabled: z.boolean() }) },
      },
    },
    async (request) => {
      await lookups.setRegisterOtp(request.body.enabled);
      return { enabled: request.body.enabled };
    },
  );
};
