import { z } from 'zod';
import { ChatMessage, ChatRoomState, GuestId, INT4_MAX } from './http/chat';
import { ConsoleConversation } from './http/console';

/**
 * The chat socket (spec section 7: "Live socket emits a join event, receives a messaging event"):
 * Socket.IO at SOCKET_PATH on the server's own origin. With REDIS_URL every server process shares
 * the rooms through the Redis adapter (docs/decisions/023).
 */
export const SOCKET_PATH = '/socket.io';

/**
 * The handshake's `auth`: a member's session token, a guest's signed id, or a staff session's ticket.
 * A socket without a valid one is refused.
 */
export const SocketAuth = z.union([
  z.object({ token: z.string().min(1).max(200) }),
  z.object({ guestId: GuestId }),
  /** Staff: a ticket of their session (POST /api/console/chat/socket-ticket), good for a minute. */
  z.object({ staffTicket: z.string().min(1).max(300) }),
]);
export type SocketAuth = z.infer<typeof SocketAuth>;

export const SOCKET_EVENTS = {
  /** Client to server: join the caller's own room (PREFIX + user id or guest id); answered by an ack. */
  join: 'join',
  /** Server to client: a new message of the room (either side's). */
  messaging: 'messaging',
  /** Server to client: the room's state changed (a read watermark moved, or staff resolved it: a new session). */
  room: 'room',
  /** Server to staff: a conversation of the inbox changed (a new message, a read, a resolve). */
  inbox: 'inbox',
  /** Staff to server: follow one conversation's messages (the room's `messaging` events). */
  watch: 'watch',
  /**
   * Server to staff following a guest's conversation: the guest signed in and it is now the
   * member's (`into`; the same id unless the member had a conversation, which took its messages).
   */
  claimed: 'claimed',
  /** Server to staff: what waits for staff now changed (DeskCounts of http/console). */
  desk: 'desk',
} as const;

/** The join event's data: the room the client asks for, which must be its own. */
export const JoinRequest = z.object({
  userId: z.number().int().positive().max(INT4_MAX).optional(),
  guestId: GuestId.optional(),
});
export type JoinRequest = z.infer<typeof JoinRequest>;

/** The join ack. `error` is an error code (CHAT_ROOM_FORBIDDEN, UNAUTHORIZED). */
export const JoinAck = z.union([
  z.object({ ok: z.literal(true), room: z.string(), state: ChatRoomState }),
  z.object({ ok: z.literal(false), error: z.string() }),
]);
export type JoinAck = z.infer<typeof JoinAck>;

/** The messaging event's data (spec section 3's conversation object). */
export const MessagingEvent = ChatMessage;
export type MessagingEvent = ChatMessage;

/** The room event's data. */
export const RoomEvent = ChatRoomState;
export type RoomEvent = ChatRoomState;

/** The inbox event's data: the conversation as the inbox lists it now. */
export const InboxEvent = ConsoleConversation;
export type InboxEvent = ConsoleConversation;

/** Staff's watch event: the conversation whose messages to receive (one at a time; null stops). */
export const WatchRequest = z.object({
  conversationId: z.number().int().positive().max(INT4_MAX).nullable(),
});
export type WatchRequest = z.infer<typeof WatchRequest>;

/** The claimed event's data: the guest's conversation and the member's it became. */
export const ClaimedEvent = z.object({
  from: z.number().int().positive(),
  into: z.number().int().positive(),
});
export type ClaimedEvent = z.infer<typeof ClaimedEvent>;
