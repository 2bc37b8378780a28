import type { FastifyRequest } from 'fastify';
import { clientKey } from './client-address';
import { AppError } from './errors';
import type { RedisHandle } from './redis';

/** One counted use: whether it is within the limit, and how long until its window ends. */
export interface Taken {
  ok: boolean;
  /** Milliseconds until the window ends and the count starts again (what a refusal waits). */
  retryAfterMs: number;
}

/** Fixed-window counters. */
export interface RateLimiter {
  /** Counts one use of `key` and says whether it is within `limit`. */
  hit(key: string, limit: number, windowMs: number): Promise<boolean>;
  /** `hit`, also telling how long until the window ends. */
  take(key: string, limit: number, windowMs: number): Promise<Taken>;
  /**
   * Gives back one use taken in the window still open: a try counted before its work, which turned
   * out not to count (a right password). Nothing when the window has ended.
   */
  giveBack(key: string): Promise<void>;
}

/** One process's counters; enough when one process serves. */
export function memoryRateLimiter(now: () => number = Date.now): RateLimiter {
  const windows = new Map<string, { count: number; resetAt: number }>();
  const take: RateLimiter['take'] = async (key, limit, windowMs) => {
    const at = now();
    let window = windows.get(key);
    if (!window || window.resetAt <= at) {
      window = { count: 0, resetAt: at + windowMs };
      windows.set(key, window);
      // Forget finished windows now and then, so the map does not grow without end.
      if (windows.size > 10_000) for (const [k, w] of windows) if (w.resetAt <= at) windows.delete(k);
    }
    window.count += 1;
    return { ok: window.count <= limit, retryAfterMs: window.resetAt - at };
  };
  return {
    take,
    hit: async (key, limit, windowMs) => (await take(key, limit, windowMs)).ok,
    async giveBack(key) {
      const window = windows.get(key);
      if (window && window.resetAt > now() && window.count > 0) window.count -= 1;
    },
  };
}

/** Takes one back only from a window still open (its key expires with the window), never below 0. */
const GIVE_BACK = `local c = redis.call('get', KEYS[1])
if c and tonumber(c) > 0 then return redis.call('decr', KEYS[1]) end
return 0`;

/** Counters in Redis, shared by every server process. */
export function redisRateLimiter(redis: RedisHandle, prefix = 'rate:'): RateLimiter {
  const take: RateLimiter['take'] = async (key, limit, windowMs) => {
    const name = `${prefix}${key}`;
    // INCR then set the expiry only when the key is new (NX), atomically; the expiry left is the wait.
    const results = await redis.client.multi().incr(name).pexpire(name, windowMs, 'NX').pttl(name).exec();
    const count = Number(results?.[0]?.[1] ?? Number.POSITIVE_INFINITY);
    const left = Number(results?.[2]?.[1] ?? windowMs);
    return { ok: count <= limit, retryAfterMs: left > 0 ? left : windowMs };
  };
  return {
    take,
    hit: async (key, limit, windowMs) => (await take(key, limit, windowMs)).ok,
    async giveBack(key) {
      await redis.client.eval(GIVE_BACK, 1, `${prefix}${key}`);
    },
  };
}

export function createRateLimiter(redis: RedisHandle | null, now?: () => number): RateLimiter {
  return redis ? redisRateLimiter(redis) : memoryRateLimiter(now);
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
