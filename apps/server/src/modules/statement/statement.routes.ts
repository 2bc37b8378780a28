import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ErrorResponse } from '@wallet/contract/errors';
import { StatementListRequest, StatementResponse } from '@wallet/contract/http/statement';
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
        summary: 'The member’s movements, newest first; of one type when asked',
        security: [{ bearer: [] }],
        body: StatementListRequest,
        response: { 200: StatementResponse, 400: ErrorResponse, 401: ErrorResponse },
      },
    },
    async (request) =>
      statement.statement(
        memberOf(request).id,
        { page: request.body.page, limit: request.body.limit, type: request.body.type },
        requestLocale(request, market),
      ),
  );
};
