import { randomBytes } from 'node:crypto';
import type { Socket } from 'socket.io-client';
import { describe, expect, it } from 'vitest';
import type { ChatMessage } from '@wallet/contract/http/chat';
import type { ConsoleConversation } from '@wallet/contract/http/console';
import type { ClaimedEvent, JoinAck } from '@wallet/contract/socket';
import { readEnvironment } from '../src/config';
import { runStaffCreate } from '../src/modules/console/staff-create';
import { openServerDatabase } from '../src/platform/db/database';
import { registerFunded, withServers } from './processes';
import { nextEvent, openSocket } from './sockets';
import { STAFF_PASSWORD, sessionCookieOf, staffHeaders, totpCode } from './staff';

/**
 * Two server processes on one PostgreSQL database and one Redis (decision 023): a guest's socket is
 * on process B while staff answer through process A, and staff's socket is on A while the guest
 * writes through B. Messages pass both ways, once each, through the Socket.IO Redis adapter; and a
 * socket of A is refused a room that is not its own whichever process issued the guest id.
 */
const { DATABASE_URL: serverUrl, REDIS_URL: redisFromEnv } = readEnvironment();
const redisUrl = redisFromEnv ?? 'redis://127.0.0.1:6379';

const open = (base: string, auth: object) => openSocket(base, auth);

describe.runIf(serverUrl)('support chat in two server processes', () => {
  it('passes messages both ways between processes through Redis', { timeout: 120_000 }, async () => {
    const sockets: Socket[] = [];
    await withServers('wallet_chat_two', async ({ start, url }) => {
      const env = { REDIS_URL: redisUrl };
      const [{ base: baseA, call: a }, { base: baseB, call: b }] = await Promise.all([
        start(env),
        start(env),
      ]);

      // A staff member, signed in on process A.
      const username = `staff-${randomBytes(4).toString('hex')}`;
      const database = await openServerDatabase(url, 2);
      try {
        const made = await runStaffCreate(['--username', username, '--name', 'Ploy'], {
          db: database.db,
          password: STAFF_PASSWORD,
          print: () => undefined,
        });
        expect(made).toBe(0);
      } finally {
        await database.close();
      }
      const first = await a('POST', '/api/console/login', { username, password: STAFF_PASSWORD });
      expect(first.status).toBe(200);
      const signedIn = await a('POST', '/api/console/login/totp', {
        challenge: first.body.challenge,
        code: await totpCode(first.body.secret as string),
      });
      expect(signedIn.status).toBe(200);
      const staff = staffHeaders(sessionCookieOf(signedIn.setCookie));
      const ticket = await a('POST', '/api/console/chat/socket-ticket', undefined, staff);
      expect(ticket.status).toBe(200);

      // The guest id issued by A opens a socket on B (one key, shared through the database).
      const { guestId } = (await a('POST', '/api/chat/guest')).body as { guestId: string };
      const guestSocket = await open(baseB, { guestId });
      sockets.push(guestSocket);
      const joined = (await guestSocket.timeout(5_000).emitWithAck('join', { guestId })) as JoinAck;
      expect(joined.ok).toBe(true);
      const staffSocket = await open(baseA, { staffTicket: ticket.body.ticket as string });
      sockets.push(staffSocket);

      // Guest writes through B; staff's socket on A hears of it.
      const inboxOnA = nextEvent<ConsoleConversation>(
        staffSocket,
        'inbox',
        (conversation) => conversation.lastMessage?.sender === 'customer',
      );
      const sent = await b('POST', '/api/chat/send-message', {
        guestId,
        clientId: randomBytes(9).toString('base64url'),
        message: { message_type: 'text', payload: 'written on B' },
      });
      expect(sent.status).toBe(200);
      const conversation = await inboxOnA;
      expect(conversation.lastMessage?.message).toEqual({ message_type: 'text', payload: 'written on B' });

      // Staff follow the conversation from A and hear the guest's next message sent through B.
      expect(
        await staffSocket.timeout(5_000).emitWithAck('watch', { conversationId: conversation.id }),
      ).toEqual({ ok: true });
      const followedOnA = nextEvent<ChatMessage>(
        staffSocket,
        'messaging',
        (message) => message.sender === 'customer',
      );
      await b('POST', '/api/chat/send-message', {
        guestId,
        clientId: randomBytes(9).toString('base64url'),
        message: { message_type: 'text', payload: 'second on B' },
      });
      expect((await followedOnA).message).toEqual({ message_type: 'text', payload: 'second on B' });

      // Staff answer through A; the guest's socket on B receives it, once.
      const received: ChatMessage[] = [];
      guestSocket.on('messaging', (message: ChatMessage) => {
        if (message.sender === 'other' && !message.bot) received.push(message);
      });
      const answerOnB = nextEvent<ChatMessage>(
        guestSocket,
        'messaging',
        (message) => message.sender === 'other' && !message.bot,
      );
      const answered = await a(
        'POST',
        `/api/console/chat/conversations/${conversation.id}/messages`,
        {
          clientId: randomBytes(9).toString('base64url'),
          message: { message_type: 'text', payload: 'answered on A' },
        },
        staff,
      );
      expect(answered.status).toBe(200);
      const answer = await answerOnB;
      expect(answer).toMatchObject({
        name: 'Ploy',
        message: { message_type: 'text', payload: 'answered on A' },
        seq: answered.body.seq,
      });
      // One more round trip on B's socket proves no second copy was on its way.
      await guestSocket.timeout(5_000).emitWithAck('join', { guestId });
      expect(received).toHaveLength(1);

      // A socket on A asking for the guest's room with another guest id of its own is refused.
      const { guestId: otherGuest } = (await b('POST', '/api/chat/guest')).body as { guestId: string };
      const intruder = await open(baseA, { guestId: otherGuest });
      sockets.push(intruder);
      expect(await intruder.timeout(5_000).emitWithAck('join', { guestId })).toEqual({
        ok: false,
        error: 'CHAT_ROOM_FORBIDDEN',
      });

      // The guest signs in through B. Staff's socket on A, reading the guest's conversation, is
      // moved to the member's room through Redis and hears the member's next message.
      const member = await registerFunded(b);
      const claimedOnA = nextEvent<ClaimedEvent>(staffSocket, 'claimed', () => true);
      expect((await b('POST', '/api/chat/claim-guest', { guestId }, member.token)).status).toBe(200);
      expect(await claimedOnA).toEqual({ from: conversation.id, into: conversation.id });
      const memberOnA = nextEvent<ChatMessage>(
        staffSocket,
        'messaging',
        (message) => message.sender === 'customer' && message.userId === member.id,
      );
      const signedInSend = await b(
        'POST',
        '/api/chat/send-message',
        {
          clientId: randomBytes(9).toString('base64url'),
          message: { message_type: 'text', payload: 'signed in on B' },
        },
        member.token,
      );
      expect(signedInSend.status).toBe(200);
      expect((await memberOnA).message).toEqual({ message_type: 'text', payload: 'signed in on B' });
    }).finally(() => {
      for (const socket of sockets) socket.close();
    });
  });
});
