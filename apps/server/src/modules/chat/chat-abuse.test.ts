import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { sql, type SQL } from 'drizzle-orm';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChatMessage } from '@wallet/contract/http/chat';
import type { ConsoleConversation } from '@wallet/contract/http/console';
import { SOCKET_PATH, type JoinAck } from '@wallet/contract/socket';
import { readEnvironment } from '../../config';
import { rowsOf } from '../../platform/db/rows';
import {
  chatCall,
  clientId,
  FILES,
  historyOf,
  multipart,
  newGuest,
  sendText,
  upload,
} from '../../../test/chat';
import { listen, signedInMember } from '../../../test/money';
import {
  createStaffAndSignIn,
  setStaffActive,
  staffCall,
  staffHeaders,
  staffSocketAuth,
} from '../../../test/staff';
import { createTestApp, memberHeaders, type TestApp } from '../../../test/test-app';
import { DEFAULT_CHAT_LIMITS } from './chat.routes';
import { isPushEndpoint } from '../../adapters/push/push-endpoint';

/**
 * Attacks on support chat and the staff console (issue 14, an independent review): other rooms'
 * messages, files and socket events; messages stored twice or lost; staff sessions that end;
 * uploads; limits; inputs that should be refused with a clear code rather than a 500.
 */
let t: TestApp;
let base: string;
let staffToken: string;
const INT4_OVER = 2_147_483_648;

const onServer = Boolean(readEnvironment().DATABASE_URL);

/**
 * Holds row locks (PostgreSQL only: `hold` runs in a transaction of its own, rolled back at the
 * end) while each stage starts and until `waiters` sessions wait on locks, then lets go: the
 * concurrent requests meet in the order a race needs, every time.
 */
