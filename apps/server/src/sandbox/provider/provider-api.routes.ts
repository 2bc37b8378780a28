import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  CreatePlayerRequest,
  LaunchRequest,
  LaunchResponse,
  PlayerPath,
  PROVIDER_KEY_HEADER,
  ProviderCatalogue,
  ProviderError,
  ProviderLogin,
  ProviderPlayer,
  RoundsQuery,
  RoundsResponse,
  toWireAmount,
  TransferApplied,
  TransferCall,
  TransferFailed,
  TransferNotFound,
  TransferStatus,
  TransferStatusPath,
} from '../../adapters/game-provider/protocol';
import { sameSecret } from '../../platform/crypto';
import { ProviderRefusal, type SandboxProviderService } from './sandbox-provider.service';

export const PROVIDER_API_PATH = '/api/sandbox/provider-api';

/** How long `timeout` faults hold an answer when no latency is set: longer than any client waits. */
const DEFAULT_HOLD_MS = 30_000;

export interface ProviderApiOptions {
  provider: SandboxProviderService;
  key: string;
  /** Aborted when the server closes: held answers end then, so closing never waits on them. */
  closing: AbortSignal;
}

/** Waits `ms`, or less when `signal` aborts; true when the whole wait passed. */
async function pause(ms: number, signal: AbortSignal): Promise<boolean> {
  if (signal.aborted) return false;
  if (ms <= 0) return true;
  try {
    await sleep(ms, undefined, { signal });
    return true;
  } catch {
    return false;
  }
}

/** Aborts when the caller hangs up before its answer was sent. */
function callerGone(reply: FastifyReply): AbortSignal {
  const controller = new AbortController();
  reply.raw.once('close', () => {
    if (!reply.raw.writableFinished) controller.abort();
  });
  return controller.signal;
}

/** Failures answer in the provider's words, `{ "error": CODE }`, as a remote provider's would. */
export function answerAsProvider(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof ProviderRefusal) {
      return reply.code(error.statusCode).send({ error: error.code });
    }
    if (error.validation) return reply.code(400).send({ error: 'INVALID_REQUEST' });
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) return reply.code(status).send({ error: 'INVALID_REQUEST' });
    request.log.error({ err: error }, 'sandbox provider failed');
    return reply.code(500).send({ error: 'PROVIDER_ERROR' });
  });
}

/**
 * The sandbox provider's HTTP API (protocol.ts), called by this server's HttpGameProvider as it
 * would call a remote provider. Each call that concerns a game goes through that game's fault
 * (sandbox-provider.routes.ts), except the catalogue and status queries: the reconciler must
 * always be able to ask what became of a reference.
 */
