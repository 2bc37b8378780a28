import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { Agent, createServer } from 'node:https';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createECDH, randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { io as connect, type Socket } from 'socket.io-client';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChatMessage, ChatRoomState } from '@wallet/contract/http/chat';
import type { ConsoleConversation, ConversationListResponse } from '@wallet/contract/http/console';
import { SOCKET_PATH, type JoinAck } from '@wallet/contract/socket';
import { rowsOf } from '../../platform/db/rows';
import { chatCall, clientId, newGuest, sendText } from '../../../test/chat';
import { listen, signedInMember } from '../../../test/money';
import { createStaffAndSignIn, staffCall, staffSocketAuth } from '../../../test/staff';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { DEFAULT_CHAT_LIMITS } from './chat.routes';
import { createWebPushSender } from '../../adapters/push/web-push-sender';

/**
 * The chat socket and the staff inbox on a listening server (decision 023): a socket joins only its
 * owner's room, messages reach the room as they are stored, a reconnecting client gets what it
 * missed by number, staff follow the inbox and answer, resolving starts a new session, every staff
 * action is audited, and a member nobody is connected for gets a web push.
 */
let t: TestApp;
let base: string;
let staffToken: string;
const pushes: { path: string; headers: IncomingMessage['headers']; bytes: number }[] = [];
// A push service of our own over https (as every real one is), its certificate made for the test.
const certDir = mkdtempSync(path.join(tmpdir(), 'wallet-push-'));
execFileSync(
  'openssl',
  [
    'req',
    '-x509',
    '-newkey',
    'ec',
    '-pkeyopt',
    'ec_paramgen_curve:prime256v1',
    '-nodes',
    '-days',
    '1',
    '-subj',
    '/CN=127.0.0.1',
    '-addext',
    'subjectAltName=IP:127.0.0.1',
    '-keyout',
    path.join(certDir, 'key.pem'),
    '-out',
    path.join(certDir, 'cert.pem'),
  ],
  { stdio: 'ignore' },
);
const certificate = readFileSync(path.join(certDir, 'cert.pem'));
const pushService = createServer(
  { key: readFileSync(path.join(certDir, 'key.pem')), cert: certificate },
  (request: IncomingMessage, response: ServerResponse) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      pushes.push({ path: request.url ?? '', headers: request.headers, bytes: Buffer.concat(chunks).length });
      response.writeHead(request.url?.includes('gone') ? 410 : 201).end();
    });
  },
);

/** Every endpoint the server tried to post a push to. */
const attempted: string[] = [];
const sender = createWebPushSender(new Agent({ ca: certificate }));

beforeAll(async () => {
  // Listening first: the push service is listed with its port, the only one allowed besides 443.
  await new Promise((resolve) => pushService.listen(0, '127.0.0.1', () => resolve(undefined)));
  t = await createTestApp(
    { CHAT_PUSH_HOSTS: `127.0.0.1:${(pushService.address() as AddressInfo).port}` },
    {
      chatLimits: { ...DEFAULT_CHAT_LIMITS, messagesPerMinute: 1_000 },
      pushSender: (subscription, notice, vapid) => {
        attempted.push(subscription.endpoint);
        return sender(subscription, notice, vapid);
      },
    },
  );
  await listen(t.app);
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  staffToken = (await createStaffAndSignIn(t, { name: 'Nok' })).token;
});
afterAll(async () => {
  pushService.close();
  await t?.close();
});

const sockets: Socket[] = [];
function open(auth: object, at = base, extraHeaders?: Record<string, string>): Promise<Socket> {
  const socket = connect(at, {
    path: SOCKET_PATH,
    auth,
    extraHeaders,
    transports: ['websocket'],
    reconnection: false,
    forceNew: true,
  });
  sockets.push(socket);
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', (error) => reject(error));
  });
}
afterAll(() => sockets.forEach((socket) => socket.close()));

const join = (socket: Socket, data: object) =>
  socket.timeout(5_000).emitWithAck('join', data) as Promise<JoinAck>;

/** The next `count` events of one name on a socket (only those `where` takes). */
function next<T>(
  socket: Socket,
  event: string,
  count = 1,
  where: (data: T) => boolean = () => true,
): Promise<T[]> {
  return new Promise((resolve, reject) => {
    const got: T[] = [];
    const timer = setTimeout(
      () => reject(new Error(`only ${got.length} of ${count} ${event} events`)),
      5_000,
    );
    const listener = (data: T) => {
      if (!where(data)) return;
      got.push(data);
      if (got.length === count) {
        clearTimeout(timer);
        socket.off(event, listener);
        resolve(got);
      }
    };
    socket.on(event, listener);
  });
}

