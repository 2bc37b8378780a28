// @module-tag embedded
// (also run on the embedded PostgreSQL by npm run test:embedded: docs/decisions/040)
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { afterEach, describe, expect, it } from 'vitest';
import type { Config } from '../../config';
import type { DatabaseHandle } from '../../platform/db/database';
import type { RedisHandle } from '../../platform/redis';
import { healthRoutes } from './health.routes';

/**
 * What a load balancer reads (docs/operations.md): 200 when the database answers, 503 when it does
 * not (never a 500 from the error handler), and `degraded` when Redis is down.
 */
describe('GET /api/health', () => {
  const apps: FastifyInstance[] = [];
  afterEach(async () => {
    await Promise.all(apps.splice(0).map((app) => app.close()));
  });

  async function healthWith(execute: () => Promise<unknown>, redis: RedisHandle | null) {
    const app = Fastify();
    apps.push(app);
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    const database = { kind: 'server', db: { execute } } as unknown as DatabaseHandle;
    const config = { mode: 'production', market: 'TH' } as unknown as Config;
    await app.register(healthRoutes, { config, database, redis });
    const response = await app.inject({ url: '/api/health' });
    return { status: response.statusCode, body: response.json<Record<string, unknown>>() };
  }
  const redisThat = (up: boolean) => ({ ping: () => Promise.resolve(up) }) as unknown as RedisHandle;

  it('answers 200 when the database and Redis answer', async () => {
    expect(await healthWith(() => Promise.resolve([]), redisThat(true))).toEqual({
      status: 200,
      body: {
        status: 'ok',
        database: 'server',
        databaseState: 'ok',
        redis: 'ok',
        mode: 'production',
        market: 'TH',
      },
    });
  });

  it('answers 503 down when the database does not answer', async () => {
    const answer = await healthWith(() => Promise.reject(new Error('Connection terminated')), null);
    expect(answer.status).toBe(503);
    expect(answer.body).toMatchObject({ status: 'down', databaseState: 'down', redis: 'none' });
  });

  it('answers 503 degraded when Redis is down', async () => {
    const answer = await healthWith(() => Promise.resolve([]), redisThat(false));
    expect(answer.status).toBe(503);
    expect(answer.body).toMatchObject({ status: 'degraded', databaseState: 'ok', redis: 'down' });
  });
});
