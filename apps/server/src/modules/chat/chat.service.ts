import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Locale } from '@wallet/contract/constants';
import {
  CHAT_LIMITS,
  type ChatRoomState,
  type CustomerMessageBody,
  type SendMessageResponse,
} from '@wallet/contract/http/chat';
import type { ConsoleConversation } from '@wallet/contract/http/console';
import type { PushSender, PushSubscription } from '../../adapters/push/push-sender';
import { createWebPushSender, generateVapidKeys } from '../../adapters/push/web-push-sender';
import type { Database } from '../../platform/db/database';
import { fail } from '../../platform/errors';
import type { FileStorage } from '../../platform/storage';
import type { MoneyFacts } from './chat-bot';
import { createChatInbox } from './chat-inbox';
import { createChatMessages } from './chat-messages';
import { createChatPush } from './chat-push';
import { createChatSigning, type ChatSigning } from './chat-signing';
import { createChatUploads } from './chat-uploads';
import { createChatViews, noRoomState } from './chat-views';
import { createChatRepository, type RoomOwner } from './chat.repository';

// The test app (test/test-app.ts) names the sender's type as the chat's.
export type { PushSender } from '../../adapters/push/push-sender';

/**
 * Support chat (docs/decisions/023): rooms of members and guests, messages stored once per client
 * id and numbered per room (chat-messages.ts), uploads checked by their bytes (chat-uploads.ts), the
 * first-line bot, the staff inbox (chat-inbox.ts), and web push to a member nobody is connected for
 * (chat-push.ts). The socket layer (chat-socket.ts) delivers what this service tells its
 * broadcaster.
 */

/** Who is calling: a signed-in member, or a guest with a server-issued id. */
export type ChatCaller = { memberId: number } | { guestId: string };

/** What the socket layer does for the service; a no-op until the socket is attached. */
export interface ChatBroadcaster {
  toRoom(room: string, event: 'messaging' | 'room', data: unknown): void;
  toStaff(data: ConsoleConversation): void;
  /** A guest's conversation became a member's: staff following it now follow the member's room. */
  claimed(from: { id: number; room: string }, into: { id: number; room: string }): void;
  /** True when no socket of any process is in the room (then web push tells the member). */
  roomIsEmpty(room: string): Promise<boolean>;
}

export interface ChatServiceOptions {
  db: Database;
  storage: FileStorage;
  /** A member's username and name, for the messages and the inbox. */
  memberLabel: (memberId: number) => Promise<{ username: string; name: string }>;
  /** A member's latest deposit and withdrawal, for the bot. */
  moneyFacts: (memberId: number) => Promise<MoneyFacts>;
  log: FastifyBaseLogger;
  pushSender?: PushSender;
  /** Hosts of the push services browsers subscribe at (CHAT_PUSH_HOSTS). */
  pushHosts: readonly string[];
  /** The room prefix of spec section 7 (GET /api/chat/config). */
  prefix?: string;
  /** How long a media link works. */
  mediaLinkMs?: number;
  /** The clock of the upload window (tests move it). */
  now?: () => Date;
}

const GUEST_NAME = 'Guest';

