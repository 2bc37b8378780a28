import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  DepositAccountParam,
  DepositAccountsResponse,
  DepositBankAccount,
  DepositBankChange,
  DepositBankCreate,
  DepositWalletAccount,
  DepositWalletChange,
} from '@wallet/contract/http/console-settings';
import { errorResponses } from '../../platform/errors';
import type { DepositAccountsRepository } from './deposit-accounts.repository';

const errors = errorResponses(400, 401, 403, 404, 409);
const BASE = '/api/console/settings/deposit-accounts';

/**
 * The operator's receiving accounts on the console (issue 28 section 2, decision 059):
 * `settings.manage`. Members' deposit lookup and slip checks read the active ones at their next
 * call; each change writes its audit row (before → after) in its own transaction.
 */
export const depositAccountsRoutes: FastifyPluginAsyncZod<{ accounts: DepositAccountsRepository }> = async (
  app,
  { accounts },
) => {
  const schema = (summary: string) => ({ tags: ['console'], summary, security: [{ bearer: [] }] });
  const secured = { onRequest: app.requirePermission('settings.manage') };

  app.get(
    BASE,
    {
      ...secured,
      schema: {
        ...schema("The operator's receiving bank and wallet accounts, shown or not"),
        response: { 200: DepositAccountsResponse, ...errors },
      },
    },
    async () => accounts.list(),
  );

  app.post(
    `${BASE}/banks`,
    {
      ...secured,
      schema: {
        ...schema('A new receiving bank account'),
        body: DepositBankCreate,
        response: { 200: DepositBankAccount, ...errors },
      },
    },
    async (request) =>
      accounts.addBank(request.body, (tx, before, after) =>
        app.staffAudit.recordIn(tx, request, 'settings.depositBank', `deposit-bank:${after.id}`, {
          before,
          after,
        }),
      ),
  );

  app.put(
    `${BASE}/banks/:id`,
    {
      ...secured,
      schema: {
        ...schema('Changes a receiving bank account: its mode, names, order, and whether members see it'),
        params: DepositAccountParam,
        body: DepositBankChange,
        response: { 200: DepositBankAccount, ...errors },
      },
    },
    async (request) =>
      accounts.changeBank(request.params.id, request.body, (tx, before, after) =>
        app.staffAudit.recordIn(tx, request, 'settings.depositBank', `deposit-bank:${after.id}`, {
          before,
          after,
        }),
      ),
  );

  app.put(
    `${BASE}/wallets/:id`,
    {
      ...secured,
      schema: {
        ...schema('Changes the gift-link wallet account'),
        params: DepositAccountParam,
        body: DepositWalletChange,
        response: { 200: DepositWalletAccount, ...errors },
      },
    },
    async (request) =>
      accounts.changeWallet(request.params.id, request.body, (tx, before, after) =>
        app.staffAudit.recordIn(tx, request, 'settings.depositWallet', `deposit-wallet:${after.id}`, {
          before,
          after,
        }),
      ),
  );
};
