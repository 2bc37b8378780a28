import { afterAll, describe, expect, it } from 'vitest';
import { readEnvironment } from '../config';
import { openRedis, type RedisHandle } from './redis';
import { createSessionCache, type SessionCache } from './session-cache';

/** The per-process session cache (docs/decisions/031-session-cache.md). */
type Session = { memberId: number; note: string };
const redisUrl = readEnvironment().REDIS_URL ?? 'redis://127.0.0.1:6379';

/** A loader that counts its reads and can be held open mid-read. */
function loader(value: Session | null) {
  let reads = 0;
  let hold: Promise<void> | null = null;
  let release = () => undefined as void;
  return {
    reads: () => reads,
    holdNext() {
      hold = new Promise((resolve) => (release = resolve));
      return () => release();
    },
    async load() {
      reads += 1;
      const waiting = hold;
      hold = null;
      if (waiting) await waiting;
      return value;
    },
  };
}

/** Waits until `done` holds (a message from Redis on its way), at most 5 s. */
async function until(done: () => boolean): Promise<void> {
  for (let tries = 0; !done(); tries += 1) {
    if (tries > 500) throw new Error('never happened');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

describe('the session cache in one process', () => {
  let clock = 0;
  const local = () =>
    createSessionCache<Session>({
      mode: { kind: 'local' },
      memberOf: (s) => s.memberId,
      ttlMs: 1_000,
      maxEntries: 3,
      now: () => clock,
    });

  it('keeps a read for its TTL, and forgets a revoked session or member at once', async () => {
    const cache = local();
    const source = loader({ memberId: 1, note: 'a' });
    await cache.read('t1', source.load);
    await cache.read('t1', source.load);
    expect(source.reads()).toBe(1);
    clock += 1_000;
    await cache.read('t1', source.load);
    expect(source.reads()).toBe(2);

    await cache.revoke({ token: 't1' });
    await cache.read('t1', source.load);
    expect(source.reads()).toBe(3);
    await cache.read('t2', source.load);
    await cache.revoke({ member: 1 });
    await cache.read('t1', source.load);
    await cache.read('t2', source.load);
    expect(source.reads()).toBe(6);
  });

  it('never keeps a read that a revocation overtook', async () => {
    const cache = local();
    const source = loader({ memberId: 2, note: 'before logout' });
    const release = source.holdNext();
    const reading = cache.read('t', source.load);
    // The logout commits and is published while the row (as it was before) is on its way.
    await cache.revoke({ token: 't' });
    release();
    expect(await reading).toEqual({ memberId: 2, note: 'before logout' });
    await cache.read('t', source.load);
    expect(source.reads(), 'the stale read was kept').toBe(2);
  });

  it('holds at most maxEntries sessions, the oldest going first', async () => {
    const cache = local();
    const source = loader({ memberId: 3, note: 'x' });
    for (const token of ['a', 'b', 'c', 'd']) await cache.read(token, source.load);
    await cache.read('d', source.load);
    expect(source.reads()).toBe(4);
    await cache.read('a', source.load);
    expect(source.reads()).toBe(5);
  });

  it('keeps nothing when off (a shared database without Redis)', async () => {
    const cache = createSessionCache<Session>({ mode: { kind: 'off' }, memberOf: (s) => s.memberId });
    const source = loader({ memberId: 4, note: 'x' });
    await cache.read('t', source.load);
    await cache.read('t', source.load);
    expect([cache.caching(), source.reads()]).toEqual([false, 2]);
  });
});

describe('the session cache across processes, through Redis', () => {
  const handles: RedisHandle[] = [];
  const caches: SessionCache<Session>[] = [];
  const open = (url: string) => {
    const redis = openRedis(url)!;
    handles.push(redis);
    const cache = createSessionCache<Session>({
      mode: { kind: 'redis', redis },
      memberOf: (s) => s.memberId,
    });
    caches.push(cache);
    return cache;
  };
  afterAll(async () => {
    for (const cache of caches) await cache.close();
    for (const handle of handles) await handle.close();
  });

  it('a revocation in one process reaches the other', async () => {
    const [a, b] = [open(redisUrl), open(redisUrl)];
    await until(() => a.caching() && b.caching());
    const member = 900_000 + Math.floor(Math.random() * 1000);
    const source = loader({ memberId: member, note: 'x' });
    await b.read('token-b', source.load);
    await b.read('token-b', source.load);
    expect(source.reads()).toBe(1);
    await a.revoke({ member });
    await until(() => {
      void b.read('token-b', source.load);
      return source.reads() > 1;
    });
  });

  it('keeps nothing while it cannot hear revocations (Redis unreachable)', async () => {
    const cache = open('redis://127.0.0.1:1');
    const source = loader({ memberId: 5, note: 'x' });
    await cache.read('t', source.load);
    await cache.read('t', source.load);
    expect([cache.caching(), source.reads()]).toEqual([false, 2]);
  });

  it('keeps nothing once its own heartbeats stop coming back, until one does', async () => {
    let clock = 1_000_000;
    const redis = openRedis(redisUrl)!;
    handles.push(redis);
    // No timer within the test: the beats are sent by hand, the clock moved by hand.
    const cache = createSessionCache<Session>({
      mode: { kind: 'redis', redis },
      memberOf: (s) => s.memberId,
      heartbeatMs: 60_000,
      ttlMs: 10 * 60_000,
      now: () => clock,
    });
    caches.push(cache);
    await until(() => cache.caching());
    const source = loader({ memberId: 7, note: 'x' });
    await cache.read('t', source.load);
    await cache.read('t', source.load);
    expect(source.reads()).toBe(1);
    // Three beats without hearing itself: the subscription may be dead without a word.
    clock += 3 * 60_000 + 1;
    expect(cache.caching()).toBe(false);
    await cache.read('t', source.load);
    expect(source.reads()).toBe(2);
    // The next beat finds it silent: it reconnects, subscribes again and hears itself.
    await cache.heartbeat();
    await until(() => cache.caching());
    await cache.heartbeat();
    await cache.read('t', source.load);
    await cache.read('t', source.load);
    expect(source.reads()).toBe(3);
  });

  it('forgets everything when its subscription drops, and keeps nothing until it is back', async () => {
    const cache = open(redisUrl);
    await until(() => cache.caching());
    const source = loader({ memberId: 6, note: 'x' });
    await cache.read('t', source.load);
    // This process's subscriber connections (named by pid) are cut, this cache's among them (the
    // others' caches reconnect too): revocations sent meanwhile would be lost. NOTE: only this
    // process's; the Redis server is shared. Not only the newest: an earlier test's cache may
    // have reconnected since, after this one.
    const clients = String(await handles.at(-1)!.client.call('CLIENT', 'LIST', 'TYPE', 'pubsub'));
    const ours = clients
      .split('\n')
      .filter((line) => line.includes(`name=wallet-sessions:${process.pid}:`))
      .map((line) => /\bid=(\d+)/.exec(line)![1]!);
    for (const id of ours)
      await handles
        .at(-1)!
        .client.call('CLIENT', 'KILL', 'ID', id)
        .catch(() => undefined);
    await until(() => !cache.caching() || source.reads() > 1);
    await cache.read('t', source.load);
    expect(source.reads()).toBe(2);
    await until(() => cache.caching());
  });
});
