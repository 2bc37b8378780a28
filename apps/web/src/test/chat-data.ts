import { act } from '@testing-library/react';
import type { ChatMessage, ChatMessageBody, ChatRoomState } from '@wallet/contract/http/chat';
import type { JoinRequest, SocketAuth } from '@wallet/contract/socket';
import type { ChatSocket } from '../features/chat/socket-factory';

/** A guest id of the server's form (the fake server never checks its signature). */
export const GUEST_ID = `g${'a'.repeat(22)}.${'b'.repeat(22)}`;

/** A message of the room: staff's unless `sender` says otherwise. */
export function chatMessage(
  seq: number,
  body: ChatMessageBody | string,
  overrides: Partial<ChatMessage> = {},
): ChatMessage {
  return {
    sender: 'other',
    message: typeof body === 'string' ? { message_type: 'text', payload: body } : body,
    userId: null,
    guestId: GUEST_ID,
    username: null,
    name: 'Nok',
    deviceToken: null,
    createdAt: new Date(Date.UTC(2026, 10, 24, 3, 0, seq)).toISOString(),
    session_id: 1,
    seq,
    clientId: `client-${seq}`,
    bot: false,
    ...overrides,
  };
}

/** `count` alternating messages numbered from `from`: "Message 1", "Message 2" ... */
export const chatMessages = (from: number, count: number) =>
  Array.from({ length: count }, (_, i) => chatMessage(from + i, `Message ${from + i}`));

type Listener = (data?: unknown) => void;

/**
 * The chat socket as the panel sees it (features/chat/socket-factory.ts), driven by the test:
 * it connects on its own like socket.io, joins answer ok, and the test drops it, connects it
 * and pushes events.
 */
export class FakeChatSocket implements ChatSocket {
  static made: FakeChatSocket[] = [];
  /** The room state a join answers with (the test's chatRoom sets it). */
  static roomState: () => ChatRoomState = () => ({
    sessionId: 1,
    lastSeq: 0,
    customerReadSeq: 0,
    staffReadSeq: 0,
  });
  connected = false;
  joins: JoinRequest[] = [];
  connectCalls = 0;
  /** While true, connect() fails (the server cannot be reached). */
  unreachable = false;
  private listeners = new Map<string, Listener[]>();

  constructor(readonly auth: SocketAuth) {
    FakeChatSocket.made.push(this);
    queueMicrotask(() => this.serverAccepts());
  }

  on(event: string, listener: Listener): void {
    this.listeners.set(event, [...(this.listeners.get(event) ?? []), listener]);
  }
  connect(): void {
    this.connectCalls += 1;
    if (!this.unreachable) this.serverAccepts();
  }
  disconnect(): void {
    this.connected = false;
  }
  join(request: JoinRequest, ack: (answer: unknown) => void): void {
    this.joins.push(request);
    ack({ ok: true, room: 'chat:room', state: FakeChatSocket.roomState() });
  }

  private fire(event: string, data?: unknown) {
    for (const listener of this.listeners.get(event) ?? []) listener(data);
  }
  serverAccepts() {
    if (this.connected) return;
    this.connected = true;
    this.fire('connect');
  }
  /** The connection is lost. */
  drop() {
    act(() => {
      this.connected = false;
      this.fire('disconnect');
    });
  }
  /** The server sends an event. */
  emit(event: 'messaging' | 'room', data: unknown) {
    act(() => this.fire(event, data));
  }
}

type Answer = { status?: number; body: unknown } | undefined;

/**
 * The chat's server side, in memory: one room, numbered messages, the calls of the panel.
 * `answer` may answer a call first (a failure).
 */
export function chatRoom(initial: ChatMessage[] = [], roomState: Partial<ChatRoomState> = {}) {
  const room = {
    messages: [...initial],
    state: {
      sessionId: 1,
      lastSeq: initial.at(-1)?.seq ?? 0,
      customerReadSeq: 0,
      staffReadSeq: 0,
      ...roomState,
    },
    /** Answers the call first when it returns an answer. */
    answer: (() => undefined) as (url: string, body: Record<string, unknown>) => Answer,
    sinceLimit: 100,
    /** The socket the panel made last. */
    socket: () => FakeChatSocket.made.at(-1)!,
    add(message: ChatMessage) {
      room.messages.push(message);
      room.state = { ...room.state, lastSeq: Math.max(room.state.lastSeq, message.seq) };
      return message;
    },
    handler(url: string, init: RequestInit): Answer {
      const body = (init.body ? JSON.parse(init.body as string) : {}) as Record<string, unknown>;
      const first = room.answer(url, body);
      if (first) return first;
      const newestFirst = [...room.messages].sort((a, b) => b.seq - a.seq);
      switch (url) {
        case '/api/lookup/enableChatWidget':
          return { body: { enableChatWidget: true } };
        case '/api/chat/config':
          return { body: { PREFIX: 'chat:', pushKey: null } };
        case '/api/chat/guest':
          return { body: { guestId: GUEST_ID } };
        case '/api/chat/unread':
          return {
            body: {
              unread: room.messages.filter((m) => m.sender === 'other' && m.seq > room.state.customerReadSeq)
                .length,
            },
          };
        case '/api/chat/history': {
          const skip = body.skip as number;
          const limit = body.limit as number;
          return { body: { result: newestFirst.slice(skip, skip + limit), room: room.state } };
        }
        case '/api/chat/since': {
          const after = [...room.messages]
            .filter((m) => m.seq > (body.afterSeq as number))
            .sort((a, b) => a.seq - b.seq);
          return {
            body: {
              result: after.slice(0, room.sinceLimit),
              more: after.length > room.sinceLimit,
              room: room.state,
            },
          };
        }
        case '/api/chat/read-customer':
          room.state = { ...room.state, customerReadSeq: body.seq as number };
          return { body: room.state };
        case '/api/chat/send-message': {
          const seq = room.state.lastSeq + 1;
          const stored = room.add(
            chatMessage(seq, body.message as ChatMessageBody, {
              sender: 'customer',
              clientId: body.clientId as string,
              name: 'Guest',
            }),
          );
          return { body: { createdAt: stored.createdAt, seq, session_id: stored.session_id } };
        }
        case '/api/chat/claim-guest':
          return { body: { moved: 0 } };
        case '/api/chat/push-subscription':
          return { body: { ok: true } };
      }
      return undefined;
    },
  };
  FakeChatSocket.made = [];
  FakeChatSocket.roomState = () => room.state;
  return room;
}
