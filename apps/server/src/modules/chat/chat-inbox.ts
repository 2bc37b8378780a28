import type { FastifyBaseLogger } from 'fastify';
import type { ChatMessageBody, ChatRoomState, SendMessageResponse } from '@wallet/contract/http/chat';
import type { ConsoleConversation } from '@wallet/contract/http/console';
import { fail } from '../../platform/errors';
import type { ChatMessages } from './chat-messages';
import type { ChatPush } from './chat-push';
import type { ChatUploads } from './chat-uploads';
import type { ChatViews } from './chat-views';
import type { ChatRepository, RoomRow } from './chat.repository';
import type { ChatBroadcaster } from './chat.service';

export interface ChatInboxOptions {
  repository: ChatRepository;
  views: ChatViews;
  messages: ChatMessages;
  uploads: Pick<ChatUploads, 'upload'>;
  push: Pick<ChatPush, 'notifyAbsent'>;
  /** The socket layer's broadcaster as it is now (a no-op until the socket is attached). */
  broadcaster: () => ChatBroadcaster;
  log: FastifyBaseLogger;
}

/** The staff side of the chat: the inbox, reading and answering conversations, resolving them. */
export function createChatInbox(options: ChatInboxOptions) {
  const { repository, views, messages, uploads, push, log } = options;
  const { roomNameOf, stateOf, messageOut, conversationOf } = views;

  async function roomForStaff(roomId: number): Promise<RoomRow> {
    return (await repository.roomById(roomId)) ?? fail('NO_DATA', 404);
  }

  return {
    /** What staff reading a conversation follow: its room, or the member's it went into. */
    async watchTarget(roomId: number): Promise<{ id: number; room: string }> {
      const room = await roomForStaff(roomId);
      const current = room.mergedInto !== null ? await roomForStaff(room.mergedInto) : room;
      return { id: current.id, room: roomNameOf(current) };
    },

    /** How many conversations are open (the console's live count). */
    openConversations: () => repository.inboxSize('open'),

    /** The inbox: at most 200, who waits for staff first; `total` says how many there are. */
    async inbox(
      status: 'open' | 'resolved',
    ): Promise<{ conversations: ConsoleConversation[]; total: number }> {
      const [listed, total] = await Promise.all([
        repository.inbox(status, 200),
        repository.inboxSize(status),
      ]);
      const rooms = new Map(
        (await repository.roomsByIds(listed.map((row) => row.room_id))).map((room) => [room.id, room]),
      );
      const conversations: ConsoleConversation[] = [];
      for (const row of listed) {
        const room = rooms.get(row.room_id);
        if (room) conversations.push(await conversationOf(room, row.unread));
      }
      return { conversations, total };
    },

    /** The member's conversation, for the console's member view; null if they never wrote. */
    async memberConversation(memberId: number) {
      const room = await repository.findRoom({ memberId });
      if (!room) return null;
      return { id: room.id, status: room.status, lastMessageAt: room.lastMessageAt?.toISOString() ?? null };
    },

    async conversation(roomId: number): Promise<ConsoleConversation> {
      return conversationOf(await roomForStaff(roomId));
    },

    async staffMessages(roomId: number, beforeSeq: number | undefined, limit: number) {
      const room = await roomForStaff(roomId);
      const rows = await repository.page(room.id, limit, { beforeSeq });
      return { result: await Promise.all(rows.map((row) => messageOut(row, room))), room: stateOf(room) };
    },

    async staffSend(
      staff: { id: number; name: string },
      roomId: number,
      request: { clientId: string; message: ChatMessageBody },
    ): Promise<SendMessageResponse> {
      const room = await roomForStaff(roomId);
      const {
        row,
        created,
        room: after,
      } = await messages.store(room, {
        sender: 'other',
        clientId: request.clientId,
        staffId: staff.id,
        bot: false,
        body: request.message,
        name: staff.name,
        deviceToken: null,
      });
      if (created)
        await push
          .notifyAbsent(after)
          .catch((error: unknown) => log.warn({ err: error }, 'chat push failed'));
      return { createdAt: row.createdAt.toISOString(), seq: row.seq, session_id: row.sessionId };
    },

    async staffUpload(roomId: number, fileName: string, bytes: Buffer, kind: 'image' | 'video') {
      const room = await roomForStaff(roomId);
      return uploads.upload(room.id, fileName, bytes, kind, 'staff');
    },

    async staffRead(roomId: number, seq: number | undefined): Promise<ChatRoomState> {
      await roomForStaff(roomId);
      const after = (await repository.markRead(roomId, 'staff', seq))!;
      options.broadcaster().toRoom(roomNameOf(after), 'room', stateOf(after));
      options.broadcaster().toStaff(await conversationOf(after));
      return stateOf(after);
    },

    async resolve(roomId: number): Promise<ChatRoomState> {
      await roomForStaff(roomId);
      const after = (await repository.resolve(roomId))!;
      options.broadcaster().toRoom(roomNameOf(after), 'room', stateOf(after));
      options.broadcaster().toStaff(await conversationOf(after));
      return stateOf(after);
    },
  };
}
