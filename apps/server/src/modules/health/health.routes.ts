import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sql } from 'drizzle-orm';
import { HealthResponse } from '@wallet/contract/http/health';
import type { Config } from '../../config';
import type { DatabaseHandle } from '../../platform/db/database';
import type { RedisHandle } from '../../platform/redis';

export interface HealthRoutesOptions {
  config: Config;
  database: DatabaseHandle;
  redis: RedisHandle | null;
}

/** GET /api/health: for load balancers and operators; 503 when a dependency is down. */
export const healthRoutes: FastifyPluginAsyncZod<HealthRoutesOptions> = async (
  app,
  { config, database, redis },
) => {
  app.get(
    '/api/health',
    { schema: { tags: ['health'], response: { 200: HealthResponse, 503: HealthResponse } } },
    async (_request, reply) => {
      await database.db.execute(sql`select 1`);
      const redisState = redis ? ((await redis.ping()) ? 'ok' : 'down') : 'none';
      const status = redisState === 'down' ? 'degraded' : 'ok';
      return reply.status(status === 'ok' ? 200 : 503).send({
        status,
        database: database.kind,
        redis: redisState,
        mode: config.mode,
        market: config.market,
      });
    },
  );
};