/** Nothing of `event` arrives within `ms`. */
function silence(socket: Socket, event: string, ms = 300): Promise<unknown[]> {
  const got: unknown[] = [];
  const listener = (data: unknown) => got.push(data);
  socket.on(event, listener);
  return new Promise((resolve) =>
    setTimeout(() => {
      socket.off(event, listener);
      resolve(got);
    }, ms),
  );
}

async function conversationOf(
  match: (conversation: ConsoleConversation) => boolean,
): Promise<ConsoleConversation> {
  const list = (
    await staffCall(t.app, staffToken, 'GET', '/api/console/chat/conversations?status=open')
  ).json<ConversationListResponse>();
  const found = list.conversations.find(match);
  if (!found) throw new Error('conversation not in the inbox');
  return found;
}

const staffText = (conversationId: number, payload: string) =>
  staffCall(t.app, staffToken, 'POST', `/api/console/chat/conversations/${conversationId}/messages`, {
    clientId: clientId(),
    message: { message_type: 'text', payload },
  });

describe('joining', () => {
  it('a socket is refused without a valid token or a server-issued guest id', async () => {
    const guest = await newGuest(t.app);
    const forged = `${guest.guestId.split('.')[0]}.${'A'.repeat(22)}`;
    for (const auth of [
      {},
      { token: 'x'.repeat(43) },
      { guestId: forged },
      { staffTicket: 'y'.repeat(43) },
    ]) {
      await expect(open(auth), JSON.stringify(auth)).rejects.toThrow();
    }
  });

  it('a socket joins its own room only: not another member’s, not another guest’s', async () => {
    const member = await signedInMember(t.app);
    const other = await signedInMember(t.app);
    const socket = await open({ token: member.token });
    expect(await join(socket, { userId: other.id })).toEqual({ ok: false, error: 'CHAT_ROOM_FORBIDDEN' });
    const guest = await newGuest(t.app);
    expect(await join(socket, { guestId: guest.guestId })).toEqual({
      ok: false,
      error: 'CHAT_ROOM_FORBIDDEN',
    });
    const own = await join(socket, { userId: member.id });
    expect(own).toMatchObject({ ok: true, room: `wallet-chat-${member.id}` });

    const guestSocket = await open({ guestId: guest.guestId });
    const another = await newGuest(t.app);
    expect(await join(guestSocket, { guestId: another.guestId })).toEqual({
      ok: false,
      error: 'CHAT_ROOM_FORBIDDEN',
    });
    expect(await join(guestSocket, { userId: member.id })).toEqual({
      ok: false,
      error: 'CHAT_ROOM_FORBIDDEN',
    });
    expect(await join(guestSocket, { guestId: guest.guestId })).toMatchObject({ ok: true });

    // The other member's message reaches neither socket.
    const overheard = silence(socket, 'messaging');
    await sendText(t.app, { token: other.token }, 'not for you');
    expect(await overheard).toEqual([]);
  });
  it('signing out closes the socket of that session at once', async () => {
    const member = await signedInMember(t.app);
    const socket = await open({ token: member.token });
    expect(await join(socket, {})).toMatchObject({ ok: true });
    const closed = new Promise((resolve) => socket.once('disconnect', resolve));
    const out = await chatCall(t.app, { token: member.token }, 'POST', '/api/logout', {});
    expect(out.statusCode, out.body).toBe(200);
    expect(await closed).toBe('io server disconnect');
  });

  it('a session that ended without a sign-out is found by the recheck, and its socket closed', async () => {
    const member = await signedInMember(t.app);
    const other = await open({ token: (await signedInMember(t.app)).token });
    const socket = await open({ token: member.token });
    await join(socket, {});
    const closed = new Promise((resolve) => socket.once('disconnect', resolve));
    // As a password change elsewhere does: every session of the member ends.
    await t.database.db.execute(sql`delete from sessions where member_id = ${member.id}`);
    expect(await t.services.chatSocket.recheck()).toBeGreaterThanOrEqual(1);
    expect(await closed).toBe('io server disconnect');
    expect(other.connected).toBe(true);
  });
});

