import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ConsolePrograms,
  ProgramNameParam,
  ProgramUpdateRequest,
} from '@wallet/contract/http/console-offers';
import type { Database } from '../../../platform/db/database';
import { errorResponses } from '../../../platform/errors';
import { createProgramsDesk } from './programs-desk';

/**
 * The console's invite and refund programmes (issue 28 section 1, decision 057), for staff with
 * `offers.manage`: on/off, rule, percent, caps, minimums, closing hour and the terms of the grants
 * they make; each change audited in its transaction.
 */
export const programsConsoleRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  const desk = createProgramsDesk(db);
  const schema = { tags: ['console'], security: [{ bearer: [] }] };
  const guard = app.requirePermission('offers.manage');

  app.get(
    '/api/console/programs',
    {
      onRequest: guard,
      schema: {
        ...schema,
        summary: 'The invite bonus and the loss refund: on or off, and their settings',
        response: { 200: ConsolePrograms, ...errorResponses(401, 403, 404) },
      },
    },
    () => desk.read(),
  );

  app.put(
    '/api/console/programs/:name',
    {
      onRequest: guard,
      schema: {
        ...schema,
        summary: 'Switches a programme and sets it (whole); grants already made keep their terms',
        params: ProgramNameParam,
        body: ProgramUpdateRequest,
        response: { 200: ProgramUpdateRequest, ...errorResponses(400, 401, 403, 404) },
      },
    },
    (request) =>
      desk.save(request.params.name, request.body, (tx, detail) =>
        app.staffAudit.recordIn(tx, request, 'program.update', `program:${request.params.name}`, detail),
      ),
  );
};
