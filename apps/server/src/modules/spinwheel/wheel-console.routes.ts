import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ConsoleWheelResponse, WheelSettings } from '@wallet/contract/http/console-offers';
import type { Database } from '../../platform/db/database';
import { errorResponses } from '../../platform/errors';
import { createWheelDesk } from './wheel-desk';

/**
 * The console's spin wheel (issue 28 section 1, decision 057), for staff with `offers.manage`: the
 * wheel with its published odds, and its change (audited before -> after in its transaction).
 */
export const wheelConsoleRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  const desk = createWheelDesk(db);
  const schema = { tags: ['console'], security: [{ bearer: [] }] };
  const guard = app.requirePermission('offers.manage');

  app.get(
    '/api/console/wheel',
    {
      onRequest: guard,
      schema: {
        ...schema,
        summary: 'The spin wheel: slices, coin rules, coupon hours, and the odds members are shown',
        response: { 200: ConsoleWheelResponse, ...errorResponses(401, 403, 409) },
      },
    },
    () => desk.read(),
  );

  app.put(
    '/api/console/wheel',
    {
      onRequest: guard,
      schema: {
        ...schema,
        summary: 'Changes the spin wheel (every slice listed; a slice is withdrawn, never removed)',
        body: WheelSettings,
        response: { 200: ConsoleWheelResponse, ...errorResponses(400, 401, 403, 409) },
      },
    },
    (request) =>
      desk.save(request.body, (tx, detail) =>
        app.staffAudit.recordIn(tx, request, 'wheel.update', 'wheel', detail),
      ),
  );
};
