import { randomBytes } from 'node:crypto';
import type { Redis } from 'ioredis';
import type { RedisHandle } from './redis';

/** The channel every process hears revocations on. */
export const REVOCATIONS_CHANNEL = 'wallet:sessions:revoked';

/** A revocation as published: one session by its token's hash, or every session of a member. */
export type Revocation = { token: string } | { member: number };

/** A heartbeat's message: `h:` and the id of the cache that sent it (only that one listens for it). */
const HEARTBEAT = 'h:';

const encode = (revocation: Revocation) =>
  'token' in revocation ? `t:${revocation.token}` : `m:${revocation.member}`;

/**
 * Publishes a revocation to every process's cache. For the session cache itself and for staff
 * tools that change a member outside the server (they must call this after their change commits).
 */
export async function publishRevocation(
  client: Pick<Redis, 'publish'>,
  revocation: Revocation,
): Promise<void> {
  await client.publish(REVOCATIONS_CHANNEL, encode(revocation));
}

export interface SessionCacheOptions<T> {
  /**
   * `redis`: revocations go to every process through pub/sub; `local`: one process (the embedded
   * database), revoked in memory; `off`: several processes may share the database and nothing
   * would tell the others, so nothing is cached.
   */
  mode: { kind: 'redis'; redis: RedisHandle } | { kind: 'local' } | { kind: 'off' };
  memberOf: (value: T) => number;
  ttlMs?: number;
  maxEntries?: number;
  /**
   * With Redis: how often the cache sends itself a heartbeat through the channel. A cache whose
   * own heartbeats stopped coming back for three of these keeps nothing and reconnects: a
   * subscription can die silently (a half-open connection, a failover that left it on the old
   * server) and would otherwise miss revocations without any event saying so.
   */
  heartbeatMs?: number;
  now?: () => number;
}

export interface SessionCache<T> {
  /**
   * The session of `tokenHash`: from this process's memory when it is there and young, else from
   * `load`, kept only when no revocation (nor a loss of the Redis subscription) happened while it
   * was read: a read that raced a revocation could hold the row as it was before.
   */
  read(tokenHash: string, load: () => Promise<T | null>): Promise<T | null>;
  /** Changes a cached value in place (a touched session's last use); a no-op when not cached. */
  update(tokenHash: string, change: (value: T) => T): void;
  /** Forgets one session in this process only (a copy found too old to trust). */
  drop(tokenHash: string): void;
  /** Forgets a session or a member's sessions here and, with Redis, in every process. */
  revoke(revocation: Revocation): Promise<void>;
  /** Whether reads are kept now (for tests and the health of the subscription). */
  caching(): boolean;
  /** Sends one heartbeat now (the timer does it every `heartbeatMs`; tests call it). */
  heartbeat(): Promise<void>;
  close(): Promise<void>;
}

let opened = 0;

/**
 * The per-process cache of member sessions (docs/decisions/031-session-cache.md). Bounded (the
 * oldest entry goes first) and short-lived (`ttlMs`), so even a revocation that never arrived
 * (a change made behind the server's back) is honoured within the TTL.
 */
