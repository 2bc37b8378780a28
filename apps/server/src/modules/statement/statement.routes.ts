import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ErrorResponse } from '@wallet/contract/errors';
import { StatementRequest, StatementResponse } from '@wallet/contract/http/statement';
import type { Market } from '@wallet/contract/constants';
import { memberOf } from '../../platform/auth';
import { requestLocale } from '../../platform/locale';
import type { StatementService } from './statement.service';

export const statementRoutes: FastifyPluginAsyncZod<{ statement: StatementService; market: Market }> = async (
  app,
  { statement, market },
) => {
  app.post(
    '/api/statement',
    {
      preHandler: app.requireMember,
      schema: {
        tags: ['statement'],
        summary: 'The member’s movements, newest first',
        security: [{ bearer: [] }],
        body: StatementRequest,
        response: { 200: StatementResponse, 400: ErrorResponse, 401: ErrorResponse },
      },
    },
    async (request) =>
      statement.statement(
        memberOf(request).id,
        request.body.page,
        request.body.limit,
        requestLocale(request, market),
      ),
  );
};
