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

/** How long a dependency may take to answer the health check before it counts as down. */
const HEALTH_BOUND_MS = 2_000;

/** A check's answer, false when it failed or took longer than the bound. */
async function withinBound(check: Promise<boolean>): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<boolean>((resolve) => {
    timer = setTimeout(() => resolve(false), HEALTH_BOUND_MS);
  });
  try {
    return await Promise.race([check.catch(() => false), late]);
  } finally {
    clearTimeout(timer);
  }
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
      // NOTE: a database that is down (or drops packets) answers 503 within the bound, never a 500
      // from the error handler or a check that hangs past the load balancer's own timeout.
      const [databaseUp, redisUp] = await Promise.all([
        withinBound(database.db.execute(sql`select 1`).then(() => true)),
        redis ? withinBound(redis.ping()) : Promise.resolve(null),
      ]);
      const redisState = redisUp === null ? 'none' : redisUp ? 'ok' : 'down';
      const status = !databaseUp ? 'down' : redisState === 'down' ? 'degraded' : 'ok';
      return reply.status(status === 'ok' ? 200 : 503).send({
        status,
        database: database.kind,
        databaseState: databaseUp ? 'ok' : 'down',
        redis: redisState,
        mode: config.mode,
        market: config.market,
      });
    },
  );
};
