import type { FastifyRequest } from 'fastify';
import { clientKey } from './client-address';
import { AppError } from './errors';
import type { RedisHandle } from './redis';

/** Fixed-window counters: `hit` counts one use of `key` and says whether it is within `limit`. */
export interface RateLimiter {
  hit(key: string, limit: number, windowMs: number): Promise<boolean>;
}

/** One process's counters; enough when one process serves. */
export function memoryRateLimiter(now: () => number = Date.now): RateLimiter {
  const windows = new Map<string, { count: number; resetAt: number }>();
  return {
    async hit(key, limit, windowMs) {
      const at = now();
      let window = windows.get(key);
      if (!window || window.resetAt <= at) {
        window = { count: 0, resetAt: at + windowMs };
        windows.set(key, window);
        // Forget finished windows now and then, so the map does not grow without end.
        if (windows.size > 10_000) for (const [k, w] of windows) if (w.resetAt <= at) windows.delete(k);
      }
      window.count += 1;
      return window.count <= limit;
    },
  };
}

/** Counters in Redis, shared by every server process. */
export function redisRateLimiter(redis: RedisHandle, prefix = 'rate:'): RateLimiter {
  return {
    async hit(key, limit, windowMs) {
      const name = `${prefix}${key}`;
      // INCR then set the expiry only when the key is new (NX), atomically.
      const results = await redis.client.multi().incr(name).pexpire(name, windowMs, 'NX').exec();
      const count = Number(results?.[0]?.[1] ?? Number.POSITIVE_INFINITY);
      return count <= limit;
    },
  };
}

export function createRateLimiter(redis: RedisHandle | null): RateLimiter {
  return redis ? redisRateLimiter(redis) : memoryRateLimiter();
}

/**
 * A preHandler: at most `limit` calls of `name` per client address (its `clientKey`: an IPv6
 * host's whole /64 counts as one) per window, else REQUEST_LIMIT.
 */
export function perAddress(limiter: RateLimiter, name: string, limit: number, windowMs: number) {
  return async (request: FastifyRequest) => {
    if (!(await limiter.hit(`${name}:${clientKey(request.ip)}`, limit, windowMs)))
      throw new AppError('REQUEST_LIMIT', 429);
  };
}
