import type {
  ChatMessage,
  ChatRoomState,
  CustomerMessageBody,
  DeliveryStatus,
} from '@wallet/contract/http/chat';
import { CHAT_LIMITS } from '@wallet/contract/http/chat';
import type { PendingMessageBase } from '../../lib/chat-compose';

/**
 * The conversation as the panel holds it: the room's stored messages (unique by their sequence
 * number, oldest first) and the member's own messages on their way (uploading, sending, failed,
 * or stored but not yet received back).
 */

/** A message of the member's that the panel shows before the server's copy arrives. */
export interface PendingMessage extends PendingMessageBase<CustomerMessageBody> {
  /** The file of a media message, kept for a retry of its upload, and its preview. */
  file?: NonNullable<PendingMessageBase<CustomerMessageBody>['file']> & { previewUrl: string };
  status: DeliveryStatus;
  /** Upload progress, 0 to 1. */
  progress: number;
  /** The error code of the last failure. */
  error?: string;
  /** The server's number and session, once stored. */
  seq?: number;
  session_id?: number;
  createdAt: string;
}

export interface ChatState {
  messages: ChatMessage[];
  pending: PendingMessage[];
  room: ChatRoomState | null;
  /** Whether older messages may be left to page in. */
  hasMore: boolean;
}

export type ChatAction =
  /** A page of history (newest first, as the server answers it). */
  | { type: 'history'; page: ChatMessage[]; room: ChatRoomState }
  /** Messages from the socket or a catch-up (any order). */
  | { type: 'received'; messages: ChatMessage[] }
  | { type: 'room'; room: ChatRoomState }
  | { type: 'pending'; message: PendingMessage }
  | { type: 'update'; clientId: string; patch: Partial<PendingMessage> };

export const initialChatState: ChatState = { messages: [], pending: [], room: null, hasMore: true };

/** Adds messages, one per sequence number, kept in order. */
function merge(held: ChatMessage[], incoming: ChatMessage[]): ChatMessage[] {
  if (incoming.length === 0) return held;
  const bySeq = new Map(held.map((message) => [message.seq, message]));
  for (const message of incoming) bySeq.set(message.seq, message);
  return [...bySeq.values()].sort((a, b) => a.seq - b.seq);
}

/** Room states from the socket and from answers may come in any order: watermarks only move on. */
export function mergeRoom(held: ChatRoomState | null, next: ChatRoomState): ChatRoomState {
  if (!held) return next;
  return {
    sessionId: Math.max(held.sessionId, next.sessionId),
    lastSeq: Math.max(held.lastSeq, next.lastSeq),
    customerReadSeq: Math.max(held.customerReadSeq, next.customerReadSeq),
    staffReadSeq: Math.max(held.staffReadSeq, next.staffReadSeq),
  };
}

/** Pending messages the server's copy has now replaced. */
function withoutDelivered(pending: PendingMessage[], messages: ChatMessage[]): PendingMessage[] {
  if (pending.length === 0) return pending;
  const clientIds = new Set(messages.filter((m) => m.sender === 'customer').map((m) => m.clientId));
  const seqs = new Set(messages.map((m) => m.seq));
  const left = pending.filter((p) => !clientIds.has(p.clientId) && (p.seq === undefined || !seqs.has(p.seq)));
  return left.length === pending.length ? pending : left;
}

export function chatReducer(state: ChatState, action: ChatAction): ChatState {
  switch (action.type) {
    case 'history': {
      const messages = merge(state.messages, action.page);
      const oldest = messages[0]?.seq ?? 0;
      return {
        ...state,
        messages,
        pending: withoutDelivered(state.pending, messages),
        room: mergeRoom(state.room, action.room),
        // A short page is the beginning; so is the room's first message.
        hasMore: action.page.length >= CHAT_LIMITS.historyPage && oldest > 1,
      };
    }
    case 'received': {
      const messages = merge(state.messages, action.messages);
      return messages === state.messages
        ? state
        : { ...state, messages, pending: withoutDelivered(state.pending, messages) };
    }
    case 'room':
      return { ...state, room: mergeRoom(state.room, action.room) };
    case 'pending':
      return { ...state, pending: [...state.pending, action.message] };
    case 'update': {
      const pending = state.pending.map((p) =>
        p.clientId === action.clientId ? { ...p, ...action.patch } : p,
      );
      return { ...state, pending: withoutDelivered(pending, state.messages) };
    }
  }
}

