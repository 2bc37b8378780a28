import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { DeskCounts } from '@wallet/contract/http/console';
import { errorResponses } from '../../platform/errors';
import type { DeskCountsService } from './desk-counts';

/**
 * Calls after which what waits for staff may have changed: a withdrawal asked or decided, a
 * deposit to review, a chat message, anything done in the console. Their success tells this
 * process's staff at once; other processes' staff hear it within one reading interval.
 */
const CHANGES = [
  '/api/console/',
  '/api/wallet/withdraw',
  '/api/wallet/slip',
  '/api/wallet/truelink',
  '/api/wallet/add',
  '/api/chat/',
  '/api/webhooks/',
];

/** The console's live counts (issue 27, section 7): read once at start, then the socket's `desk` events. */
export const deskCountsRoutes: FastifyPluginAsyncZod<{ deskCounts: DeskCountsService }> = async (
  app,
  { deskCounts },
) => {
  app.get(
    '/api/console/desk/counts',
    {
      onRequest: app.requirePermission('members.read'),
      schema: {
        tags: ['console'],
        summary: 'What waits for staff now: withdrawals, deposits, adjustments to approve, open chats',
        security: [{ bearer: [] }],
        response: { 200: DeskCounts, ...errorResponses(401, 403) },
      },
    },
    async () => deskCounts.read(),
  );
};

/** Registers on the root instance, before the routes, the hook that nudges the counts after a changing call succeeded. */
export function nudgeDeskCountsAfterChanges(app: FastifyInstance, deskCounts: DeskCountsService): void {
  app.addHook('onResponse', async (request, reply) => {
    if (request.method === 'GET' || reply.statusCode >= 400) return;
    if (CHANGES.some((prefix) => request.url.startsWith(prefix))) deskCounts.nudge();
  });
}
