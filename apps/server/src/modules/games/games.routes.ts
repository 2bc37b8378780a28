import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AutoLoginResponse,
  GameCredentials,
  HeldTransfersResponse,
  MoneyResult,
  TransferAllRequest,
  TransferRequest,
  WalletResponse,
} from '@wallet/contract/http/wallet';
import { memberOf } from '../../platform/auth';
import { errorResponses } from '../../platform/errors';
import { moneyAnswer, type Idempotent, type TravellingClaim } from '../../platform/idempotency/idempotency';
import type { GamesService } from './games.service';

export interface GamesRoutesOptions {
  games: GamesService;
  idempotent: Idempotent;
}

const errors = errorResponses(400, 401, 403, 404, 409, 422, 502, 503);

const gameCodeParams = z.object({ gameCode: z.string().min(1).max(32) });
const moneyAnswers = { 200: MoneyResult, 202: MoneyResult, ...errors };

/** Wallet, game accounts and auto login (spec section 7, Wallet and Auto login). */
export const gamesRoutes: FastifyPluginAsyncZod<GamesRoutesOptions> = async (app, { games, idempotent }) => {
  const secured = { preHandler: app.requireMember };
  const schema = (summary: string) => ({ tags: ['wallet'], summary, security: [{ bearer: [] }] });

  app.get(
    '/api/wallet',
    {
      ...secured,
      schema: {
        ...schema('The wallet and every game account'),
        response: { 200: WalletResponse, ...errors },
      },
    },
    async (request) => games.accounts.wallet(memberOf(request).id),
  );

  app.get(
    '/api/wallet/refresh/slot',
    {
      ...secured,
      schema: {
        ...schema('Books what was played at every game, then answers the wallet'),
        response: { 200: WalletResponse, ...errors },
      },
    },
    async (request) => games.plays.refresh(memberOf(request).id),
  );

  app.get(
    '/api/wallet/transfers/held',
    {
      ...secured,
      schema: {
        ...schema('Transfers held at a game that has not answered, and all money in flight'),
        response: { 200: HeldTransfersResponse, ...errors },
      },
    },
    async (request) => games.transfers.held(memberOf(request).id),
  );

  app.get(
    '/api/wallet/activate/:gameCode',
    {
      ...secured,
      schema: {
        ...schema('Opens the member an account at a game'),
        params: gameCodeParams,
        response: { 200: GameCredentials, ...errors },
      },
    },
    async (request) => games.accounts.activate(memberOf(request).id, request.params.gameCode),
  );

  app.get(
    '/api/wallet/account/:gameCode',
    {
      ...secured,
      schema: {
        ...schema('The login of the member at a game'),
        params: gameCodeParams,
        response: { 200: GameCredentials, ...errors },
      },
    },
    async (request) => games.accounts.credentials(memberOf(request).id, request.params.gameCode),
  );

  app.get(
    '/api/wallet/resetpassword/:gameCode',
    {
      ...secured,
      schema: {
        ...schema('A new password at a game'),
        params: gameCodeParams,
        response: { 200: GameCredentials, ...errors },
      },
    },
    async (request) => games.accounts.resetPassword(memberOf(request).id, request.params.gameCode),
  );

  app.post(
    '/api/wallet/transfer',
    {
      ...secured,
      schema: {
        ...schema('Moves money between the wallet and a game (Idempotency-Key required)'),
        body: TransferRequest,
        response: moneyAnswers,
      },
    },
    async (request, reply) => {
      const transfer = async (key: string, how: { firstAttempt: boolean; claim?: TravellingClaim | null }) =>
        moneyAnswer(await games.transfers.transfer(memberOf(request).id, request.body, key, how));
      // One leg (wallet and one game): the key's claim travels with the hold and its answer with
      // the post, two commits in all (decision 030). Game to game (two legs and a plan) claims first.
      const oneLeg = (request.body.from === 'wallet') !== (request.body.to === 'wallet');
      return oneLeg
        ? idempotent.travelling(request, reply, transfer)
        : idempotent(request, reply, (key, firstAttempt) => transfer(key, { firstAttempt }));
    },
  );

  app.post(
    '/api/wallet/transferAll',
    {
      ...secured,
      schema: {
        ...schema('Moves everything from the wallet and every other game into one place'),
        body: TransferAllRequest,
        response: moneyAnswers,
      },
    },
    async (request, reply) =>
      idempotent(request, reply, async (key) =>
        moneyAnswer(await games.transfers.transferAll(memberOf(request).id, request.body.to, key)),
      ),
  );

  // NOTE: both shapes of the spec; a password in the path is ignored, the stored one is used. The
  // log shows that segment as [redacted] (SECRET_PARAMS in platform/errors.ts names `password`).
  const autoLogin = async (memberId: number, params: { game: string; username: string }) => ({
    link: await games.accounts.launchLink(memberId, params.game, params.username),
  });
  const autoLoginParams = z.object({ game: z.string().min(1).max(32), username: z.string().min(1).max(32) });
  app.get(
    '/api/autoLogin/:game/:username',
    {
      ...secured,
      schema: {
        ...schema('A launch link for the member’s own game account'),
        params: autoLoginParams,
        response: { 200: AutoLoginResponse, ...errors },
      },
    },
    async (request) => autoLogin(memberOf(request).id, request.params),
  );
  app.get(
    '/api/autoLogin/:game/:username/:password',
    {
      ...secured,
      schema: {
        ...schema('A launch link (the password in the path is ignored)'),
        params: autoLoginParams.extend({ password: z.string().max(200) }),
        response: { 200: AutoLoginResponse, ...errors },
      },
    },
    async (request) => autoLogin(memberOf(request).id, request.params),
  );
};