describe('socket limits', () => {
  it('one socket’s flood of joins is refused past 60 a minute, and other sockets go on', async () => {
    const member = await signedInMember(t.app);
    const flooding = await open({ token: member.token });
    for (let n = 1; n <= 60; n += 1)
      expect(await join(flooding, {}), `join ${n}`).toMatchObject({ ok: true });
    expect(await join(flooding, {})).toEqual({ ok: false, error: 'REQUEST_LIMIT' });
    const calm = await open({ token: member.token });
    expect(await join(calm, {})).toMatchObject({ ok: true });
    // Staff: the refused watch still leaves the conversation followed before, whose messages
    // would otherwise show in the one the console opened.
    const guest = await newGuest(t.app);
    await sendText(t.app, guest, 'first');
    const followed = await conversationOf((entry) => entry.guestLabel === guest.guestId.slice(1, 7));
    const staffSocket = await open(await staffSocketAuth(t.app, staffToken));
    const watch = (conversationId: number | null) =>
      staffSocket.timeout(5_000).emitWithAck('watch', { conversationId });
    for (let n = 1; n <= 60; n += 1) expect(await watch(followed.id), `watch ${n}`).toEqual({ ok: true });
    expect(await watch(followed.id + 1)).toEqual({ ok: false, error: 'REQUEST_LIMIT' });
    const quiet = silence(staffSocket, 'messaging');
    await sendText(t.app, guest, 'not for the other conversation');
    expect(await quiet).toEqual([]);
  });

  it('guests’ sockets count against their address’s allowance, read behind the proxy; members’ do not', async () => {
    const limited = await createTestApp(
      { TRUST_PROXY_HOPS: '1' },
      { chatLimits: { ...DEFAULT_CHAT_LIMITS, callsPerMinutePerAddress: 3, guestsPerHour: 100 } },
    );
    try {
      await listen(limited.app);
      const at = `http://127.0.0.1:${(limited.app.server.address() as AddressInfo).port}`;
      const guest = await newGuest(limited.app);
      const from = (address: string) => ({ 'x-forwarded-for': address });
      for (let n = 1; n <= 3; n += 1) await open({ guestId: guest.guestId }, at, from('198.51.100.7'));
      await expect(open({ guestId: guest.guestId }, at, from('198.51.100.7'))).rejects.toThrow(
        'REQUEST_LIMIT',
      );
      // Another address behind the same proxy has its own allowance; a member is not counted.
      await open({ guestId: guest.guestId }, at, from('203.0.113.50'));
      const member = await signedInMember(limited.app);
      await open({ token: member.token }, at, from('198.51.100.7'));
    } finally {
      await limited.close();
    }
  });
});

describe('delivery', () => {
  it('a message reaches the room’s sockets as it is stored, with its number', async () => {
    const member = await signedInMember(t.app);
    const phone = await open({ token: member.token });
    const laptop = await open({ token: member.token });
    await join(phone, {});
    await join(laptop, { userId: member.id });
    // Three events: the message, the bot's greeting and its hand-over.
    const [onPhone, onLaptop] = [
      next<ChatMessage>(phone, 'messaging', 3),
      next<ChatMessage>(laptop, 'messaging', 3),
    ];
    const sent = await sendText(t.app, { token: member.token }, 'hello there');
    const received = await onPhone;
    expect(received[0]).toMatchObject({
      seq: sent.seq,
      sender: 'customer',
      message: { message_type: 'text', payload: 'hello there' },
    });
    expect(received.map((message) => message.seq)).toEqual([1, 2, 3]);
    expect((await onLaptop).map((message) => message.seq)).toEqual([1, 2, 3]);
  });

  it('after 50 answers sent while offline, a reconnect gets all 50 in order from its last number', async () => {
    const member = await signedInMember(t.app);
    let socket = await open({ token: member.token });
    await join(socket, {});
    const first = next<ChatMessage>(socket, 'messaging', 3);
    await sendText(t.app, { token: member.token }, 'is anyone there?');
    const lastHeld = Math.max(...(await first).map((message) => message.seq));
    socket.close();

    const conversation = await conversationOf((entry) => entry.member?.id === member.id);
    for (let index = 1; index <= 50; index += 1)
      expect((await staffText(conversation.id, `answer ${index}`)).statusCode).toBe(200);

    socket = await open({ token: member.token });
    const ack = await join(socket, {});
    if (!ack.ok) throw new Error(ack.error);
    expect(ack.state.lastSeq).toBe(lastHeld + 50);
    const missed = (
      await chatCall(t.app, { token: member.token }, 'POST', '/api/chat/since', { afterSeq: lastHeld })
    ).json<{
      result: ChatMessage[];
      more: boolean;
    }>();
    expect(missed.more).toBe(false);
    expect(
      missed.result.map((message) =>
        message.message.message_type === 'text' ? message.message.payload : '',
      ),
    ).toEqual(Array.from({ length: 50 }, (_, index) => `answer ${index + 1}`));
    expect(missed.result.map((message) => message.seq)).toEqual(
      Array.from({ length: 50 }, (_, index) => lastHeld + 1 + index),
    );
    expect(missed.result.every((message) => message.name === 'Nok' && !message.bot)).toBe(true);
    const unread = await chatCall(t.app, { token: member.token }, 'POST', '/api/chat/unread', {});
    expect(unread.json<{ unread: number }>().unread).toBeGreaterThanOrEqual(50);
  });
});

