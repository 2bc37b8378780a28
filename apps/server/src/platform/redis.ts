import { Redis } from 'ioredis';

export interface RedisHandle {
  client: Redis;
  ping(): Promise<boolean>;
  close(): Promise<void>;
}

/**
 * Redis when REDIS_URL is set (shared rate limits, socket rooms and caches across
 * processes); without it those stay in one process's memory.
 */
export function openRedis(url: string | undefined): RedisHandle | null {
  if (!url) return null;
  const client = new Redis(url, { lazyConnect: false, maxRetriesPerRequest: 2, enableOfflineQueue: true });
  // Reconnects by itself; a refused connection must not crash the process.
  client.on('error', () => undefined);
  return {
    client,
    async ping() {
      try {
        return (await client.ping()) === 'PONG';
      } catch {
        return false;
      }
    },
    async close() {
      client.disconnect();
    },
  };
}
