import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorResponse } from '@wallet/contract/errors';
import { SandboxRoundsRequest, SandboxRoundsResponse } from '@wallet/contract/http/bonus';
import { PROVIDER_FAULT_MODES, ProviderFaultRequest } from '@wallet/contract/http/wallet';
import type { MinorUnits } from '@wallet/contract/money';
import { memberOf } from '../../platform/auth';
import type { Database } from '../../platform/db/database';
import { AppError } from '../../platform/errors';
import { playPagesRoutes } from './play-pages.routes';
import { providerApiRoutes } from './provider-api.routes';
import { createSandboxProviderService } from './sandbox-provider.service';

export interface SandboxProviderRoutesOptions {
  db: Database;
  /** The key callers must send in `x-provider-key`. */
  key: string;
  /** The member's username at a game (their game account there), or null when they have none. */
  playerOf: (memberId: number, gameCode: string) => Promise<string | null>;
}

/**
 * The sandbox game provider, mounted on this server in sandbox mode only: its provider API
 * (/api/sandbox/provider-api, called by HttpGameProvider as a remote provider would be), its
 * pages (/api/sandbox/pages: artwork and the demo slot), the fault switch tests use, and rounds
 * played at once on the caller's own game account.
 */
export const sandboxProviderRoutes: FastifyPluginAsyncZod<SandboxProviderRoutesOptions> = async (
  app,
  { db, key, playerOf },
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

  app.post(
    '/api/sandbox/provider/:gameCode/rounds',
    {
      preHandler: app.requireMember,
      schema: {
        tags: ['sandbox'],
        summary: "Plays rounds of one bet and one win on the caller's account at a sandbox game",
        security: [{ bearer: [] }],
        params: z.object({ gameCode: z.string().min(1).max(32) }),
        body: SandboxRoundsRequest,
        response: {
          200: SandboxRoundsResponse,
          400: ErrorResponse,
          401: ErrorResponse,
          404: ErrorResponse,
        },
      },
    },
    async (request) => {
      const { gameCode } = request.params;
      if (!provider.game(gameCode)) throw new AppError('NO_GAME', 404);
      // NOTE: only the caller's own account: the player is found from the session, never the body.
      const username = await playerOf(memberOf(request).id, gameCode);
      if (username === null) throw new AppError('SLOT_NO_ACCOUNT', 404);
      const { count, bet, win, playedAt } = request.body;
      const played = await provider.playRounds(gameCode, username, {
        count,
        bet: BigInt(bet),
        win: BigInt(win),
        ...(playedAt ? { playedAt: new Date(playedAt) } : {}),
      });
      return { played: played.played, balance: Number(played.balance) as MinorUnits };
    },
  );
};