describe('the staff inbox', () => {
  it('staff see new conversations live, answer, mark read, and resolve into a new session', async () => {
    const staffSocket = await open(await staffSocketAuth(t.app, staffToken));
    const guest = await newGuest(t.app);
    const guestSocket = await open({ guestId: guest.guestId });
    await join(guestSocket, { guestId: guest.guestId });

    const inboxEvent = next<ConsoleConversation>(staffSocket, 'inbox');
    await sendText(t.app, guest, 'my withdrawal is late');
    const [event] = await inboxEvent;
    expect(event).toMatchObject({ member: null, guestLabel: guest.guestId.slice(1, 7), status: 'open' });
    const conversation = await conversationOf((entry) => entry.id === event!.id);
    expect(conversation.unread).toBe(1);
    expect(conversation.waitingForStaff).toBe(true);

    // Staff follow the conversation and see the guest's next message.
    expect(
      await staffSocket.timeout(5_000).emitWithAck('watch', { conversationId: conversation.id }),
    ).toEqual({ ok: true });
    const followed = next<ChatMessage>(
      staffSocket,
      'messaging',
      1,
      (message) => message.sender === 'customer',
    );
    await sendText(t.app, guest, 'order 123');
    expect((await followed)[0]).toMatchObject({ sender: 'customer', message: { payload: 'order 123' } });

    const answered = next<ChatMessage>(guestSocket, 'messaging', 1, (message) => message.sender === 'other');
    const quickReplies = await staffCall(
      t.app,
      staffToken,
      'POST',
      `/api/console/chat/conversations/${conversation.id}/messages`,
      {
        clientId: clientId(),
        message: {
          message_type: 'quick_replies',
          payload: { text: 'Which bank?', quick_replies: [{ title: 'SCB', payload: 'BANK_SCB' }] },
        },
      },
    );
    expect(quickReplies.statusCode, quickReplies.body).toBe(200);
    expect((await answered)[0]).toMatchObject({
      sender: 'other',
      name: 'Nok',
      message: { message_type: 'quick_replies' },
    });
    const afterAnswer = await conversationOf((entry) => entry.id === conversation.id);
    expect(afterAnswer.waitingForStaff).toBe(false);

    // The guest taps the quick reply: it comes back as their own message.
    const tapped = await chatCall(t.app, guest, 'POST', '/api/chat/send-message', {
      clientId: clientId(),
      message: { message_type: 'postback', payload: { title: 'SCB', payload: 'BANK_SCB' } },
    });
    expect(tapped.statusCode).toBe(200);

    const roomEvent = next<ChatRoomState>(guestSocket, 'room');
    const read = await staffCall(
      t.app,
      staffToken,
      'PUT',
      `/api/console/chat/conversations/${conversation.id}/read`,
      {},
    );
    expect(read.json<ChatRoomState>().staffReadSeq).toBe(read.json<ChatRoomState>().lastSeq);
    expect((await roomEvent)[0]!.staffReadSeq).toBe(read.json<ChatRoomState>().lastSeq);
    expect((await conversationOf((entry) => entry.id === conversation.id)).unread).toBe(0);

    const resolvedEvent = next<ChatRoomState>(guestSocket, 'room');
    const resolved = await staffCall(
      t.app,
      staffToken,
      'POST',
      `/api/console/chat/conversations/${conversation.id}/resolve`,
    );
    expect(resolved.json<ChatRoomState>().sessionId).toBe(2);
    expect((await resolvedEvent)[0]!.sessionId).toBe(2);
    const resolvedList = (
      await staffCall(t.app, staffToken, 'GET', '/api/console/chat/conversations?status=resolved')
    ).json<ConversationListResponse>();
    expect(resolvedList.conversations.some((entry) => entry.id === conversation.id)).toBe(true);

    // The guest writes again: session 2, greeted again, and the conversation is open again.
    const again = await sendText(t.app, guest, 'one more thing');
    expect(again.session_id).toBe(2);
    const reopened = await conversationOf((entry) => entry.id === conversation.id);
    expect(reopened.status).toBe('open');

    const audit = await rowsOf<{ action: string; target: string | null; ip: string; user_agent: string }>(
      t.database.db,
      sql`select action, target, ip, user_agent from staff_audit where target = ${`conversation:${conversation.id}`} order by id`,
    );
    expect(audit.map((row) => row.action)).toEqual(
      expect.arrayContaining([
        'chat.message.send',
        'chat.conversation.mark_read',
        'chat.conversation.resolve',
      ]),
    );
    expect(audit.every((row) => row.ip.length > 0)).toBe(true);
  });

  it('staff reading a guest keep receiving them live after the guest signs in, into a new or an earlier conversation', async () => {
    const claim = (token: string, guestId: string) =>
      chatCall(t.app, { token }, 'POST', '/api/chat/claim-guest', { guestId });
    const watch = (socket: Socket, conversationId: number | null) =>
      socket.timeout(5_000).emitWithAck('watch', { conversationId });
    const customerText = (socket: Socket, payload: string) =>
      next<ChatMessage>(
        socket,
        'messaging',
        1,
        (message) => message.message.message_type === 'text' && message.message.payload === payload,
      );

    // A member with no conversation yet: the guest's becomes theirs under the same id.
    const staffSocket = await open(await staffSocketAuth(t.app, staffToken));
    const guest = await newGuest(t.app);
    await sendText(t.app, guest, 'deposit not arrived');
    const conversation = await conversationOf((entry) => entry.guestLabel === guest.guestId.slice(1, 7));
    expect(await watch(staffSocket, conversation.id)).toEqual({ ok: true });
    const member = await signedInMember(t.app);
    expect((await claim(member.token, guest.guestId)).statusCode).toBe(200);
    const live = customerText(staffSocket, 'still waiting');
    await sendText(t.app, { token: member.token }, 'still waiting');
    expect((await live)[0]).toMatchObject({ userId: member.id, sender: 'customer' });

    // A member who wrote before: the guest's messages go into that conversation, and staff
    // reading the guest's are told which one it is now, and follow it.
    const returning = await signedInMember(t.app);
    await sendText(t.app, { token: returning.token }, 'hello from last week');
    const earlier = await conversationOf((entry) => entry.member?.id === returning.id);
    const guest2 = await newGuest(t.app);
    await sendText(t.app, guest2, 'where is my withdrawal');
    const guestConversation = await conversationOf(
      (entry) => entry.guestLabel === guest2.guestId.slice(1, 7),
    );
    expect(await watch(staffSocket, guestConversation.id)).toEqual({ ok: true });
    const otherStaff = await open(await staffSocketAuth(t.app, staffToken));
    const told = next<{ from: number; into: number }>(staffSocket, 'claimed');
    const toldOthers = next<{ from: number; into: number }>(otherStaff, 'claimed');
    expect((await claim(returning.token, guest2.guestId)).statusCode).toBe(200);
    expect((await told)[0]).toEqual({ from: guestConversation.id, into: earlier.id });
    // Every console hears of it: the guest's conversation is gone from their lists.
    expect((await toldOthers)[0]).toEqual({ from: guestConversation.id, into: earlier.id });
    const followed = customerText(staffSocket, 'signed in now');
    await sendText(t.app, { token: returning.token }, 'signed in now');
    expect((await followed)[0]).toMatchObject({ userId: returning.id });

    // Staff who open the guest's conversation only now (a link, a list read before the claim) are
    // told where it went, and follow that one.
    const redirected = next<{ from: number; into: number }>(otherStaff, 'claimed');
    expect(await watch(otherStaff, guestConversation.id)).toEqual({ ok: true });
    expect((await redirected)[0]).toEqual({ from: guestConversation.id, into: earlier.id });
    const late = customerText(otherStaff, 'and again');
    await sendText(t.app, { token: returning.token }, 'and again');
    expect((await late)[0]).toMatchObject({ userId: returning.id });
    otherStaff.close();

    // Watching another conversation leaves the member's room: nothing more of it arrives.
    expect(await watch(staffSocket, conversation.id)).toEqual({ ok: true });
    const quiet = silence(staffSocket, 'messaging');
    await sendText(t.app, { token: returning.token }, 'anyone?');
    expect(await quiet).toEqual([]);
  });

  it('a member’s token opens no console call, and a staff token no member chat', async () => {
    const member = await signedInMember(t.app);
    const asMember = await staffCall(t.app, member.token, 'GET', '/api/console/chat/conversations');
    expect(asMember.statusCode).toBe(401);
    const asStaff = await chatCall(t.app, { token: staffToken }, 'POST', '/api/chat/history', {});
    expect(asStaff.statusCode).toBe(401);
    await expect(open({ staffTicket: member.token })).rejects.toThrow();
  });
});

