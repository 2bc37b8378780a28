import { randomBytes } from 'node:crypto';
import type { Socket } from 'socket.io-client';
import { describe, expect, it } from 'vitest';
import { readEnvironment } from '../src/config';
import { registration } from './members';
import { registerFunded, withServers } from './processes';
import { follow, hears, openSocket } from './sockets';

/**
 * Two server processes on one PostgreSQL database and one Redis (decision 038): a member's sockets
 * are on process B and the password is changed, then reset, through process A. The sockets of the
 * sessions ended close at once (the recheck is off) and hear nothing written after the revoking
 * call answered, through either process; the session the change kept goes on hearing the room.
 */
const { DATABASE_URL: serverUrl, REDIS_URL: redisFromEnv } = readEnvironment();
const redisUrl = redisFromEnv ?? 'redis://127.0.0.1:6379';

const open = (base: string, token: string) => openSocket(base, { token }, { join: true });

describe.runIf(serverUrl)('revoked sessions’ chat sockets in two server processes', () => {
  it(
    'a password change or reset through A closes the ended sessions’ sockets on B at once',
    { timeout: 120_000 },
    async () => {
      const env = {
        REDIS_URL: redisUrl,
        // Off: whatever closes a socket here is the revocation, never the 30 s recheck.
        CHAT_SOCKET_RECHECK_SECONDS: '0',
        OTP_RESEND_SECONDS: '0',
      };
      const sockets: Socket[] = [];
      await withServers('wallet_chat_revoke_two', async ({ start }) => {
        const [{ base: baseA, call: a }, { base: baseB, call: b }] = await Promise.all([
          start(env),
          start(env),
        ]);
        const send = (call: typeof a, token: string, payload: string) =>
          call(
            'POST',
            '/api/chat/send-message',
            { clientId: randomBytes(9).toString('base64url'), message: { message_type: 'text', payload } },
            token,
          );

        // A member signed in on a phone and a laptop; both sockets on B, and the phone's on A too.
        const { token: phone } = await registerFunded(a);
        const { username } = (await a('GET', '/api/account/profile', undefined, phone)).body.profile as {
          username: string;
        };
        const password = registration().password;
        const laptop = (await b('POST', '/api/login', { username, password })).body.token as string;
        const phoneOnB = await open(baseB, phone);
        const laptopOnB = await open(baseB, laptop);
        const phoneOnA = await open(baseA, phone);
        sockets.push(phoneOnB, laptopOnB, phoneOnA);
        const laptopSide = follow(laptopOnB);

        // The phone changes the password through A: the laptop's session ends.
        const changed = await a(
          'PUT',
          '/api/account/changepwd',
          { oldPassword: password, newPassword: 'a-new-secret-2061' },
          phone,
        );
        expect(changed.status, JSON.stringify(changed.body)).toBe(200);
        // Written at once after it answered, through B and through A: the phone's socket on B hears
        // both, the laptop's none (it was closed before either was sent).
        const heard = [hears(phoneOnB, 'after, through B'), hears(phoneOnB, 'after, through A')];
        expect((await send(b, phone, 'after, through B')).status).toBe(200);
        expect((await send(a, phone, 'after, through A')).status).toBe(200);
        await Promise.all(heard);
        expect(await laptopSide.closed).toBe('io server disconnect');
        expect(laptopSide.texts).toEqual([]);
        expect(phoneOnB.connected).toBe(true);
        expect(phoneOnA.connected).toBe(true);

        // A reset through A ends the phone's session too: its sockets on B and on A close.
        const [phoneSideB, phoneSideA] = [follow(phoneOnB), follow(phoneOnA)];
        const sent = await a('POST', '/api/otp/password-reset/send', { phoneNumber: username });
        const outbox = await a('GET', `/api/sandbox/sms?phone=${username}`);
        const code = (outbox.body.messages as { code: string }[])[0]!.code; // newest first
        await a('POST', '/api/otp/password-reset/verify', { otpToken: sent.body.otpToken, otpCode: code });
        const reset = await a('POST', '/api/account/resetpwd', {
          otpToken: sent.body.otpToken,
          newPassword: 'a-new-secret-2062',
        });
        expect(reset.status, JSON.stringify(reset.body)).toBe(200);
        expect(await phoneSideB.closed).toBe('io server disconnect');
        expect(await phoneSideA.closed).toBe('io server disconnect');
      }).finally(() => {
        for (const socket of sockets) socket.close();
      });
    },
  );
});
