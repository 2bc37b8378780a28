import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { readEnvironment } from '../src/config';
import { registration } from './members';
import { registerFunded, staffOn, withServers } from './processes';
import { follow, openSocket } from './sockets';

/**
 * A member locked by staff (issue 27, section 5) on two server processes sharing PostgreSQL and
 * Redis: every session of the member ends at once on both, its chat sockets on both close, sign-in
 * answers INACTIVE_USER, and a withdrawal of theirs waiting for review stays held: it cannot be
 * approved until they are unlocked.
 */
const { DATABASE_URL: serverUrl, REDIS_URL: redisFromEnv } = readEnvironment();
const redisUrl = redisFromEnv ?? 'redis://127.0.0.1:6379';

describe.runIf(serverUrl)('a member locked by staff, on two server processes', () => {
  it(
    'ends their sessions and sockets on both processes; their held withdrawal stays held',
    { timeout: 120_000 },
    async () => {
      const env = { REDIS_URL: redisUrl, CHAT_SOCKET_RECHECK_SECONDS: '0' };
      await withServers('wallet_lock_two', async ({ start, url }) => {
        const [{ base: baseA, call: a }, { base: baseB, call: b }] = await Promise.all([
          start(env),
          start(env),
        ]);
        const [owner, finance] = [await staffOn(a, url, 'owner'), await staffOn(b, url, 'finance')];
        const rules = {
          autoApproveMax: { BAHT: 0, LAK: 0 },
          dailyAutoCount: 3,
          reviewFirst: false,
          secondApprovalOver: { BAHT: 5_000_000, LAK: 5_000_000 },
        };
        expect((await a('PUT', '/api/console/settings/withdrawals', rules, owner)).status).toBe(200);

        // A member signed in on A and on B, with a chat socket on each, and a withdrawal held.
        const { id, token: onA } = await registerFunded(a);
        const { username } = (await a('GET', '/api/account/profile', undefined, onA)).body.profile as {
          username: string;
        };
        const password = registration().password;
        const onB = (await b('POST', '/api/login', { username, password })).body.token as string;
        const held = await a('POST', '/api/wallet/withdraw', { amount: 50_000 }, onA, randomUUID());
        expect(held.status).toBe(202);
        const reference = held.body.reference as string;
        const [socketA, socketB] = [
          await openSocket(baseA, { token: onA }, { join: true }),
          await openSocket(baseB, { token: onB }, { join: true }),
        ];
        const [sideA, sideB] = [follow(socketA), follow(socketB)];

        try {
          // Support may not lock; finance locks through B.
          const support = await staffOn(a, url, 'support');
          expect((await a('POST', `/api/console/members/${id}/lock`, { reason: 'x' }, support)).status).toBe(
            403,
          );
          const locked = await b(
            'POST',
            `/api/console/members/${id}/lock`,
            { reason: 'Shared bank account' },
            finance,
          );
          expect(locked.body).toEqual({ memberId: id, status: 'inactive' });
          const started = Date.now();
          expect(await sideA.closed).toBe('io server disconnect');
          expect(await sideB.closed).toBe('io server disconnect');
          expect(Date.now() - started).toBeLessThan(1_000);
          for (const [call, token] of [
            [a, onA],
            [b, onB],
            [a, onB],
            [b, onA],
          ] as const)
            expect((await call('GET', '/api/account/profile', undefined, token)).status).toBe(401);
          expect((await a('POST', '/api/login', { username, password })).body).toEqual({
            message: 'INACTIVE_USER',
          });

          // The held withdrawal stays held: not approved while the member is locked.
          const approve = `/api/console/withdrawals/${encodeURIComponent(reference)}/approve`;
          expect((await a('POST', approve, {}, owner)).body).toEqual({ message: 'MEMBER_LOCKED' });
          const queue = await b('GET', '/api/console/withdrawals?status=review', undefined, finance);
          expect((queue.body.items as { id: string }[]).map((item) => item.id)).toContain(reference);

          // Unlocked through A: the member signs in again, and the withdrawal can be approved.
          expect(
            (await a('POST', `/api/console/members/${id}/unlock`, { reason: 'Checked' }, owner)).status,
          ).toBe(200);
          expect((await b('POST', '/api/login', { username, password })).status).toBe(200);
          expect((await a('POST', approve, {}, owner)).body.status).toBe('approved');
        } finally {
          socketA.close();
          socketB.close();
        }
      });
    },
  );
});