describe('web push', () => {
  it('tells a member nobody is connected for, not one who is in the room, and forgets a gone subscription', async () => {
    const member = await signedInMember(t.app);
    const pushPort = (pushService.address() as AddressInfo).port;
    const ecdh = createECDH('prime256v1');
    ecdh.generateKeys();
    const keys = {
      p256dh: ecdh.getPublicKey().toString('base64url'),
      auth: randomBytes(16).toString('base64url'),
    };
    const endpoint = `https://127.0.0.1:${pushPort}/push/${member.id}`;
    // An endpoint that is not https at a listed push service is refused: the server posts there.
    for (const bad of [
      `http://127.0.0.1:${pushPort}/push/1`,
      // The listed host at another port (its 443 included: the entry names its port).
      `https://127.0.0.1:${pushPort + 1}/push/1`,
      'https://127.0.0.1/push/1',
      'https://10.0.0.1/push/1',
      'https://169.254.169.254/latest',
    ]) {
      const refused = await chatCall(t.app, { token: member.token }, 'POST', '/api/chat/push-subscription', {
        endpoint: bad,
        keys,
      });
      expect(refused.statusCode, bad).toBe(400);
    }
    const subscribed = await chatCall(t.app, { token: member.token }, 'POST', '/api/chat/push-subscription', {
      endpoint,
      keys,
    });
    expect(subscribed.statusCode, subscribed.body).toBe(200);
    // One stored before the port rule (any port was taken then): never posted to.
    const stale = `https://127.0.0.1:${pushPort + 1}/push/${member.id}`;
    await t.database.db.execute(
      sql`insert into chat_push_subscriptions (room_id, endpoint, p256dh, auth)
          select id, ${stale}, ${keys.p256dh}, ${keys.auth} from chat_rooms where member_id = ${member.id}`,
    );
    await sendText(t.app, { token: member.token }, 'waiting for you');
    const conversation = await conversationOf((entry) => entry.member?.id === member.id);

    const before = pushes.length;
    const triedBefore = attempted.length;
    expect((await staffText(conversation.id, 'here is your answer')).statusCode).toBe(200);
    expect(attempted.slice(triedBefore)).toEqual([endpoint]);
    const pushed = pushes.slice(before);
    expect(pushed).toHaveLength(1);
    expect(pushed[0]!.path).toBe(`/push/${member.id}`);
    // Encrypted for the browser's keys (RFC 8291) and signed for our VAPID key.
    expect(pushed[0]!.headers['content-encoding']).toBe('aes128gcm');
    expect(pushed[0]!.headers.authorization).toMatch(/^vapid t=.+, k=.+/);
    expect(pushed[0]!.bytes).toBeGreaterThan(0);

    const socket = await open({ token: member.token });
    await join(socket, {});
    const whileOnline = pushes.length;
    expect((await staffText(conversation.id, 'and one more')).statusCode).toBe(200);
    expect(pushes.length).toBe(whileOnline);
    socket.close();

    // A member who never connected, whose browser's subscription is gone (410): it is forgotten.
    const away = await signedInMember(t.app);
    const gone = `https://127.0.0.1:${pushPort}/gone/${away.id}`;
    await chatCall(t.app, { token: away.token }, 'POST', '/api/chat/push-subscription', {
      endpoint: gone,
      keys,
    });
    await sendText(t.app, { token: away.token }, 'hello?');
    const awayConversation = await conversationOf((entry) => entry.member?.id === away.id);
    await staffText(awayConversation.id, 'are you still there?');
    const left = await rowsOf<{ endpoint: string }>(
      t.database.db,
      sql`select endpoint from chat_push_subscriptions where endpoint = ${gone}`,
    );
    expect(left).toEqual([]);
  });
});
