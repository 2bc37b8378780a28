import { ROLE_PERMISSIONS } from '@wallet/contract/staff-roles';
import { act } from '@testing-library/react';
import type { ChatMessage, ChatMessageBody, ChatRoomState } from '@wallet/contract/http/chat';
import type { ConsoleConversation, MemberContextResponse } from '@wallet/contract/http/console';
import type { MinorUnits } from '@wallet/contract/money';
import type { ConsoleSocket, TicketSource } from '../features/console/inbox-socket';
import { fakeServer } from './render-app';

/** A time `minutes` before 2026-03-02 10:00 local time. */
export const minutesBefore = (minutes: number) => new Date(2026, 2, 2, 10, -minutes).toISOString();

const minor = (amount: number) => amount as MinorUnits;

export const staff = {
  id: 1,
  username: 'alice',
  name: 'Alice Staff',
  role: 'support' as const,
  permissions: [...ROLE_PERMISSIONS.support],
};

export const room = (overrides: Partial<ChatRoomState> = {}): ChatRoomState => ({
  sessionId: 1,
  lastSeq: 0,
  customerReadSeq: 0,
  staffReadSeq: 0,
  ...overrides,
});

export function chatMessage(
  seq: number,
  body: ChatMessageBody | string,
  overrides: Partial<ChatMessage> = {},
): ChatMessage {
  return {
    sender: 'customer',
    message: typeof body === 'string' ? { message_type: 'text', payload: body } : body,
    userId: 42,
    guestId: null,
    username: '0812345678',
    name: 'Somchai Jaidee',
    deviceToken: null,
    createdAt: minutesBefore(60 - seq),
    session_id: 1,
    seq,
    clientId: `client-${seq}-abcdef`,
    bot: false,
    ...overrides,
  };
}

/** A member's conversation (member 42 unless `member` says otherwise), or a guest's with `member: null`. */
export function conversation(id: number, overrides: Partial<ConsoleConversation> = {}): ConsoleConversation {
  const last = overrides.lastMessage ?? chatMessage(3, `Hello from ${id}`);
  return {
    id,
    member: { id: 42, username: '0812345678', name: 'Somchai Jaidee' },
    guestLabel: null,
    status: 'open',
    unread: 0,
    waitingForStaff: false,
    lastMessage: last,
    lastMessageAt: last?.createdAt ?? null,
    room: room({ lastSeq: last?.seq ?? 0 }),
    ...overrides,
  };
}

export const memberContext = (overrides: Partial<MemberContextResponse> = {}): MemberContextResponse => ({
  member: {
    id: 42,
    username: '0812345678',
    name: 'Somchai Jaidee',
    currency: 'BAHT',
    bank: { bankCode: 'SCB', accountNo: '1234567890', accountName: 'Somchai Jaidee', currency: 'BAHT' },
    createdAt: minutesBefore(60 * 24 * 30),
  },
  wallet: { amount: minor(123_456), currency: 'BAHT' },
  deposits: [
    {
      id: 'd1',
      statementType: 'deposit',
      status: 'PENDING',
      from: 'bank',
      to: 'wallet',
      amount: minor(50_000),
      createdAt: minutesBefore(30),
    },
  ],
  withdrawals: [
    {
      id: 'w1',
      statementType: 'withdraw',
      status: 'SUCCESS',
      from: 'wallet',
      to: 'bank',
      amount: minor(20_000),
      createdAt: minutesBefore(90),
    },
  ],
  slips: [
    {
      createdAt: minutesBefore(31),
      amount: minor(50_000),
      currency: null,
      status: 'REVIEW',
      note: 'SENDER_UNCONFIRMED',
      reference: 'REF123',
      link: null,
    },
  ],
  ...overrides,
});

type Answer = { status?: number; body: unknown } | undefined;

/**
 * The console's calls at the network edge: `lists` per tab, `messages` per conversation (oldest
 * first), the member context; sends and reads answer as the server would. `handler` answers first.
 */
export function consoleServer({
  lists = { open: [], resolved: [] },
  messages = {},
  context = memberContext(),
  handler = () => undefined,
}: {
  lists?: { open: ConsoleConversation[]; resolved: ConsoleConversation[] };
  messages?: Record<number, ChatMessage[]>;
  context?: MemberContextResponse;
  handler?: (url: string, init: RequestInit) => Answer;
} = {}) {
  let nextSeq = 100;
  /** Each conversation's session once resolved here. */
  const sessions: Record<number, number> = {};
  return fakeServer((url, init) => {
    const own = handler(url, init);
    if (own) return own;
    const path = url.split('?')[0]!;
    const query = new URLSearchParams(url.split('?')[1] ?? '');
    if (path === '/api/console/me') return { body: staff };
    if (path === '/api/console/chat/conversations') {
      const conversations = lists[query.get('status') === 'resolved' ? 'resolved' : 'open'];
      return { body: { conversations, total: conversations.length } };
    }
    const match = /^\/api\/console\/chat\/conversations\/(\d+)\/(messages|read|resolve)$/.exec(path);
    if (match) {
      const id = Number(match[1]);
      const held = messages[id] ?? [];
      const state = room({
        lastSeq: held.at(-1)?.seq ?? 0,
        sessionId: sessions[id] ?? held.at(-1)?.session_id ?? 1,
      });
      if (match[2] === 'messages' && init.method === 'POST') {
        nextSeq += 1;
        return { body: { createdAt: minutesBefore(0), seq: nextSeq, session_id: 1 } };
      }
      if (match[2] === 'messages') {
        const before = Number(query.get('beforeSeq') ?? Infinity);
        const limit = Number(query.get('limit') ?? 30);
        const page = held
          .filter((message) => message.seq < before)
          .reverse()
          .slice(0, limit);
        return { body: { result: page, room: state } };
      }
      if (match[2] === 'read') return { body: { ...state, staffReadSeq: state.lastSeq } };
      sessions[id] = state.sessionId + 1;
      return { body: { ...state, sessionId: sessions[id] } };
    }
    if (/^\/api\/console\/members\/\d+\/context$/.test(path)) return { body: context };
    return undefined;
  });
}

/**
 * A Socket.IO socket the test drives: `serverSends` delivers an event as the server would;
 * `emitted` lists what the console sent; `tickets` the ticket sources of its handshakes.
 */
export function fakeSocket() {
  const listeners = new Map<string, ((data: unknown) => void)[]>();
  const emitted: { event: string; data: unknown }[] = [];
  /** The server's answers still owed, by the order of the emits that asked for one. */
  const acks: ((answer: unknown) => void)[] = [];
  const tickets: TicketSource[] = [];
  const socket: ConsoleSocket = {
    on(event, listener) {
      listeners.set(event, [...(listeners.get(event) ?? []), listener as (data: unknown) => void]);
      return socket;
    },
    emit(event, data, ack) {
      emitted.push({ event, data });
      if (ack) acks.push(ack);
      return socket;
    },
    disconnect() {
      listeners.clear();
      return socket;
    },
  };
  const serverSends = (event: string, data?: unknown) =>
    act(() => {
      for (const listener of listeners.get(event) ?? []) listener(data);
    });
  return {
    emitted,
    acks,
    tickets,
    serverSends,
    factory: (ticket: TicketSource) => {
      tickets.push(ticket);
      // Connected as soon as the inbox has set its listeners.
      queueMicrotask(() => void serverSends('connect'));
      return socket;
    },
  };
}
