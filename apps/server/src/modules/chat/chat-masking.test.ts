import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import type { ChatMessage } from '@wallet/contract/http/chat';
import type { ConsoleConversation, ConversationListResponse } from '@wallet/contract/http/console';
import { sendText } from '../../../test/chat';
import { appForFile, MONEY_ENV, signedInMember } from '../../../test/money';
import { nextEvent, openSocket } from '../../../test/sockets';
import { createStaffAndSignIn, staffCall, staffSocketAuth } from '../../../test/staff';

/**
 * Support reads members' phones in the inbox by their last 4 digits, over HTTP and the staff
 * socket alike; finance reads them whole (issue 27, section 1; decision 044).
 */
const test = appForFile(MONEY_ENV);

describe('the inbox by role', () => {
  it('masks the member’s phone for support in the list, the conversation, its messages and the socket', async () => {
    const support = (await createStaffAndSignIn(test, { role: 'support' })).token;
    const finance = (await createStaffAndSignIn(test, { role: 'finance' })).token;
    const member = await signedInMember(test.app);
    const phone = member.member.username;
    const masked = `••••••${phone.slice(-4)}`;
    const { port } = test.app.server.address() as AddressInfo;
    const base = `http://127.0.0.1:${port}`;
    const [supportSocket, financeSocket] = [
      await openSocket(base, await staffSocketAuth(test.app, support)),
      await openSocket(base, await staffSocketAuth(test.app, finance)),
    ];
    try {
      const heard = [supportSocket, financeSocket].map((socket) =>
        nextEvent<ConsoleConversation>(socket, 'inbox', (event) => event.member?.id === member.id),
      );
      await sendText(test.app, { token: member.token }, 'Where is my deposit?');
      const [bySupport, byFinance] = (await Promise.all(heard)) as [ConsoleConversation, ConsoleConversation];
      expect(bySupport.member?.username).toBe(masked);
      expect(bySupport.lastMessage?.username).toBe(masked);
      expect(byFinance.member?.username).toBe(phone);

      const list = (token: string) =>
        staffCall(test.app, token, 'GET', '/api/console/chat/conversations').then((answer) =>
          answer.json<ConversationListResponse>().conversations.find((one) => one.member?.id === member.id),
        );
      expect((await list(support))?.member?.username).toBe(masked);
      expect((await list(finance))?.member?.username).toBe(phone);
      const id = bySupport.id;
      const one = await staffCall(test.app, support, 'GET', `/api/console/chat/conversations/${id}`);
      expect(one.json<ConsoleConversation>().member?.username).toBe(masked);
      const page = await staffCall(
        test.app,
        support,
        'GET',
        `/api/console/chat/conversations/${id}/messages`,
      );
      const names = page.json<{ result: ChatMessage[] }>().result.map((message) => message.username);
      expect(names).toContain(masked);
      expect(names.filter((name) => name !== null && name !== masked)).toEqual([]);

      // Both watch the conversation: the member's next message reaches each as their role reads it.
      for (const socket of [supportSocket, financeSocket])
        expect(await socket.timeout(5_000).emitWithAck('watch', { conversationId: id })).toMatchObject({
          ok: true,
        });
      const messages = [supportSocket, financeSocket].map((socket) =>
        nextEvent<ChatMessage>(
          socket,
          'messaging',
          (message) => message.message.message_type === 'text' && message.message.payload === 'Hello?',
        ),
      );
      await sendText(test.app, { token: member.token }, 'Hello?');
      const [supportHears, financeHears] = (await Promise.all(messages)) as [ChatMessage, ChatMessage];
      expect(supportHears.username).toBe(masked);
      expect(financeHears.username).toBe(phone);
    } finally {
      supportSocket.close();
      financeSocket.close();
    }
  });
});
