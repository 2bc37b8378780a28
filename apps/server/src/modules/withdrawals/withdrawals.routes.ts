import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ErrorResponse } from '@wallet/contract/errors';
import { MoneyResult, PendingWithdrawalsResponse, WithdrawRequest } from '@wallet/contract/http/wallet';
import { memberOf } from '../../platform/auth';
import { moneyAnswer, type Idempotent } from '../../platform/idempotency/idempotency';
import type { WithdrawalsService } from './withdrawals.service';

export interface WithdrawalsRoutesOptions {
  withdrawals: WithdrawalsService;
  idempotent: Idempotent;
}

const answers = {
  200: MoneyResult,
  202: MoneyResult,
  400: ErrorResponse,
  401: ErrorResponse,
  409: ErrorResponse,
  422: ErrorResponse,
};

/** Withdrawals (spec section 7, Wallet): the withdraw modal uses withdrawAll. */
export const withdrawalsRoutes: FastifyPluginAsyncZod<WithdrawalsRoutesOptions> = async (
  app,
  { withdrawals, idempotent },
) => {
  const schema = (summary: string) => ({
    tags: ['wallet'],
    summary,
    security: [{ bearer: [] }],
    body: WithdrawRequest,
    response: answers,
  });

  app.post(
    '/api/wallet/withdraw',
    { preHandler: app.requireMember, schema: schema('Withdraws to the registered bank account') },
    async (request, reply) =>
      idempotent(request, reply, async (key) =>
        moneyAnswer(await withdrawals.withdraw(memberOf(request).id, request.body, key)),
      ),
  );

  app.post(
    '/api/wallet/withdrawAll',
    {
      preHandler: app.requireMember,
      schema: schema('Brings every game balance back to the wallet, then withdraws'),
    },
    async (request, reply) =>
      idempotent(request, reply, async (key) =>
        moneyAnswer(await withdrawals.withdrawAll(memberOf(request).id, request.body, key)),
      ),
  );

  app.get(
    '/api/wallet/withdrawals/pending',
    {
      preHandler: app.requireMember,
      schema: {
        tags: ['wallet'],
        summary: 'The member’s own withdrawals not final yet, with what each waits for',
        security: [{ bearer: [] }],
        response: { 200: PendingWithdrawalsResponse, 401: ErrorResponse },
      },
    },
    // Only the signed-in member's: the member comes from the session, never from the request.
    async (request) => ({ withdrawals: await withdrawals.pending(memberOf(request).id) }),
  );
};
