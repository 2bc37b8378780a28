import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ErrorResponse } from '@wallet/contract/errors';
import { MoneyResult, SandboxCreditRequest } from '@wallet/contract/http/wallet';
import { memberOf } from '../../platform/auth';
import { moneyAnswer, type Idempotent } from '../../platform/idempotency/idempotency';
import { accountKey, type LedgerService } from '../../modules/ledger/ledger.service';

export interface SandboxMoneyOptions {
  ledger: LedgerService;
  idempotent: Idempotent;
  currencyOf: (memberId: number) => Promise<{ currency: string }>;
}

/**
 * Sandbox only: money for trying the flows before deposits exist. The credit comes from the
 * operator's cash-in account through the ledger, like a real deposit would.
 */
export const sandboxMoneyRoutes: FastifyPluginAsyncZod<SandboxMoneyOptions> = async (
  app,
  { ledger, idempotent, currencyOf },
) => {
  app.post(
    '/api/sandbox/credit',
    {
      preHandler: app.requireMember,
      schema: {
        tags: ['sandbox'],
        summary: 'Credits the caller’s wallet from the operator’s cash-in account',
        security: [{ bearer: [] }],
        body: SandboxCreditRequest,
        response: { 200: MoneyResult, 400: ErrorResponse, 401: ErrorResponse, 409: ErrorResponse },
      },
    },
    async (request, reply) =>
      idempotent(request, reply, async (key) => {
        const memberId = memberOf(request).id;
        const { currency } = await currencyOf(memberId);
        const wallet = accountKey.wallet(memberId);
        await ledger.openAccount(wallet, currency);
        await ledger.transfer({
          idempotencyKey: key,
          debit: accountKey.operator('cash_in', currency),
          credit: wallet,
          amount: BigInt(request.body.amount),
          kind: 'sandbox_credit',
          metadata: { memberId, statement: { type: 'deposit', from: 'sandbox', to: 'wallet' } },
        });
        return moneyAnswer({
          status: 'SUCCESS',
          reference: key,
          amount: request.body.amount,
        });
      }),
  );
};