export async function createChatService(options: ChatServiceOptions) {
  const repository = createChatRepository(options.db);
  const keys = await repository.keys(() => {
    const vapid = generateVapidKeys();
    return {
      signingKey: randomBytes(32).toString('base64url'),
      vapidPublic: vapid.publicKey,
      vapidPrivate: vapid.privateKey,
    };
  });
  const signing: ChatSigning = createChatSigning(keys.signingKey);
  const vapid = { publicKey: keys.vapidPublic, privateKey: keys.vapidPrivate };
  const prefix = options.prefix ?? 'wallet-chat-';
  const now = options.now ?? (() => new Date());
  let broadcaster: ChatBroadcaster = {
    toRoom: () => undefined,
    toStaff: () => undefined,
    claimed: () => undefined,
    roomIsEmpty: async () => false,
  };
  const currentBroadcaster = () => broadcaster;

  const views = createChatViews({
    repository,
    signing,
    memberLabel: options.memberLabel,
    prefix,
    mediaLinkMs: options.mediaLinkMs ?? 6 * 3_600_000,
  });
  const { roomNameOf, stateOf, labelOf, messageOut, conversationOf } = views;
  const uploads = createChatUploads({ repository, storage: options.storage, signing, now, log: options.log });
  const push = createChatPush({
    repository,
    pushSender: options.pushSender ?? createWebPushSender(),
    vapid,
    pushHosts: options.pushHosts,
    roomIsEmpty: (room) => broadcaster.roomIsEmpty(roomNameOf(room)),
    log: options.log,
  });
  const messages = createChatMessages({
    repository,
    views,
    uploads,
    broadcaster: currentBroadcaster,
    moneyFacts: options.moneyFacts,
  });
  const inbox = createChatInbox({
    repository,
    views,
    messages,
    uploads,
    push,
    broadcaster: currentBroadcaster,
    log: options.log,
  });

  const ownerOf = (caller: ChatCaller): RoomOwner =>
    'memberId' in caller ? { memberId: caller.memberId } : { guestId: caller.guestId };
  /** The caller's room, made at their first call; a guest's claimed into a member's room is refused. */
  const roomOf = async (caller: ChatCaller) =>
    (await repository.roomOf(ownerOf(caller))) ?? fail('CHAT_GUEST_INVALID', 403);

  return {
    prefix,
    pushKey: vapid.publicKey,
    /** The site's VAPID pair, kept with the chat's keys: the console's staff push signs with it too. */
    vapid,
    setBroadcaster(next: ChatBroadcaster) {
      broadcaster = next;
    },
    /** The socket room of a conversation, for staff who follow it. */
    roomNameOf,

    /** The caller of a chat call: the signed-in member, else the guest whose signed id is given. */
    callerOf(memberId: number | null, guestId: string | undefined): ChatCaller {
      if (memberId !== null) return { memberId };
      if (guestId === undefined) return fail('UNAUTHORIZED', 401);
      if (!signing.isGuestId(guestId)) return fail('CHAT_GUEST_INVALID', 403);
      return { guestId };
    },
    isGuestId: (guestId: string) => signing.isGuestId(guestId),
    issueGuestId: () => signing.issueGuestId(),
    /** A ticket of a staff session for the socket's handshake, good for a minute (decision 047). */
    staffSocketTicket: (tokenHash: string) => signing.staffTicket(tokenHash, 60_000),
    /** The staff session hash a socket's ticket names, or null. */
    staffTicketSession: (ticket: string) => signing.staffTicketSession(ticket),
    /** The room name a caller may join (spec: PREFIX + user id or guest id). */
    joinableRoom: (caller: ChatCaller) =>
      `${prefix}${'memberId' in caller ? caller.memberId : caller.guestId}`,

    async state(caller: ChatCaller): Promise<ChatRoomState> {
      const room = await repository.findRoom(ownerOf(caller));
      return room ? stateOf(room) : noRoomState();
    },

    async send(
      caller: ChatCaller,
      request: { message: CustomerMessageBody; clientId: string; deviceToken?: string },
      locale: Locale,
    ): Promise<SendMessageResponse> {
      const room = await roomOf(caller);
      // A guest's send that arrives just after they signed in goes to the member's room, as theirs.
      const name = room.memberId !== null ? (await labelOf(room.memberId)).name : GUEST_NAME;
      const {
        row,
        created,
        room: after,
      } = await messages.store(
        room,
        {
          sender: 'customer',
          clientId: request.clientId,
          staffId: null,
          bot: false,
          body: request.message,
          name,
          deviceToken: request.deviceToken ?? null,
        },
        { language: locale },
      );
      if (created) {
        // The member's answer is stored; the bot's is extra and never fails the send.
        await messages
          .runBot(after, request.message, row, locale)
          .catch((error: unknown) => options.log.error({ err: error }, 'chat bot failed'));
      }
      return { createdAt: row.createdAt.toISOString(), seq: row.seq, session_id: row.sessionId };
    },

    async history(caller: ChatCaller, limit: number, skip: number) {
      const room = await repository.findRoom(ownerOf(caller));
      if (!room) return { result: [], room: noRoomState() };
      const rows = await repository.page(room.id, limit, { skip });
      return { result: await Promise.all(rows.map((row) => messageOut(row, room))), room: stateOf(room) };
    },

    async since(caller: ChatCaller, afterSeq: number) {
      const room = await repository.findRoom(ownerOf(caller));
      if (!room) return { result: [], more: false, room: noRoomState() };
      const rows = await repository.since(room.id, afterSeq, CHAT_LIMITS.historyMax + 1);
      const page = rows.slice(0, CHAT_LIMITS.historyMax);
      return {
        result: await Promise.all(page.map((row) => messageOut(row, room))),
        more: rows.length > page.length,
        room: stateOf(room),
      };
    },

    async readCustomer(caller: ChatCaller, seq: number | undefined): Promise<ChatRoomState> {
      const room = await repository.findRoom(ownerOf(caller));
      if (!room) return noRoomState();
      const after = (await repository.markRead(room.id, 'customer', seq))!;
      if (after.customerReadSeq !== room.customerReadSeq) broadcaster.toStaff(await conversationOf(after));
      return stateOf(after);
    },

    async unread(caller: ChatCaller): Promise<number> {
      const room = await repository.findRoom(ownerOf(caller));
      return room ? repository.countAfter(room.id, 'other', room.customerReadSeq) : 0;
    },

    async upload(caller: ChatCaller, fileName: string, bytes: Buffer, kind: 'image' | 'video') {
      const room = await roomOf(caller);
      return uploads.upload(room.id, fileName, bytes, kind, 'customer');
    },

    /** Housekeeping: removes uploads never sent; answers how many. */
    purgeUnsentUploads: () => uploads.purgeUnsentUploads(),
    /** The bytes of a signed media link, or null when the link is not one we signed or has expired. */
    media: (storageKey: string, expires: number, signature: string) =>
      uploads.media(storageKey, expires, signature),

    async claimGuest(memberId: number, guestId: string): Promise<number> {
      if (!signing.isGuestId(guestId)) return fail('CHAT_GUEST_INVALID', 403);
      const { moved, fromRoomId } = await repository.claimGuestRoom(
        guestId,
        memberId,
        (await labelOf(memberId)).name,
      );
      if (moved > 0) {
        const room = (await repository.findRoom({ memberId }))!;
        broadcaster.toStaff(await conversationOf(room));
        // The room's socket name changed (and, with an earlier member room, its id): staff reading
        // the guest's conversation keep receiving it live.
        broadcaster.claimed(
          { id: fromRoomId, room: roomNameOf({ memberId: null, guestId }) },
          { id: room.id, room: roomNameOf(room) },
        );
      }
      return moved;
    },

    async addPushSubscription(caller: ChatCaller, subscription: PushSubscription) {
      await push.subscribe(subscription, () => roomOf(caller));
    },

    // Staff
    ...inbox,
  };
}

export type ChatService = Awaited<ReturnType<typeof createChatService>>;
