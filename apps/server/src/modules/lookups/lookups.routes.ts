import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ErrorResponse } from '@wallet/contract/errors';
import { LOOKUPS, type LookupName } from '@wallet/contract/http/lookup';
import type { Market } from '@wallet/contract/constants';
import { requestLocale } from '../../platform/locale';
import type { LookupsService } from './lookups.service';

export interface LookupsRoutesOptions {
  lookups: LookupsService;
  market: Market;
}

/** GET /api/lookup/<name> for every lookup of the contract. */
export const lookupsRoutes: FastifyPluginAsyncZod<LookupsRoutesOptions> = async (
  app,
  { lookups, market },
) => {
  for (const name of Object.keys(LOOKUPS) as LookupName[]) {
    app.get(
      `/api/lookup/${name}`,
      {
        schema: {
          tags: ['lookup'],
          summary: `Lookup: ${name}`,
          response: { 200: LOOKUPS[name], 500: ErrorResponse },
        },
      },
      async (request) => lookups.lookup(name, requestLocale(request, market)),
    );
  }
};
