import type { AddressInfo } from 'node:net';
import type { Socket } from 'socket.io-client';
import type { JoinAck } from '@wallet/contract/socket';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chatCall, newGuest, sendText } from '../../../test/chat';
import { bearer, lastCodeTo, login, post, registerMember } from '../../../test/members';
import { listen, signedInMember } from '../../../test/money';
import { createStaffAndSignIn, setStaffActive, staffCall, staffSocketAuth } from '../../../test/staff';
import { follow, hears, openSocket } from '../../../test/sockets';
import { createTestApp, memberHeaders, type TestApp } from '../../../test/test-app';

/**
 * Every revocation closes the chat sockets of exactly the sessions it ended, at once, on one process
 * without Redis (decision 038; test/chat-revocation-processes.test.ts does it across two). The
 * recheck is off here: whatever closes a socket below is the revocation itself.
 */
let t: TestApp;
let base: string;
const sockets: Socket[] = [];

beforeAll(async () => {
  // OTP_RESEND_SECONDS: a reset code follows the registration code at once.
  t = await createTestApp({ CHAT_SOCKET_RECHECK_SECONDS: '0', OTP_RESEND_SECONDS: '0' });
  await listen(t.app);
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  sockets.forEach((socket) => socket.close());
  await t?.close();
});

/** A socket of `auth`, joined to its own room when it is a member's. */
const open = (auth: { token: string } | { staffTicket: string }) =>
  openSocket(base, auth, { opened: sockets, join: 'token' in auth });

/** A member signed in on two devices, each with a socket in the member's room. */
async function memberOnTwoDevices() {
  const member = await registerMember(t.app);
  const phone = await login(t.app, member.username, member.password);
  const laptop = await login(t.app, member.username, member.password);
  return {
    member,
    phone,
    laptop,
    phoneSocket: await open({ token: phone }),
    laptopSocket: await open({ token: laptop }),
  };
}

describe('a revocation closes the sockets of the sessions it ended', () => {
  it('a password change: the other device’s socket at once, hearing nothing after; this device’s stays', async () => {
    const { member, phone, phoneSocket, laptopSocket } = await memberOnTwoDevices();
    const bystander = await open({ token: (await signedInMember(t.app)).token });
    const laptop = follow(laptopSocket);

    const changed = await t.app.inject({
      method: 'PUT',
      url: '/api/account/changepwd',
      payload: { oldPassword: member.password, newPassword: 'a-new-secret-2051' },
      headers: memberHeaders(bearer(phone)),
    });
    expect(changed.statusCode, changed.body).toBe(200);
    // Written at once after the change answered: the phone's socket hears it, the laptop's must not.
    const heard = hears(phoneSocket, 'after the change');
    await sendText(t.app, { token: phone }, 'after the change');
    await heard;
    expect(await laptop.closed).toBe('io server disconnect');
    expect(laptop.texts).not.toContain('after the change');
    expect(phoneSocket.connected).toBe(true);
    expect(bystander.connected).toBe(true);
  });

  it('a password reset: every socket of the member', async () => {
    const { member, phoneSocket, laptopSocket } = await memberOnTwoDevices();
    const bystander = await open({ token: (await signedInMember(t.app)).token });
    const [phone, laptop] = [follow(phoneSocket), follow(laptopSocket)];

    const sent = await post(t.app, '/api/otp/password-reset/send', { phoneNumber: member.username });
    expect(sent.statusCode, sent.body).toBe(200);
    const { otpToken } = sent.json<{ otpToken: string }>();
    const code = await lastCodeTo(t.app, member.username);
    expect(
      (await post(t.app, '/api/otp/password-reset/verify', { otpToken, otpCode: code })).statusCode,
    ).toBe(200);
    const reset = await post(t.app, '/api/account/resetpwd', { otpToken, newPassword: 'a-new-secret-2052' });
    expect(reset.statusCode, reset.body).toBe(200);
    expect(await phone.closed).toBe('io server disconnect');
    expect(await laptop.closed).toBe('io server disconnect');
    expect(bystander.connected).toBe(true);
  });

  it('a sign-out: that session’s socket only; the member’s other device goes on hearing the room', async () => {
    const { phone, laptop, phoneSocket, laptopSocket } = await memberOnTwoDevices();
    const phoneSide = follow(phoneSocket);
    const out = await chatCall(t.app, { token: phone }, 'POST', '/api/logout', {});
    expect(out.statusCode, out.body).toBe(200);
    expect(await phoneSide.closed).toBe('io server disconnect');
    // Written from the laptop (its session stands): its own socket still hears the room.
    const heard = hears(laptopSocket, 'still here');
    await sendText(t.app, { token: laptop }, 'still here');
    await heard;
    expect(laptopSocket.connected).toBe(true);
  });

  it('a member locked out: every socket of theirs; unlocking closes none', async () => {
    const { member, phoneSocket, laptopSocket } = await memberOnTwoDevices();
    const [phone, laptop] = [follow(phoneSocket), follow(laptopSocket)];
    const other = await memberOnTwoDevices();
    await t.services.accounts.setStatus(Number(other.member.id), 'active');
    await t.services.accounts.setStatus(Number(member.id), 'inactive');
    expect(await phone.closed).toBe('io server disconnect');
    expect(await laptop.closed).toBe('io server disconnect');
    // Still open: a round trip on each proves the server kept them.
    for (const socket of [other.phoneSocket, other.laptopSocket]) {
      expect(((await socket.timeout(5_000).emitWithAck('join', {})) as JoinAck).ok).toBe(true);
    }
  });

  it('staff switched off: their socket at once, hearing no inbox after; other staff’s stays', async () => {
    const fired = await createStaffAndSignIn(t, { name: 'Fired' });
    const kept = await createStaffAndSignIn(t, { name: 'Kept' });
    const firedSocket = await open(await staffSocketAuth(t.app, fired.token));
    const keptSocket = await open(await staffSocketAuth(t.app, kept.token));
    const firedInbox: unknown[] = [];
    firedSocket.on('inbox', (entry: unknown) => firedInbox.push(entry));
    const firedSide = follow(firedSocket);

    await setStaffActive(t, fired.staffId, false);
    const guest = await newGuest(t.app);
    const keptHears = new Promise((resolve) => keptSocket.once('inbox', resolve));
    await sendText(t.app, guest, 'words for active staff only');
    await keptHears;
    expect(await firedSide.closed).toBe('io server disconnect');
    expect(firedInbox).toEqual([]);
    expect(keptSocket.connected).toBe(true);
    expect((await staffCall(t.app, fired.token, 'GET', '/api/console/chat/conversations')).statusCode).toBe(
      401,
    );
  });
});
