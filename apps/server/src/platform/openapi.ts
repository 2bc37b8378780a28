import swagger from '@fastify/swagger';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { APP_VERSION } from '@wallet/contract/constants';
import { STAFF_SESSION_COOKIE } from '@wallet/contract/http/console';

/** The OpenAPI document, generated from the contract's zod schemas of every route. */
export async function registerOpenApi(app: FastifyInstance): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Member wallet API',
        version: APP_VERSION,
        description:
          'Every call under /api needs the header `X-Requested-With: wallet-user`. Failures answer ' +
          '`{ "message": CODE }`. Amounts are integer minor units.',
      },
      components: {
        securitySchemes: {
          bearer: { type: 'http', scheme: 'bearer' },
          // The console's session: its cookie, with the CSRF token in x-staff-csrf (decision 047).
          staffSession: { type: 'apiKey', in: 'cookie', name: STAFF_SESSION_COOKIE },
        },
      },
    },
    transform: jsonSchemaTransform,
    transformObject: jsonSchemaTransformObject,
  });
}

/** GET /api/docs answers the document itself. Register after every route. */
export function registerOpenApiRoute(app: FastifyInstance): void {
  app.get('/api/docs', { schema: { hide: true } }, async () => app.swagger());
}