async function holdingLock(hold: SQL, stages: { start: () => Promise<unknown>; waiters: number }[]) {
  const started: Promise<unknown>[] = [];
  const release = new Error('release');
  await t.database.db
    .transaction(async (tx) => {
      await tx.execute(hold);
      for (const stage of stages) {
        started.push(stage.start());
        await lockWaiters(stage.waiters);
      }
      throw release;
    })
    .catch((error: unknown) => {
      if (error !== release) throw error;
    });
  return Promise.all(started);
}
async function lockWaiters(count: number): Promise<void> {
  for (let tries = 0; tries < 500; tries += 1) {
    const [row] = await rowsOf<{ waiting: number }>(
      t.database.db,
      sql`select count(*)::int as waiting from pg_stat_activity
          where datname = current_database() and wait_event_type = 'Lock'`,
    );
    if (row!.waiting >= count) return;
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  throw new Error(`fewer than ${count} sessions ever waited on a lock`);
}

beforeAll(async () => {
  t = await createTestApp({}, { chatLimits: { ...DEFAULT_CHAT_LIMITS, messagesPerMinute: 1_000 } });
  await listen(t.app);
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  staffToken = (await createStaffAndSignIn(t, { name: 'Reviewer' })).token;
});
afterAll(async () => t?.close());

const sockets: Socket[] = [];
afterAll(() => sockets.forEach((socket) => socket.close()));
function open(auth: object): Promise<Socket> {
  const socket = connect(base, {
    path: SOCKET_PATH,
    auth,
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
const join = (socket: Socket, data: unknown) =>
  socket.timeout(5_000).emitWithAck('join', data) as Promise<JoinAck>;
const watch = (socket: Socket, conversationId: number | null) =>
  socket.timeout(5_000).emitWithAck('watch', { conversationId }) as Promise<{ ok: boolean; error?: string }>;

/** Everything of `event` that arrives while `during` runs, and a short while after (one round trip). */
async function heard(socket: Socket, event: string, during: () => Promise<unknown>, ms = 300) {
  const got: unknown[] = [];
  const listener = (data: unknown) => got.push(data);
  socket.on(event, listener);
  await during();
  await new Promise((resolve) => setTimeout(resolve, ms));
  socket.off(event, listener);
  return got;
}

/** The inbox entry of a guest, read through the service (no audit row). */
async function guestConversation(
  services: TestApp['services'],
  guestId: string,
): Promise<ConsoleConversation> {
  const found = (await services.chat.inbox('open')).conversations.find(
    (entry) => entry.guestLabel === guestId.slice(1, 7),
  );
  if (!found) throw new Error('guest conversation not in the inbox');
  return found;
}
async function memberConversation(
  services: TestApp['services'],
  memberId: number,
): Promise<ConsoleConversation> {
  const found = (await services.chat.inbox('open')).conversations.find(
    (entry) => entry.member?.id === memberId,
  );
  if (!found) throw new Error('member conversation not in the inbox');
  return found;
}
const staffText = (conversationId: number, payload: string, token = staffToken) =>
  staffCall(t.app, token, 'POST', `/api/console/chat/conversations/${conversationId}/messages`, {
    clientId: clientId(),
    message: { message_type: 'text', payload },
  });
const customerTexts = (messages: ChatMessage[]) =>
  messages
    .filter((message) => message.sender === 'customer' && message.message.message_type === 'text')
    .map((message) => (message.message.message_type === 'text' ? message.message.payload : ''));

describe('sessions that end keep no socket', () => {
  // BUG: the member's session is checked only at `join`; a socket already in its room keeps
  // receiving the conversation after the member signs out (or changes the password).
  it('a member socket that joined before sign-out hears no answer after it', async () => {
    const member = await signedInMember(t.app);
    await sendText(t.app, { token: member.token }, 'my deposit is missing');
    const conversation = await memberConversation(t.services, member.id);
    const socket = await open({ token: member.token });
    expect(await join(socket, {})).toMatchObject({ ok: true });
    const out = await chatCall(t.app, { token: member.token }, 'POST', '/api/logout', {});
    expect(out.statusCode, out.body).toBe(200);
    const after = await heard(socket, 'messaging', async () => {
      expect((await staffText(conversation.id, 'your account number is 123-4-56789')).statusCode).toBe(200);
    });
    expect(after).toEqual([]);
  });

  // BUG: a staff socket is checked only at its handshake: after logout or after the staff member
  // is switched off it still receives every conversation's inbox event (with the last message) and
  // may follow any conversation with `watch`.
  it('a staff socket whose session was logged out cannot watch, and hears no inbox', async () => {
    const leaver = await createStaffAndSignIn(t, { name: 'Leaver' });
    const socket = await open(await staffSocketAuth(t.app, leaver.token));
    const out = await staffCall(t.app, leaver.token, 'POST', '/api/console/logout');
    expect(out.statusCode, out.body).toBe(200);
    // The HTTP side is closed for this token...
    expect((await staffCall(t.app, leaver.token, 'GET', '/api/console/chat/conversations')).statusCode).toBe(
      401,
    );
    // ...and so is its socket, at once.
    if (socket.connected) await new Promise((resolve) => socket.once('disconnect', resolve));
    const guest = await newGuest(t.app);
    const inbox = await heard(socket, 'inbox', () => sendText(t.app, guest, 'private words of a guest'));
    expect(inbox).toEqual([]);
    expect(socket.connected).toBe(false);
  });

  it('a switched-off staff member’s socket hears no inbox', async () => {
    const fired = await createStaffAndSignIn(t, { name: 'Fired' });
    const socket = await open(await staffSocketAuth(t.app, fired.token));
    const closed = new Promise((resolve) => socket.once('disconnect', resolve));
    // Switching off ends the sessions and closes their sockets at once (decision 038).
    await setStaffActive(t, fired.staffId, false);
    await closed;
    expect((await staffCall(t.app, fired.token, 'GET', '/api/console/chat/conversations')).statusCode).toBe(
      401,
    );
    const guest = await newGuest(t.app);
    const inbox = await heard(socket, 'inbox', () => sendText(t.app, guest, 'words for active staff only'));
    expect(inbox).toEqual([]);
  });

  it('held: a staff token opens no member socket, a login challenge is no staff session, a customer socket cannot watch', async () => {
    await expect(open({ token: staffToken })).rejects.toThrow();
    const created = await t.services.staff.create({
      username: `staff-${randomBytes(4).toString('hex')}`,
      name: 'Half way',
      password: 'Console-test-password-42',
    });
    const first = await t.app.inject({
      method: 'POST',
      url: '/api/console/login',
      payload: { username: created.username, password: 'Console-test-password-42' },
      headers: memberHeaders(),
    });
    const { challenge } = first.json<{ challenge: string }>();
    expect((await staffCall(t.app, challenge, 'GET', '/api/console/me')).statusCode).toBe(401);
    await expect(open({ staffTicket: challenge })).rejects.toThrow();

    // A guest socket asks to watch a member's conversation: there is no such event for it.
    const victim = await signedInMember(t.app);
    await sendText(t.app, { token: victim.token }, 'victim words');
    const conversation = await memberConversation(t.services, victim.id);
    const guest = await newGuest(t.app);
    const spy = await open({ guestId: guest.guestId });
    expect(await join(spy, { guestId: guest.guestId })).toMatchObject({ ok: true });
    spy.emit('watch', { conversationId: conversation.id });
    spy.emit('join', { userId: victim.id });
    // Joins of odd shapes, with and without an ack, are refused or ignored; the socket lives on.
    spy.emit('join', 'wallet-chat-1');
    spy.emit('join', null);
    expect(await join(spy, [victim.id])).toEqual({ ok: false, error: 'CHAT_ROOM_FORBIDDEN' });
    expect(await join(spy, { guestId: guest.guestId, userId: victim.id })).toEqual({
      ok: false,
      error: 'CHAT_ROOM_FORBIDDEN',
    });
    const overheard = await heard(spy, 'messaging', () => sendText(t.app, { token: victim.token }, 'more'));
    expect(overheard).toEqual([]);
    expect(spy.connected).toBe(true);
  });
});

describe('the staff audit', () => {
  // BUG: GET /api/console/chat/conversations/:id answers the member's last message and is not
  // audited, and neither is following a conversation on the socket (`watch`), which streams it.
  it('viewing one conversation and following it live are audited', async () => {
    const guest = await newGuest(t.app);
    await sendText(t.app, guest, 'audited words');
    const conversation = await guestConversation(t.services, guest.guestId);
    const viewed = await staffCall(
      t.app,
      staffToken,
      'GET',
      `/api/console/chat/conversations/${conversation.id}`,
    );
    expect(viewed.statusCode).toBe(200);
    const socket = await open(await staffSocketAuth(t.app, staffToken));
    expect(await watch(socket, conversation.id)).toEqual({ ok: true });
    const rows = await rowsOf<{ action: string }>(
      t.database.db,
      sql`select action from staff_audit where target = ${`conversation:${conversation.id}`} order by id`,
    );
    expect(rows.length).toBeGreaterThanOrEqual(2);
  });
});

describe('bad numbers answer a clear code, never a 500', () => {
  // BUG: integers past PostgreSQL's int4 pass the zod schemas (.int() takes any safe integer) and
  // reach `integer` columns: the query fails and the API answers 500 INTERNAL_SERVER_ERROR.
  it('sequence numbers, conversation ids and member ids beyond int4', async () => {
    const guest = await newGuest(t.app);
    await sendText(t.app, guest, 'numbers');
    const conversation = await guestConversation(t.services, guest.guestId);
    const statuses: Record<string, number> = {};
    const record = async (name: string, response: Promise<{ statusCode: number }>) => {
      statuses[name] = (await response).statusCode;
    };
    await record('since', chatCall(t.app, guest, 'POST', '/api/chat/since', { afterSeq: INT4_OVER }));
    await record(
      'read-customer',
      chatCall(t.app, guest, 'PUT', '/api/chat/read-customer', { seq: INT4_OVER }),
    );
    await record(
      'history skip',
      chatCall(t.app, guest, 'POST', '/api/chat/history', { skip: Number.MAX_SAFE_INTEGER }),
    );
    await record(
      'console conversation',
      staffCall(t.app, staffToken, 'GET', `/api/console/chat/conversations/${INT4_OVER}`),
    );
    await record(
      'console messages beforeSeq',
      staffCall(
        t.app,
        staffToken,
        'GET',
        `/api/console/chat/conversations/${conversation.id}/messages?beforeSeq=${INT4_OVER}`,
      ),
    );
    await record(
      'console read',
      staffCall(t.app, staffToken, 'PUT', `/api/console/chat/conversations/${conversation.id}/read`, {
        seq: INT4_OVER,
      }),
    );
    await record('console send', staffText(INT4_OVER, 'to nowhere'));
    await record(
      'member context',
      staffCall(t.app, staffToken, 'GET', `/api/console/members/${INT4_OVER}/context`),
    );
    expect(Object.entries(statuses).filter(([, status]) => status >= 500)).toEqual([]);
    // Nothing changed in the conversation.
    const state = (await historyOf(t.app, guest)).room;
    expect(state.customerReadSeq).toBeLessThanOrEqual(state.lastSeq);
  });
});

describe('stored once, numbered without gaps', () => {
  it('held: concurrent sends of one room get distinct, gap-free numbers', async () => {
    const guest = await newGuest(t.app);
    const answers = await Promise.all(
      Array.from({ length: 6 }, (_, index) => sendText(t.app, guest, `burst ${index}`)),
    );
    expect(new Set(answers.map((answer) => answer.seq)).size).toBe(6);
    const history = await historyOf(t.app, guest);
    const seqs = history.result.map((message) => message.seq).sort((a, b) => a - b);
    expect(seqs).toEqual(Array.from({ length: history.room.lastSeq }, (_, index) => index + 1));
  });

  // BUG: runBot decides "new session" from the room as it was right after each trigger's append;
  // first messages stored before any bot reply (a double tap, a resend of two pending messages)
  // each see botGreetedSession < session, so the bot greets and hands over once per message.
  // The room's row lock is held while the three sends queue on it, so the order is the bad one.
  it.runIf(onServer)(
    'the bot greets a new conversation once, even when its first messages arrive together',
    async () => {
      const guest = await newGuest(t.app);
      // An upload makes the room without a message (so without a greeting).
      expect((await upload(t.app, guest, 'image', { name: 'a.png', bytes: FILES.png })).statusCode).toBe(200);
      await holdingLock(sql`select id from chat_rooms where guest_id = ${guest.guestId} for update`, [
        {
          start: () => Promise.all([1, 2, 3].map((index) => sendText(t.app, guest, `hello ${index}`))),
          waiters: 3,
        },
      ]);
      const history = await historyOf(t.app, guest);
      const greetings = history.result.filter(
        (message) => message.bot && message.message.message_type === 'quick_replies',
      );
      const handOvers = history.result.filter(
        (message) => message.bot && message.message.message_type === 'text',
      );
      expect({ greetings: greetings.length, handOvers: handOvers.length }).toEqual({
        greetings: 1,
        handOvers: 1,
      });
    },
  );

  it('held: two members claiming one guest conversation at once: one gets it, nothing is copied', async () => {
    const guest = await newGuest(t.app);
    await sendText(t.app, guest, 'claim me once');
    const [first, second] = [await signedInMember(t.app), await signedInMember(t.app)];
    await sendText(t.app, { token: second.token }, 'second has a room');
    const claims = await Promise.all(
      [first, second].map((member) =>
        chatCall(t.app, { token: member.token }, 'POST', '/api/chat/claim-guest', { guestId: guest.guestId }),
      ),
    );
    expect(claims.map((claim) => claim.statusCode)).toEqual([200, 200]);
    const moved = claims.map((claim) => claim.json<{ moved: number }>().moved);
    expect(moved.filter((count) => count > 0)).toHaveLength(1);
    const holders = [];
    for (const member of [first, second]) {
      if (customerTexts((await historyOf(t.app, { token: member.token })).result).includes('claim me once'))
        holders.push(member.id);
    }
    expect(holders).toHaveLength(1);
    // The guest's own id, and a claim again, reach nothing now.
    expect((await historyOf(t.app, guest)).result).toEqual([]);
    const again = await chatCall(t.app, { token: first.token }, 'POST', '/api/chat/claim-guest', {
      guestId: guest.guestId,
    });
    expect(again.json()).toEqual({ moved: 0 });
  });

  // BUG: a member with no room yet who claims two guest conversations at once (two devices): both
  // claims find no member room and both turn their guest room into the member's; the second breaks
  // chat_rooms_member and answers 500, and that device's conversation stays a guest's. An
  // uncommitted member room (rolled back) holds both claims at that very update, side by side.
  it.runIf(onServer)('one member claiming two guest conversations at once keeps both', async () => {
    const member = await signedInMember(t.app);
    const guests = [await newGuest(t.app), await newGuest(t.app)];
    for (const [index, guest] of guests.entries()) await sendText(t.app, guest, `device ${index}`);
    const claim = (guestId: string) =>
      chatCall(t.app, { token: member.token }, 'POST', '/api/chat/claim-guest', { guestId });
    const [claims] = await holdingLock(sql`insert into chat_rooms (member_id) values (${member.id})`, [
      { start: () => Promise.all(guests.map((guest) => claim(guest.guestId))), waiters: 2 },
    ]);
    expect((claims as { statusCode: number }[]).map((response) => response.statusCode)).toEqual([200, 200]);
    const texts = customerTexts((await historyOf(t.app, { token: member.token })).result);
    expect(texts.sort()).toEqual(['device 0', 'device 1']);
  });

  // BUG: a guest's send that found its room just before a sign-in claim merged and deleted it waits
  // on the room's lock, then finds no row: `chat room N is gone`, 500, and the message is not
  // stored (a retry as the guest lands in a new guest room the member never sees).
  it.runIf(onServer)('a guest message sent while the sign-in claim runs is kept, not a 500', async () => {
    const member = await signedInMember(t.app);
    await sendText(t.app, { token: member.token }, 'earlier as a member');
    const guest = await newGuest(t.app);
    await sendText(t.app, guest, 'first as a guest');
    const [, sent] = await holdingLock(
      sql`select id from chat_rooms where member_id = ${member.id} for update`,
      [
        // The claim locks the guest room, then waits for the member's room...
        {
          start: () =>
            chatCall(t.app, { token: member.token }, 'POST', '/api/chat/claim-guest', {
              guestId: guest.guestId,
            }),
          waiters: 1,
        },
        // ...and the guest's next message waits for the guest room.
        {
          start: () =>
            chatCall(t.app, guest, 'POST', '/api/chat/send-message', {
              clientId: clientId(),
              message: { message_type: 'text', payload: 'second as a guest' },
            }),
          waiters: 2,
        },
      ],
    );
    expect((sent as { statusCode: number; body: string }).statusCode, (sent as { body: string }).body).toBe(
      200,
    );
    const texts = customerTexts((await historyOf(t.app, { token: member.token })).result);
    expect(texts).toContain('second as a guest');
  });

  // A claim into an existing member room once renamed the moved client ids (`<id>:room-<n>`), so
  // a message sent as a guest whose answer was lost, resent under the same client id once signed
  // in, was stored a second time.
  it('a guest message resent under its client id after the sign-in claim is stored once', async () => {
    const member = await signedInMember(t.app);
    await sendText(t.app, { token: member.token }, 'earlier as a member');
    const guest = await newGuest(t.app);
    const id = clientId();
    await sendText(t.app, guest, 'sent as a guest, answer lost', id);
    const claim = await chatCall(t.app, { token: member.token }, 'POST', '/api/chat/claim-guest', {
      guestId: guest.guestId,
    });
    expect(claim.statusCode).toBe(200);
    const resent = await chatCall(t.app, { token: member.token }, 'POST', '/api/chat/send-message', {
      clientId: id,
      message: { message_type: 'text', payload: 'sent as a guest, answer lost' },
    });
    expect(resent.statusCode).toBe(200);
    const texts = customerTexts((await historyOf(t.app, { token: member.token })).result);
    expect(texts.filter((text) => text === 'sent as a guest, answer lost')).toHaveLength(1);
  });
});

describe('a spent guest id', () => {
  it('after the member took the guest’s conversation: a send on its way follows it, as the member’s; later ones are refused', async () => {
    const guest = await newGuest(t.app);
    await sendText(t.app, guest, 'as a guest');
    const member = await signedInMember(t.app);
    const claimed = await chatCall(t.app, { token: member.token }, 'POST', '/api/chat/claim-guest', {
      guestId: guest.guestId,
    });
    expect(claimed.statusCode).toBe(200);
    await sendText(t.app, guest, 'on its way during the sign-in');
    const mine = (await historyOf(t.app, { token: member.token })).result.filter(
      (message) => message.sender === 'customer',
    );
    expect(mine.map((message) => message.message)).toContainEqual({
      message_type: 'text',
      payload: 'on its way during the sign-in',
    });
    expect(new Set(mine.map((message) => message.name)).size).toBe(1);

    // Past the grace period the id opens nothing: no new conversation, no greeting.
    await t.database.db.execute(
      sql`update chat_rooms set merged_at = now() - interval '11 minutes' where guest_id = ${guest.guestId}`,
    );
    const late = await chatCall(t.app, guest, 'POST', '/api/chat/send-message', {
      clientId: clientId(),
      message: { message_type: 'text', payload: 'much later' },
    });
    expect(late.statusCode).toBe(403);
    expect(late.json()).toEqual({ message: 'CHAT_GUEST_INVALID' });
    expect((await historyOf(t.app, guest)).result).toEqual([]);
  });
});

describe('acknowledgements a client chooses', () => {
  it('a join or watch whose ack is no function throws nowhere: the socket and its later events go on', async () => {
    const guest = await newGuest(t.app);
    const socket = await open({ guestId: guest.guestId });
    // Socket.IO hands a trailing argument to the handler as its ack, whatever it is.
    socket.emit('join', { guestId: (await newGuest(t.app)).guestId }, 1);
    socket.emit('join', { guestId: guest.guestId }, 'no function');
    expect(await join(socket, { guestId: guest.guestId })).toMatchObject({ ok: true });

    const staff = await open(await staffSocketAuth(t.app, staffToken));
    staff.emit('watch', { conversationId: null }, 'no function');
    staff.emit('watch', 'odd', 2);
    expect(await staff.timeout(5_000).emitWithAck('watch', { conversationId: null })).toEqual({ ok: true });
    expect(socket.connected && staff.connected).toBe(true);
  });
});

describe('uploads and media', () => {
  it('held: polyglots are served as their sniffed image type with nosniff; SVG, HTML and odd multipart are refused', async () => {
    const member = await signedInMember(t.app);
    const polyglot = Buffer.concat([FILES.png, Buffer.from('<html><script>alert(1)</script></html>')]);
    const stored = await upload(t.app, { token: member.token }, 'image', {
      name: '../../../etc/passwd.png',
      bytes: polyglot,
    });
    expect(stored.statusCode, stored.body).toBe(200);
    const { path } = stored.json<{ path: string }>();
    expect(path).toMatch(/^chat\/\d+\/[A-Za-z0-9_-]{22}\.png$/);
    const sent = await chatCall(t.app, { token: member.token }, 'POST', '/api/chat/send-message', {
      clientId: clientId(),
      message: {
        message_type: 'media',
        payload: { message: '', url: true, fileType: 'file', filePath: path },
      },
    });
    expect(sent.statusCode, sent.body).toBe(200);
    const media = (await historyOf(t.app, { token: member.token })).result.find(
      (message) => message.message.message_type === 'media',
    )!;
    if (media.message.message_type !== 'media') throw new Error('no media');
    expect(media.message.payload.fileType).toBe('image');
    const link = media.message.payload.filePath;
    const file = await t.app.inject({ url: link });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/png');
    expect(file.headers['x-content-type-options']).toBe('nosniff');
    expect(file.headers['content-disposition']).toBe('inline');

    // Another room cannot name the file by its signed link either.
    const stranger = await newGuest(t.app);
    const stolen = await chatCall(t.app, stranger, 'POST', '/api/chat/send-message', {
      clientId: clientId(),
      message: {
        message_type: 'media',
        payload: { message: '', url: false, fileType: 'image', filePath: link },
      },
    });
    expect(stolen.json()).toEqual({ message: 'CHAT_MEDIA_UNKNOWN' });

    // Traversal and tampering on the media route: never a file, never a 500.
    const { searchParams } = new URL(link, 'http://x');
    const query = searchParams.toString();
    const room = path.split('/')[1];
    for (const url of [
      `/api/chat/media/${room}/..%2F..%2Fpackage.json?${query}`,
      `/api/chat/media/..%2F${room}/${path.split('/')[2]}?${query}`,
      `/api/chat/media/${room}/${path.split('/')[2]}?e=${Number(searchParams.get('e')) + 1}&s=${searchParams.get('s')}`,
      `/api/chat/media/${Number(room) + 1}/${path.split('/')[2]}?${query}`,
      `/api/chat/media/${room}/${path.split('/')[2]}?e=1e400&s=${searchParams.get('s')}`,
    ]) {
      const response = await t.app.inject({ url });
      expect([400, 404], url).toContain(response.statusCode);
    }

    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    expect(
      (await upload(t.app, { token: member.token }, 'image', { name: 'a.svg', bytes: svg })).statusCode,
    ).toBe(415);
    expect(
      (await upload(t.app, { token: member.token }, 'image', { name: 'a.gif', bytes: Buffer.from('GIF89a') }))
        .statusCode,
    ).toBe(200);

    // Many fields before the file, a file under another field name.
    const guest = await newGuest(t.app);
    const boundary = `----abuse${randomBytes(6).toString('hex')}`;
    const field = (name: string, value: string) =>
      `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
    const filePart = (name: string) =>
      `--${boundary}\r\nContent-Disposition: form-data; name="${name}"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`;
    const bodies = {
      manyFields: Buffer.concat([
        Buffer.from(Array.from({ length: 200 }, (_, index) => field(`f${index}`, 'x')).join('')),
        Buffer.from(filePart('file')),
        FILES.png,
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]),
      otherName: Buffer.concat([
        Buffer.from(field('guestId', guest.guestId) + filePart('avatar')),
        FILES.png,
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]),
    };
    const statuses: Record<string, number> = {};
    for (const [name, payload] of Object.entries(bodies)) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/chat/upload-image',
        payload,
        headers: memberHeaders({ 'content-type': `multipart/form-data; boundary=${boundary}` }),
      });
      statuses[name] = response.statusCode;
    }
    expect(statuses).toEqual({ manyFields: 413, otherName: 415 });
    const json = await t.app.inject({
      method: 'POST',
      url: '/api/chat/upload-image',
      payload: { guestId: guest.guestId, file: FILES.png.toString('base64') },
      headers: memberHeaders(),
    });
    expect(json.statusCode).toBe(415);
  });
});

describe('broken multipart bodies', () => {
  // BUG: `multipart/form-data` without `boundary=` passes request.isMultipart(), then busboy's
  // constructor throws a plain Error ("Multipart: Boundary not found"); a body cut short throws
  // "Unexpected end of form". Both answer 500 on the member, guest and staff upload routes.
  it('answers a clear 4xx code, as does a body cut short', async () => {
    const guest = await newGuest(t.app);
    const body = multipart({ name: 'a.png', bytes: FILES.png }, guest.guestId).payload;
    const conversation =
      (await sendText(t.app, guest, 'for the staff route'),
      await guestConversation(t.services, guest.guestId));
    const statuses: Record<string, number> = {};
    for (const [name, url, headers] of [
      ['member', '/api/chat/upload-image', memberHeaders({ 'content-type': 'multipart/form-data' })],
      [
        'staff',
        `/api/console/chat/conversations/${conversation.id}/upload-image`,
        staffHeaders(staffToken, { 'content-type': 'multipart/form-data' }),
      ],
    ] as const) {
      statuses[name] = (await t.app.inject({ method: 'POST', url, payload: body, headers })).statusCode;
    }
    // A body cut short (a dropped upload, or on purpose): busboy's "Unexpected end of form".
    const cut = multipart({ name: 'a.png', bytes: FILES.png }, guest.guestId);
    statuses.truncated = (
      await t.app.inject({
        method: 'POST',
        url: '/api/chat/upload-image',
        payload: cut.payload.subarray(0, cut.payload.length - 20),
        headers: memberHeaders({ 'content-type': cut.contentType }),
      })
    ).statusCode;
    expect(Object.entries(statuses).filter(([, status]) => status >= 500)).toEqual([]);
  });
});

describe('video bytes', () => {
  // BUG (low): the legacy QuickTime rule takes any file whose bytes 4..8 spell moov, mdat, wide or
  // free, whatever the first four (an atom's size) say: an HTML page that opens with `<!--free-->`
  // is stored and served as a video. nosniff keeps browsers from running it, but the byte check is
  // what the issue asks for.
  it('a text file whose bytes 4..8 spell an atom name is not a video', async () => {
    const guest = await newGuest(t.app);
    const page = Buffer.from('<!--free--><html><script>alert(document.domain)</script></html>');
    const response = await upload(t.app, guest, 'video', { name: 'clip.mov', bytes: page });
    expect(response.statusCode, response.body).toBe(415);
  });
});

describe('web push endpoints', () => {
  it('held: only https at a listed host, whatever tricks the address plays', () => {
    const hosts = ['fcm.googleapis.com', '*.push.apple.com'];
    for (const good of [
      'https://fcm.googleapis.com/fcm/send/abc',
      'https://fcm.googleapis.com:443/fcm/send/abc',
      'https://api.push.apple.com/3/device/x',
      'https://api.push.apple.com:443/3/device/x',
    ])
      expect(isPushEndpoint(good, hosts), good).toBe(true);
    for (const bad of [
      // Another service of a listed host: only 443 is a push service's.
      'https://fcm.googleapis.com:22/fcm/send/abc',
      'https://fcm.googleapis.com:8443/x',
      'https://fcm.googleapis.com:0443x/x',
      'https://api.push.apple.com:2195/3/device/x',
      'https://fcm.googleapis.com@127.0.0.1/x',
      'https://fcm.googleapis.com.evil.example/x',
      'https://evilfcm.googleapis.com/x',
      'https://push.apple.com.evil.example/x',
      'https://evilpush.apple.com/x',
      'https://fcm.googleapis.com./x',
      'https://user:pw@fcm.googleapis.com/x',
      'http://fcm.googleapis.com/x',
      'file:///etc/passwd',
      'https://[::1]/x',
      'not a url',
    ])
      expect(isPushEndpoint(bad, hosts), bad).toBe(false);
  });

  it('an entry host:port allows that port alone, instead of 443', () => {
    const hosts = ['push.example.test:8443', '*.push.example.test:9443'];
    expect(isPushEndpoint('https://push.example.test:8443/x', hosts)).toBe(true);
    expect(isPushEndpoint('https://a.push.example.test:9443/x', hosts)).toBe(true);
    for (const bad of [
      'https://push.example.test/x',
      'https://push.example.test:443/x',
      'https://push.example.test:9443/x',
      'https://a.push.example.test:8443/x',
    ])
      expect(isPushEndpoint(bad, hosts), bad).toBe(false);
  });
});

describe('limits', () => {
  let limited: TestApp;
  beforeAll(async () => {
    limited = await createTestApp(
      {},
      {
        chatLimits: {
          messagesPerMinute: 30,
          uploadsPerHour: 2,
          guestsPerHour: 50,
          callsPerMinutePerAddress: 20,
        },
      },
    );
  });
  afterAll(async () => limited?.close());

  // BUG (design): the per-address budget counts signed-in members too, so one guest flooding from
  // a shared address (carrier NAT, an office) locks every member behind it out of support chat;
  // the sign-in throttle (decision 015) was built so strangers cannot do that.
  it('a guest flooding from a shared address does not lock a signed-in member out of chat', async () => {
    const member = await signedInMember(limited.app);
    const flooder = await newGuest(limited.app);
    for (let index = 0; index < 20; index += 1)
      await chatCall(limited.app, flooder, 'POST', '/api/chat/unread', {});
    const blocked = await chatCall(limited.app, flooder, 'POST', '/api/chat/unread', {});
    expect(blocked.statusCode).toBe(429);
    const memberSend = await chatCall(
      limited.app,
      { token: member.token },
      'POST',
      '/api/chat/send-message',
      {
        clientId: clientId(),
        message: { message_type: 'text', payload: 'my withdrawal is late' },
      },
    );
    expect(memberSend.statusCode).toBe(200);
  });
});

describe('limits of uploads and the inbox', () => {
  let limited: TestApp;
  beforeAll(async () => {
    limited = await createTestApp(
      {},
      {
        chatLimits: {
          messagesPerMinute: 30,
          uploadsPerHour: 2,
          guestsPerHour: 50,
          callsPerMinutePerAddress: 1_000,
        },
      },
    );
  });
  afterAll(async () => limited?.close());

  // BUG: uploads are limited per caller only; guest ids are free (guestsPerHour per address), so one
  // address multiplies its upload allowance by the guest ids it mints (defaults: 20 x 30 x 20 MB,
  // 12 GB an hour, kept for ever since nothing deletes an upload never sent).
  it('one address cannot multiply its upload allowance by minting guest ids', async () => {
    const accepted: number[] = [];
    for (let index = 0; index < 3; index += 1) {
      const guest = await newGuest(limited.app);
      for (let count = 0; count < 2; count += 1) {
        const response = await upload(limited.app, guest, 'image', { name: 'a.png', bytes: FILES.png });
        accepted.push(response.statusCode);
      }
    }
    expect(accepted.filter((status) => status === 200).length).toBeLessThanOrEqual(2);
  });

  // BUG: the inbox answers the newest 200 open conversations and no more (no paging, no count), so
  // once 200 newer ones exist (a busy day, or a guest flood) a member's waiting conversation
  // is never shown to staff.
  it('a member waiting for staff is still listed after 200 newer guest conversations', async () => {
    const member = await signedInMember(limited.app);
    await sendText(limited.app, { token: member.token }, 'please answer me');
    await limited.database.db.execute(
      sql`insert into chat_rooms (guest_id, last_seq, last_message_at)
          select 'gflood' || n, 1, now() + make_interval(secs => n) from generate_series(1, 200) n`,
    );
    const staff = await createStaffAndSignIn(limited);
    const list = await staffCall(
      limited.app,
      staff.token,
      'GET',
      '/api/console/chat/conversations?status=open',
    );
    const conversations = list.json<{ conversations: ConsoleConversation[] }>().conversations;
    expect(conversations.some((entry) => entry.member?.id === member.id)).toBe(true);
  });
});