/** Messages of staff or the bot the member has not read yet. */
export function unreadCount(state: ChatState): number {
  const read = state.room?.customerReadSeq ?? 0;
  return state.messages.filter((m) => m.sender === 'other' && m.seq > read).length;
}

export type TimelineRow =
  | { kind: 'day'; key: string; date: string }
  | {
      kind: 'message';
      key: string;
      message: ChatMessage;
      /** Its quick replies are offered: the newest that the member has not answered yet. */
      answerable: boolean;
      showName: boolean;
    }
  | { kind: 'pending'; key: string; pending: PendingMessage }
  | { kind: 'end'; key: string };

const localDay = (iso: string) => {
  const date = new Date(iso);
  return `${date.getFullYear()}-${date.getMonth()}-${date.getDate()}`;
};

/**
 * The rows the panel shows, in order: messages by their number (a pending message that was
 * stored takes its place among them; the others follow), a day line where the day changes, and
 * the "End Conversation" marker between messages of different sessions, and after the last
 * message when the room has moved on to a new session (spec section 4).
 */
export function timeline(state: ChatState): TimelineRow[] {
  type Entry = { seq: number; order: number; row: TimelineRow; session?: number; createdAt: string };
  const entries: Entry[] = state.messages.map((message, index) => ({
    seq: message.seq,
    order: index,
    session: message.session_id,
    createdAt: message.createdAt,
    row: { kind: 'message', key: `m${message.seq}`, message, answerable: false, showName: false },
  }));
  state.pending.forEach((pending, index) => {
    entries.push({
      seq: pending.seq ?? Number.MAX_SAFE_INTEGER,
      order: state.messages.length + index,
      session: pending.session_id,
      createdAt: pending.createdAt,
      row: { kind: 'pending', key: `p${pending.clientId}`, pending },
    });
  });
  entries.sort((a, b) => a.seq - b.seq || a.order - b.order);

  const rows: TimelineRow[] = [];
  let day: string | undefined;
  let session: number | undefined;
  /** Where the rows of the last known session end. */
  let sessionEnd = 0;
  for (const entry of entries) {
    const entryDay = localDay(entry.createdAt);
    if (entry.session !== undefined && session !== undefined && entry.session !== session) {
      rows.push({ kind: 'end', key: `end${session}-${entry.seq}` });
    }
    if (entryDay !== day) rows.push({ kind: 'day', key: `d${entryDay}-${entry.seq}`, date: entry.createdAt });
    rows.push(entry.row);
    day = entryDay;
    if (entry.session !== undefined) {
      session = entry.session;
      sessionEnd = rows.length;
    }
  }
  // Staff's and the bot's name heads each run of their messages.
  let previous: TimelineRow | undefined;
  for (const row of rows) {
    if (row.kind === 'message' && row.message.sender === 'other') {
      row.showName = !(previous?.kind === 'message' && previous.message.name === row.message.name);
    }
    previous = row;
  }
  // Quick replies stay on offer until the member writes again (the bot may add a line after them),
  // and only in the current session.
  for (const { row } of [...entries].reverse()) {
    if (row.kind !== 'message' || row.message.sender === 'customer') break;
    if (row.message.message.message_type === 'quick_replies') {
      row.answerable = !state.room || row.message.session_id >= state.room.sessionId;
      break;
    }
  }
  if (state.room && session !== undefined && state.room.sessionId > session) {
    rows.splice(sessionEnd, 0, { kind: 'end', key: `end${session}-last` });
  }
  return rows;
}