export const providerApiRoutes: FastifyPluginAsyncZod<ProviderApiOptions> = async (
  app,
  { provider, key, closing },
) => {
  answerAsProvider(app);
  app.addHook('onRequest', async (request, reply) => {
    const given = request.headers[PROVIDER_KEY_HEADER];
    if (typeof given !== 'string' || !sameSecret(given, key)) {
      return reply.code(401).send({ error: 'UNAUTHORIZED' });
    }
  });

  /**
   * Runs `work` the way the game's fault says: `failing` asks it to fail for good; `timeout`
   * skips it and answers 504 late; `applied-then-timeout` runs it and still answers 504 late.
   */
  async function underFault<T>(
    reply: FastifyReply,
    gameCode: string,
    work: (failing: boolean) => Promise<T>,
  ): Promise<T | FastifyReply> {
    const fault = await provider.fault(gameCode);
    if (fault.mode === 'none' || fault.mode === 'fail') {
      // NOTE: the caller hanging up does not stop the work, as at a real provider: a transfer
      // the caller gave up on may still apply, and only a status query tells.
      if (!(await pause(fault.latencyMs, closing))) throw new ProviderRefusal('SHUTTING_DOWN', 503);
      return work(fault.mode === 'fail');
    }
    if (fault.mode === 'applied-then-timeout') await work(false);
    await pause(fault.latencyMs || DEFAULT_HOLD_MS, AbortSignal.any([closing, callerGone(reply)]));
    return reply.code(504).send({ error: 'GATEWAY_TIMEOUT' });
  }
  const refuse = (): never => {
    throw new ProviderRefusal('PROVIDER_ERROR', 500);
  };

  const tags = ['sandbox provider'];
  const errors = { 400: ProviderError, 401: ProviderError, 404: ProviderError, 500: ProviderError };

  app.get(
    `${PROVIDER_API_PATH}/games`,
    { schema: { tags, summary: 'The games catalogue', response: { 200: ProviderCatalogue, ...errors } } },
    async () => ({ games: provider.catalogue() }),
  );

  app.post(
    `${PROVIDER_API_PATH}/players`,
    {
      schema: {
        tags,
        summary: 'Create a player; the provider chooses the password',
        body: CreatePlayerRequest,
        response: { 200: ProviderLogin, 409: ProviderError, ...errors },
      },
    },
    async (request, reply) =>
      underFault(reply, request.body.gameCode, (failing) =>
        failing ? refuse() : provider.createPlayer(request.body.gameCode, request.body.username),
      ),
  );

  app.get(
    `${PROVIDER_API_PATH}/players/:gameCode/:username`,
    {
      schema: {
        tags,
        summary: "A player's login and balance",
        params: PlayerPath,
        response: { 200: ProviderPlayer, ...errors },
      },
    },
    async (request, reply) =>
      underFault(reply, request.params.gameCode, async (failing) => {
        if (failing) refuse();
        const player = await provider.player(request.params.gameCode, request.params.username);
        return { ...player, balance: toWireAmount(player.balance) };
      }),
  );

  app.post(
    `${PROVIDER_API_PATH}/players/:gameCode/:username/password`,
    {
      schema: {
        tags,
        summary: "Replace a player's password with a new random one",
        params: PlayerPath,
        response: { 200: ProviderLogin, ...errors },
      },
    },
    async (request, reply) =>
      underFault(reply, request.params.gameCode, (failing) =>
        failing ? refuse() : provider.resetPassword(request.params.gameCode, request.params.username),
      ),
  );

  app.post(
    `${PROVIDER_API_PATH}/transfers`,
    {
      schema: {
        tags,
        summary: 'Deposit to or withdraw from a player, at most once per reference',
        body: TransferCall,
        response: { 200: TransferApplied, 409: ProviderError, 422: TransferFailed, ...errors },
      },
    },
    async (request, reply) => {
      const call = request.body;
      return underFault(reply, call.gameCode, async (failing) => {
        const outcome = await provider.transfer(
          {
            gameCode: call.gameCode,
            username: call.username,
            reference: call.reference,
            direction: call.direction,
            amount: BigInt(call.amount),
            expiresAt: new Date(call.expiresAt),
          },
          failing ? 'PROVIDER_ERROR' : null,
        );
        if (outcome.status === 'failed') {
          return reply
            .code(422)
            .send({ reference: call.reference, status: 'failed', reason: outcome.reason });
        }
        return {
          reference: call.reference,
          status: 'applied' as const,
          balance: toWireAmount(outcome.balance),
        };
      });
    },
  );

  app.get(
    `${PROVIDER_API_PATH}/transfers/:gameCode/:reference`,
    {
      schema: {
        tags,
        summary: 'What became of a reference (never faulted)',
        params: TransferStatusPath,
        response: { 200: TransferStatus, 404: TransferNotFound, 400: ProviderError, 401: ProviderError },
      },
    },
    async (request, reply) => {
      const status = await provider.status(request.params.gameCode, request.params.reference);
      if (status === 'not_found') return reply.code(404).send({ status });
      return { reference: request.params.reference, status };
    },
  );

  app.post(
    `${PROVIDER_API_PATH}/launch`,
    {
      schema: {
        tags,
        summary: 'A link that signs the player in on a platform; null when the game has none',
        body: LaunchRequest,
        response: { 200: LaunchResponse, ...errors },
      },
    },
    async (request, reply) =>
      underFault(reply, request.body.gameCode, async (failing) => {
        if (failing) refuse();
        const { gameCode, username, platform } = request.body;
        return { link: await provider.launch(gameCode, username, platform) };
      }),
  );

  app.get(
    `${PROVIDER_API_PATH}/players/:gameCode/:username/rounds`,
    {
      schema: {
        tags,
        summary: 'Rounds played after round `after`, oldest first, at most 1000',
        params: PlayerPath,
        querystring: RoundsQuery,
        response: { 200: RoundsResponse, ...errors },
      },
    },
    async (request, reply) =>
      underFault(reply, request.params.gameCode, async (failing) => {
        if (failing) refuse();
        const { gameCode, username } = request.params;
        const rounds = await provider.rounds(gameCode, username, request.query.after);
        return {
          rounds: rounds.map((round) => ({
            id: round.id,
            bet: toWireAmount(round.bet),
            win: toWireAmount(round.win),
            playedAt: round.playedAt.toISOString(),
          })),
        };
      }),
  );
};
