import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorResponse } from '@wallet/contract/errors';
import { PROVIDER_FAULT_MODES, ProviderFaultRequest } from '@wallet/contract/http/wallet';
import type { Database } from '../../platform/db/database';
import { playPagesRoutes } from './play-pages.routes';
import { providerApiRoutes } from './provider-api.routes';
import { createSandboxProviderService } from './sandbox-provider.service';

export interface SandboxProviderRoutesOptions {
  db: Database;
  /** The key callers must send in `x-provider-key`. */
  key: string;
}

/**
 * The sandbox game provider, mounted on this server in sandbox mode only: its provider API
 * (/api/sandbox/provider-api, called by HttpGameProvider as a remote provider would be), its
 * pages (/api/sandbox/pages: artwork and the demo slot), and the fault switch tests use.
 */
export const sandboxProviderRoutes: FastifyPluginAsyncZod<SandboxProviderRoutesOptions> = async (
  app,
  { db, key },
) => {
  const provider = createSandboxProviderService({ db });
  const closing = new AbortController();
  // NOTE: preClose, not onClose: the server waits for answers in flight before onClose, and a
  // held `timeout` answer would keep it waiting for up to two minutes.
  app.addHook('preClose', async () => closing.abort());

  await app.register(providerApiRoutes, { provider, key, closing: closing.signal });
  await app.register(playPagesRoutes, { provider });

  app.post(
    '/api/sandbox/provider/:gameCode/faults',
    {
      schema: {
        tags: ['sandbox'],
        summary: "Make the sandbox game provider misbehave for one game's calls (or behave again)",
        params: z.object({ gameCode: z.string().min(1).max(32) }),
        body: ProviderFaultRequest,
        response: {
          200: z.object({ gameCode: z.string(), mode: z.enum(PROVIDER_FAULT_MODES), latencyMs: z.number() }),
          404: ErrorResponse,
        },
      },
    },
    async (request) => {
      await provider.setFault(request.params.gameCode, request.body);
      return { gameCode: request.params.gameCode, ...request.body };
    },
  );
};
