import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ConsoleOfferList,
  ConsoleOfferResponse,
  OfferCodeParam,
  OfferCreateRequest,
  OfferUpdateRequest,
} from '@wallet/contract/http/console-offers';
import { errorResponses } from '../../../platform/errors';
import type { GrantsService } from '../engine/grants.service';
import { createOfferDesk } from './offer-desk';

/**
 * The console's offers (issue 28 section 1, decision 057): bonus offers and promotion codes,
 * listed, created and changed by staff with `offers.manage`; each change audited before → after in
 * its own transaction.
 */
export const offersConsoleRoutes: FastifyPluginAsyncZod<{ grants: GrantsService }> = async (
  app,
  { grants },
) => {
  const desk = createOfferDesk(grants);
  const schema = { tags: ['console'], security: [{ bearer: [] }] };
  const guard = app.requirePermission('offers.manage');

  app.get(
    '/api/console/offers',
    {
      onRequest: guard,
      schema: {
        ...schema,
        summary: 'Every bonus offer and promotion code, paused ones too, with its running grants counted',
        response: { 200: ConsoleOfferList, ...errorResponses(401, 403) },
      },
    },
    async () => ({ offers: await desk.list() }),
  );

  app.post(
    '/api/console/offers',
    {
      onRequest: guard,
      schema: {
        ...schema,
        summary: 'Creates an offer; every field but the minimal call’s has a default',
        body: OfferCreateRequest,
        response: { 200: ConsoleOfferResponse, ...errorResponses(400, 401, 403, 409) },
      },
    },
    async (request) => ({
      offer: await desk.create(request.body, (tx, detail) =>
        app.staffAudit.recordIn(tx, request, 'offer.create', `offer:${request.body.code}`, detail),
      ),
    }),
  );

  app.put(
    '/api/console/offers/:code',
    {
      onRequest: guard,
      schema: {
        ...schema,
        summary: 'Changes an offer (any field; active false pauses it). Running grants keep their terms',
        params: OfferCodeParam,
        body: OfferUpdateRequest,
        response: { 200: ConsoleOfferResponse, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const { code } = request.params;
      return {
        offer: await desk.update(code, request.body, (tx, detail) =>
          app.staffAudit.recordIn(tx, request, 'offer.update', `offer:${code}`, detail),
        ),
      };
    },
  );
};
