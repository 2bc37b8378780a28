import { describe, expect, it } from 'vitest';
import { readEnvironment } from '../src/config';
import { openRedis } from '../src/platform/redis';
import { publishRevocation } from '../src/platform/session-cache';
import { registration } from './members';
import { registerFunded, withServers } from './processes';

/**
 * Two server processes on one PostgreSQL database and one Redis, each keeping sessions in memory
 * (decision 031): a session ended through one process is refused by the other on the very next
 * request, for a logout, a password change, a password reset and a member locked by staff.
 */
const { DATABASE_URL: serverUrl, REDIS_URL: redisFromEnv } = readEnvironment();
const redisUrl = redisFromEnv ?? 'redis://127.0.0.1:6379';

describe.runIf(serverUrl)('sessions in two server processes', () => {
  it(
    'a revocation through one process holds on the next request at the other',
    { timeout: 120_000 },
    async () => {
      const redis = openRedis(redisUrl)!;
      const env = { REDIS_URL: redisUrl, OTP_RESEND_SECONDS: '0' };
      await withServers('wallet_sessions_two', async ({ start, database }) => {
        const [{ call: a }, { call: b }] = await Promise.all([start(env), start(env)]);
        const password = registration().password;
        const profile = (call: typeof a, token: string) =>
          call('GET', '/api/account/profile', undefined, token);
        /** A member signed in twice; each session used at both processes, so both hold it. */
        async function member() {
          const { id, token } = await registerFunded(a);
          const username = (await profile(a, token)).body.profile as { username: string };
          const second = (await b('POST', '/api/login', { username: username.username, password })).body
            .token as string;
          for (const call of [a, b]) {
            for (const session of [token, second]) expect((await profile(call, session)).status).toBe(200);
          }
          return { id, phone: username.username, token, second };
        }

        // Kept in memory indeed: a row deleted behind the servers' backs is not noticed at once.
        const held = await member();
        await database.query('delete from sessions where member_id = $1', [held.id]);
        expect((await profile(b, held.token)).status).toBe(200);

        // Logout at A: B refuses the token on the next request.
        const out = await member();
        expect((await a('POST', '/api/logout', {}, out.token)).status).toBe(200);
        expect((await profile(b, out.token)).body).toEqual({ message: 'invalid-token' });
        expect((await profile(a, out.token)).body).toEqual({ message: 'invalid-token' });
        expect((await profile(b, out.second)).status).toBe(200);

        // A password change at B ends the other session at A; this one stays.
        const changed = await member();
        const change = await b(
          'PUT',
          '/api/account/changepwd',
          { oldPassword: password, newPassword: 'a-new-secret-2041' },
          changed.second,
        );
        expect(change.status, JSON.stringify(change.body)).toBe(200);
        expect((await profile(a, changed.token)).body).toEqual({ message: 'invalid-token' });
        expect((await profile(b, changed.token)).body).toEqual({ message: 'invalid-token' });
        expect((await profile(a, changed.second)).status).toBe(200);

        // A password reset at A ends every session at B.
        const reset = await member();
        const sent = await a('POST', '/api/otp/password-reset/send', { phoneNumber: reset.phone });
        const outbox = await a('GET', `/api/sandbox/sms?phone=${reset.phone}`);
        const code = (outbox.body.messages as { code: string }[])[0]!.code; // newest first
        await a('POST', '/api/otp/password-reset/verify', { otpToken: sent.body.otpToken, otpCode: code });
        const done = await a('POST', '/api/account/resetpwd', {
          otpToken: sent.body.otpToken,
          newPassword: 'a-new-secret-2042',
        });
        expect(done.status, JSON.stringify(done.body)).toBe(200);
        for (const session of [reset.token, reset.second]) {
          expect((await profile(b, session)).body).toEqual({ message: 'invalid-token' });
        }

        // A member locked by a staff tool (its change, then its revocation published): both refuse.
        const locked = await member();
        await database.query(`update members set status = 'inactive' where id = $1`, [locked.id]);
        await publishRevocation(redis.client, { member: locked.id });
        for (const call of [a, b]) {
          for (const session of [locked.token, locked.second]) {
            expect((await profile(call, session)).body).toEqual({ message: 'invalid-token' });
          }
        }
      }).finally(() => redis.close());
    },
  );
});