export function createSessionCache<T>(options: SessionCacheOptions<T>): SessionCache<T> {
  const { mode, memberOf } = options;
  const ttlMs = options.ttlMs ?? 10_000;
  const maxEntries = options.maxEntries ?? 20_000;
  const now = options.now ?? Date.now;
  const entries = new Map<string, { value: T; at: number }>();
  /** Moves on at every revocation and every loss of the subscription; a read checks it after. */
  let epoch = 0;
  /** With Redis: whether this process is subscribed now (else nothing is kept). */
  let subscribed = mode.kind === 'local';
  /** Moves on at every loss of the subscription. */
  let gaps = 0;
  let subscriber: Redis | null = null;
  const heartbeatMs = options.heartbeatMs ?? 2_000;
  // Random as well: processes in containers often share a pid, and two caches that took each
  // other's heartbeats for their own could not tell a dead subscription.
  const selfId = `${process.pid}:${(opened += 1)}:${randomBytes(6).toString('hex')}`;
  /** When this cache last heard its own heartbeat, or subscribed (null: not subscribed). */
  let lastBeat: number | null = null;
  let timer: NodeJS.Timeout | null = null;

  function forget(revocation: Revocation): void {
    epoch += 1;
    if ('token' in revocation) {
      entries.delete(revocation.token);
      return;
    }
    for (const [token, entry] of entries)
      if (memberOf(entry.value) === revocation.member) entries.delete(token);
  }

  function unsubscribed(): void {
    subscribed = false;
    lastBeat = null;
    gaps += 1;
    epoch += 1;
    entries.clear();
  }

  if (mode.kind === 'redis') {
    // Named by process and order, so a test can find this very connection.
    const sub = mode.redis.client.duplicate({ connectionName: `wallet-sessions:${selfId}` });
    subscriber = sub;
    sub.on('error', () => undefined);
    // NOTE: any gap in the subscription may have lost revocations: forget everything and keep
    // nothing until subscribed again.
    sub.on('close', unsubscribed);
    sub.on('reconnecting', unsubscribed);
    sub.on('end', unsubscribed);
    sub.on('message', (channel: string, message: string) => {
      if (channel !== REVOCATIONS_CHANNEL) return;
      if (message.startsWith(HEARTBEAT)) {
        // Another process's heartbeat is not news for this one.
        if (message === `${HEARTBEAT}${selfId}` && subscribed) lastBeat = now();
        return;
      }
      if (message.startsWith('t:')) forget({ token: message.slice(2) });
      else if (message.startsWith('m:')) forget({ member: Number(message.slice(2)) });
      else unsubscribed();
    });
    const subscribe = () => {
      const at = gaps;
      sub.subscribe(REVOCATIONS_CHANNEL).then(
        () => {
          // Only if no gap opened while the subscription was being made.
          if (gaps === at && sub.status === 'ready') {
            subscribed = true;
            // A subscription just confirmed counts as heard; its heartbeats must follow.
            lastBeat = now();
            void heartbeat();
          }
        },
        () => unsubscribed(),
      );
    };
    sub.on('ready', subscribe);
  }

  /** Whether this cache heard its own heartbeat within three beats. */
  const hearing = () => lastBeat !== null && now() - lastBeat <= 3 * heartbeatMs;
  const caching = () => mode.kind === 'local' || (mode.kind === 'redis' && subscribed && hearing());

  async function heartbeat(): Promise<void> {
    if (mode.kind !== 'redis' || !subscriber) return;
    // Silent for three beats while subscribed: the subscription is dead without having said so.
    // Forget everything and reconnect it (its 'ready' subscribes again).
    if (subscribed && !hearing()) {
      unsubscribed();
      subscriber.disconnect(true);
      return;
    }
    await mode.redis.client.publish(REVOCATIONS_CHANNEL, `${HEARTBEAT}${selfId}`).catch(() => undefined);
  }
  if (mode.kind === 'redis' && heartbeatMs > 0) {
    timer = setInterval(() => void heartbeat(), heartbeatMs);
    timer.unref();
  }

  return {
    caching,
    heartbeat,

    async read(tokenHash, load) {
      const cached = entries.get(tokenHash);
      if (cached && caching() && now() - cached.at < ttlMs) return cached.value;
      if (cached) entries.delete(tokenHash);
      const before = epoch;
      const wasCaching = caching();
      const value = await load();
      if (value !== null && wasCaching && caching() && epoch === before) {
        if (entries.size >= maxEntries) entries.delete(entries.keys().next().value!);
        entries.set(tokenHash, { value, at: now() });
      }
      return value;
    },

    update(tokenHash, change) {
      const cached = entries.get(tokenHash);
      if (cached) cached.value = change(cached.value);
    },

    drop(tokenHash) {
      entries.delete(tokenHash);
    },

    async revoke(revocation) {
      // Here at once; the others through Redis before the revoking call answers.
      forget(revocation);
      if (mode.kind === 'redis') {
        // NOTE: if Redis cannot take it, the others' subscriptions are most likely broken too (then
        // they keep nothing); the TTL bounds what a lone broken link could leave.
        await publishRevocation(mode.redis.client, revocation).catch(() => undefined);
      }
    },

    async close() {
      if (timer) clearInterval(timer);
      subscriber?.disconnect();
      entries.clear();
    },
  };
}
