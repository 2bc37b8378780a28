import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { readEnvironment } from '../config';
import { memoryRateLimiter, redisRateLimiter } from './rate-limit';
import { openRedis } from './redis';

describe('memoryRateLimiter', () => {
  it('allows `limit` hits per window, then refuses until the window ends', async () => {
    let clock = 0;
    const limiter = memoryRateLimiter(() => clock);
    const hits = [];
    for (let i = 0; i < 4; i++) hits.push(await limiter.hit('a', 3, 1000));
    expect(hits).toEqual([true, true, true, false]);
    expect(await limiter.hit('b', 3, 1000)).toBe(true);
    clock = 1000;
    expect(await limiter.hit('a', 3, 1000)).toBe(true);
  });
});

const redisUrl = readEnvironment().REDIS_URL;

// Runs where Redis is configured (CI sets REDIS_URL); the memory limiter above runs everywhere.
describe.runIf(redisUrl)('redisRateLimiter', () => {
  const redis = openRedis(redisUrl)!;
  afterAll(() => redis.close());

  it('counts across limiters sharing one Redis, and refuses past the limit under concurrency', async () => {
    const key = `test-${randomUUID()}`;
    const first = redisRateLimiter(redis, 'test:');
    const second = redisRateLimiter(redis, 'test:');
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) => (i % 2 ? first : second).hit(key, 5, 10_000)),
    );
    expect(results.filter(Boolean)).toHaveLength(5);
    expect(await redis.client.pttl(`test:${key}`)).toBeGreaterThan(0);
  });
});
