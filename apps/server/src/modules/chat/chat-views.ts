import type { ChatMessage, ChatMessageBody, ChatRoomState } from '@wallet/contract/http/chat';
import type { ConsoleConversation } from '@wallet/contract/http/console';
import type { ChatSigning } from './chat-signing';
import type { ChatRepository, MessageRow, RoomRow } from './chat.repository';

export interface ChatViewsOptions {
  repository: ChatRepository;
  signing: ChatSigning;
  /** A member's username and name, for the messages and the inbox. */
  memberLabel: (memberId: number) => Promise<{ username: string; name: string }>;
  /** The room prefix of spec section 7 (GET /api/chat/config). */
  prefix: string;
  /** How long a media link works. */
  mediaLinkMs: number;
}

/** The state of a room nobody has written in yet. */
export const noRoomState = (): ChatRoomState => ({
  sessionId: 1,
  lastSeq: 0,
  customerReadSeq: 0,
  staffReadSeq: 0,
});

/** Rooms and messages as members, guests and staff see them: room names, states, signed media links. */
export function createChatViews(options: ChatViewsOptions) {
  const { repository, signing, prefix, mediaLinkMs } = options;

  const roomNameOf = (room: Pick<RoomRow, 'memberId' | 'guestId'>) =>
    `${prefix}${room.memberId !== null ? room.memberId : room.guestId}`;
  const stateOf = (room: RoomRow): ChatRoomState => ({
    sessionId: room.sessionId,
    lastSeq: room.lastSeq,
    customerReadSeq: room.customerReadSeq,
    staffReadSeq: room.staffReadSeq,
  });

  /** A stored body as clients see it: a media file becomes a signed link. */
  const bodyOut = (body: ChatMessageBody): ChatMessageBody =>
    body.message_type === 'media' && !body.payload.url
      ? {
          ...body,
          payload: {
            ...body.payload,
            url: true,
            filePath: signing.mediaLink(body.payload.filePath, mediaLinkMs),
          },
        }
      : body;

  const labelCache = new Map<number, { username: string; name: string }>();
  const labelOf = async (memberId: number) => {
    const cached = labelCache.get(memberId);
    if (cached) return cached;
    const label = await options.memberLabel(memberId);
    if (labelCache.size > 5_000) labelCache.clear();
    labelCache.set(memberId, label);
    return label;
  };

  async function messageOut(row: MessageRow, room: RoomRow): Promise<ChatMessage> {
    const label = room.memberId !== null ? await labelOf(room.memberId) : null;
    return {
      sender: row.sender,
      message: bodyOut(row.body),
      userId: room.memberId,
      guestId: room.guestId,
      username: label?.username ?? null,
      name: row.name,
      deviceToken: row.deviceToken,
      createdAt: row.createdAt.toISOString(),
      session_id: row.sessionId,
      seq: row.seq,
      clientId: row.clientId,
      bot: row.bot,
    };
  }

  async function conversationOf(room: RoomRow, unread?: number): Promise<ConsoleConversation> {
    const last = await repository.previewMessage(room.id);
    const label = room.memberId !== null ? await labelOf(room.memberId) : null;
    return {
      id: room.id,
      member: room.memberId !== null && label ? { id: room.memberId, ...label } : null,
      guestLabel: room.guestId !== null ? room.guestId.slice(1, 7) : null,
      status: room.status,
      unread: unread ?? (await repository.countAfter(room.id, 'customer', room.staffReadSeq)),
      waitingForStaff: room.waitingForStaff,
      lastMessage: last ? await messageOut(last, room) : null,
      lastMessageAt: room.lastMessageAt?.toISOString() ?? null,
      room: stateOf(room),
    };
  }

  return { roomNameOf, stateOf, labelOf, messageOut, conversationOf };
}

export type ChatViews = ReturnType<typeof createChatViews>;
