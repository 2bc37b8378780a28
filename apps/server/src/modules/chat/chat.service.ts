import { randomBytes } from 'node:crypto';
import type { Agent } from 'node:https';
import type { FastifyBaseLogger } from 'fastify';
import webpush from 'web-push';
import type { Locale } from '@wallet/contract/constants';
import {
  CHAT_LIMITS,
  type ChatMessage,
  type ChatMessageBody,
  type ChatPushNotice,
  type ChatRoomState,
  type CustomerMessageBody,
  type SendMessageResponse,
} from '@wallet/contract/http/chat';
import type { ConsoleConversation } from '@wallet/contract/http/console';
import type { ErrorCode } from '@wallet/contract/errors';
import { canonicalJson } from '../../platform/canonical-json';
import type { Database } from '../../platform/db/database';
import { AppError } from '../../platform/errors';
import type { FileStorage } from '../../platform/storage';
import { botAnswer, type MoneyFacts } from './chat-bot';
import { hasExtension, sniffChatFile } from './chat-file-type';
import { isPushEndpoint } from './chat-push-endpoint';
import { createChatSigning, type ChatSigning } from './chat-signing';
import { createChatRepository, type MessageRow, type RoomOwner, type RoomRow } from './chat.repository';

/**
 * Support chat (docs/decisions/023): rooms of members and guests, messages stored once per client
 * id and numbered per room, uploads checked by their bytes, the first-line bot, the staff inbox, and
 * web push to a member nobody is connected for. The socket layer (chat-socket.ts) delivers what this
 * service tells its broadcaster.
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

/** Sends one web push; answers false when the subscription is gone for good (404/410). */
export type PushSender = (
  subscription: { endpoint: string; keys: { p256dh: string; auth: string } },
  notice: ChatPushNotice,
  vapid: { publicKey: string; privateKey: string },
) => Promise<boolean>;

/** The web-push package's sender; `agent` lets a test trust its own push service's certificate. */
export function createWebPushSender(agent?: Agent): PushSender {
  return async (subscription, notice, vapid) => {
    try {
      await webpush.sendNotification(subscription, JSON.stringify(notice), {
        TTL: 86_400,
        vapidDetails: { subject: 'mailto:support@member-wallet.invalid', ...vapid },
        timeout: 10_000,
        ...(agent ? { agent } : {}),
      });
      return true;
    } catch (error) {
      const status = (error as { statusCode?: number }).statusCode;
      if (status === 404 || status === 410) return false;
      throw error;
    }
  };
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

const BOT_NAME = 'Support';
/**
 * An upload is sent within 12 hours or not at all; one never sent is purged after 24 (the gap means
 * a send that passed the check never names a file the purge is removing).
 */
export const UPLOAD_SEND_WINDOW_MS = 12 * 3_600_000;
export const UNSENT_UPLOAD_PURGE_MS = 24 * 3_600_000;
const GUEST_NAME = 'Guest';
const PUSH_TEXT: Record<Locale, { title: string; body: string }> = {
  th: { title: 'ฝ่ายบริการลูกค้า', body: 'มีข้อความตอบกลับใหม่' },
  lo: { title: 'ຝ່າຍບໍລິການລູກຄ້າ', body: 'ມີຂໍ້ຄວາມຕອບກັບໃໝ່' },
  en: { title: 'Member support', body: 'You have a new answer' },
};

const fail = (code: ErrorCode, status: number): never => {
  throw new AppError(code, status);
};

export async function createChatService(options: ChatServiceOptions) {
  const repository = createChatRepository(options.db);
  const keys = await repository.keys(() => {
    const vapid = webpush.generateVAPIDKeys();
    return {
      signingKey: randomBytes(32).toString('base64url'),
      vapidPublic: vapid.publicKey,
      vapidPrivate: vapid.privateKey,
    };
  });
  const signing: ChatSigning = createChatSigning(keys.signingKey);
  const vapid = { publicKey: keys.vapidPublic, privateKey: keys.vapidPrivate };
  const prefix = options.prefix ?? 'wallet-chat-';
  const mediaLinkMs = options.mediaLinkMs ?? 6 * 3_600_000;
  const now = options.now ?? (() => new Date());
  const pushSender = options.pushSender ?? createWebPushSender();
  let broadcaster: ChatBroadcaster = {
    toRoom: () => undefined,
    toStaff: () => undefined,
    claimed: () => undefined,
    roomIsEmpty: async () => false,
  };

  const ownerOf = (caller: ChatCaller): RoomOwner =>
    'memberId' in caller ? { memberId: caller.memberId } : { guestId: caller.guestId };
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
    const last = await repository.lastMessage(room.id);
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

  async function announce(room: RoomRow, row: MessageRow): Promise<void> {
    broadcaster.toRoom(roomNameOf(room), 'messaging', await messageOut(row, room));
    broadcaster.toStaff(await conversationOf(room));
  }

  /** Checks a media message names an upload of this very room (a path of another room is refused). */
  async function checkMedia(room: RoomRow, body: ChatMessageBody): Promise<ChatMessageBody> {
    if (body.message_type !== 'media') return body;
    const key = storageKeyOf(body.payload.filePath);
    const upload = key ? await repository.upload(key) : null;
    if (!upload || upload.roomId !== room.id) return fail('CHAT_MEDIA_UNKNOWN', 400);
    // An upload not sent within its window may be purged any moment (purgeUnsentUploads).
    // One already sent (`sentAt`, set with its message) is kept for good and may be sent again.
    if (upload.sentAt === null && now().getTime() - upload.createdAt.getTime() > UPLOAD_SEND_WINDOW_MS)
      return fail('CHAT_MEDIA_UNKNOWN', 400);
    return {
      ...body,
      payload: { ...body.payload, url: false, fileType: upload.fileType, filePath: upload.storageKey },
    };
  }

  async function store(
    room: RoomRow,
    message: {
      sender: 'customer' | 'other';
      clientId: string;
      staffId: number | null;
      bot: boolean;
      body: ChatMessageBody;
      name: string;
      deviceToken: string | null;
    },
    roomChanges?: Parameters<typeof repository.append>[2],
  ) {
    const body = await checkMedia(room, message.body);
    const result = await repository.append(room.id, { ...message, body }, roomChanges);
    if (!result.created && canonicalJson(result.row.body) !== canonicalJson(body))
      return fail('CHAT_MESSAGE_ID_REUSED', 409);
    if (result.created) await announce(result.room, result.row);
    return result;
  }

  async function runBot(room: RoomRow, message: CustomerMessageBody, trigger: MessageRow, locale: Locale) {
    // Greeting and hand-over are each claimed by one conditional update, so messages arriving
    // together are greeted once and handed over once.
    const newSession = await repository.claimGreeting(room.id, trigger.sessionId);
    const answer = await botAnswer(message, {
      locale,
      memberId: room.memberId,
      newSession,
      facts: options.moneyFacts,
    });
    const replies = [...answer.replies];
    if (answer.handOver && (await repository.claimHandOver(room.id))) replies.push(answer.handOverText);
    let current = room;
    for (const [index, body] of replies.entries()) {
      // Keyed by the message answered (a `:` no client id may hold), so a resend never makes the
      // bot answer twice and no client's id can take the bot's.
      const result = await store(current, {
        sender: 'other',
        clientId: `bot:${trigger.seq}:${index}`,
        staffId: null,
        bot: true,
        body,
        name: BOT_NAME,
        deviceToken: null,
      });
      current = result.room;
    }
  }

  async function notifyAbsent(room: RoomRow): Promise<void> {
    if (!(await broadcaster.roomIsEmpty(roomNameOf(room)))) return;
    const subscriptions = await repository.pushSubscriptions(room.id);
    const text = PUSH_TEXT[(room.language as Locale) in PUSH_TEXT ? (room.language as Locale) : 'th'];
    for (const subscription of subscriptions) {
      try {
        // Kept before the rule was as it is (any port then) or the hosts changed: never posted to.
        if (!isPushEndpoint(subscription.endpoint, options.pushHosts)) continue;
        const alive = await pushSender(
          { endpoint: subscription.endpoint, keys: { p256dh: subscription.p256dh, auth: subscription.auth } },
          { ...text, url: room.memberId !== null ? '/user/home?chat=1' : '/contact?chat=1' },
          vapid,
        );
        if (!alive) await repository.dropPushSubscription(subscription.id);
      } catch (error) {
        options.log.warn({ err: error }, 'chat web push failed');
      }
    }
  }

  async function upload(
    roomId: number,
    fileName: string,
    bytes: Buffer,
    kind: 'image' | 'video',
    by: 'customer' | 'staff',
  ) {
    if (!hasExtension(fileName)) return fail('CHAT_FILE_NOT_SUPPORTED', 415);
    const sniffed = sniffChatFile(bytes);
    if (!sniffed || sniffed.fileType !== kind) return fail('CHAT_FILE_NOT_SUPPORTED', 415);
    if (bytes.length > (kind === 'image' ? CHAT_LIMITS.imageMaxBytes : CHAT_LIMITS.videoMaxBytes))
      return fail('CHAT_FILE_TOO_LARGE', 413);
    const storageKey = `chat/${roomId}/${randomBytes(16).toString('base64url')}.${sniffed.extension}`;
    await options.storage.put(storageKey, bytes);
    await repository.addUpload({
      roomId,
      storageKey,
      fileType: sniffed.fileType,
      contentType: sniffed.contentType,
      bytes: bytes.length,
      uploadedBy: by,
    });
    return { path: storageKey, fileType: sniffed.fileType };
  }

  async function roomForStaff(roomId: number): Promise<RoomRow> {
    return (await repository.roomById(roomId)) ?? fail('NO_DATA', 404);
  }

  return {
    prefix,
    pushKey: vapid.publicKey,
    setBroadcaster(next: ChatBroadcaster) {
      broadcaster = next;
    },
    roomNameOf,
    /** The socket room of a conversation, for staff who follow it. */
    /** What staff reading a conversation follow: its room, or the member's it went into. */
    async watchTarget(roomId: number): Promise<{ id: number; room: string }> {
      const room = await roomForStaff(roomId);
      const current = room.mergedInto !== null ? await roomForStaff(room.mergedInto) : room;
      return { id: current.id, room: roomNameOf(current) };
    },

    /** The caller of a chat call: the signed-in member, else the guest whose signed id is given. */
    callerOf(memberId: number | null, guestId: string | undefined): ChatCaller {
      if (memberId !== null) return { memberId };
      if (guestId === undefined) return fail('UNAUTHORIZED', 401);
      if (!signing.isGuestId(guestId)) return fail('CHAT_GUEST_INVALID', 403);
      return { guestId };
    },
    isGuestId: (guestId: string) => signing.isGuestId(guestId),
    issueGuestId: () => signing.issueGuestId(),
    /** The room name a caller may join (spec: PREFIX + user id or guest id). */
    joinableRoom: (caller: ChatCaller) =>
      `${prefix}${'memberId' in caller ? caller.memberId : caller.guestId}`,

    async state(caller: ChatCaller): Promise<ChatRoomState> {
      const room = await repository.findRoom(ownerOf(caller));
      return room ? stateOf(room) : { sessionId: 1, lastSeq: 0, customerReadSeq: 0, staffReadSeq: 0 };
    },

    async send(
      caller: ChatCaller,
      request: { message: CustomerMessageBody; clientId: string; deviceToken?: string },
      locale: Locale,
    ): Promise<SendMessageResponse> {
      const room = (await repository.roomOf(ownerOf(caller))) ?? fail('CHAT_GUEST_INVALID', 403);
      // A guest's send that arrives just after they signed in goes to the member's room, as theirs.
      const name = room.memberId !== null ? (await labelOf(room.memberId)).name : GUEST_NAME;
      const {
        row,
        created,
        room: after,
      } = await store(
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
        await runBot(after, request.message, row, locale).catch((error: unknown) =>
          options.log.error({ err: error }, 'chat bot failed'),
        );
      }
      return { createdAt: row.createdAt.toISOString(), seq: row.seq, session_id: row.sessionId };
    },

    async history(caller: ChatCaller, limit: number, skip: number) {
      const room = await repository.findRoom(ownerOf(caller));
      if (!room)
        return { result: [], room: { sessionId: 1, lastSeq: 0, customerReadSeq: 0, staffReadSeq: 0 } };
      const rows = await repository.page(room.id, limit, { skip });
      return { result: await Promise.all(rows.map((row) => messageOut(row, room))), room: stateOf(room) };
    },

    async since(caller: ChatCaller, afterSeq: number) {
      const room = await repository.findRoom(ownerOf(caller));
      if (!room)
        return {
          result: [],
          more: false,
          room: { sessionId: 1, lastSeq: 0, customerReadSeq: 0, staffReadSeq: 0 },
        };
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
      if (!room) return { sessionId: 1, lastSeq: 0, customerReadSeq: 0, staffReadSeq: 0 };
      const after = (await repository.markRead(room.id, 'customer', seq))!;
      if (after.customerReadSeq !== room.customerReadSeq) broadcaster.toStaff(await conversationOf(after));
      return stateOf(after);
    },

    async unread(caller: ChatCaller): Promise<number> {
      const room = await repository.findRoom(ownerOf(caller));
      return room ? repository.countAfter(room.id, 'other', room.customerReadSeq) : 0;
    },

    async upload(caller: ChatCaller, fileName: string, bytes: Buffer, kind: 'image' | 'video') {
      const room = (await repository.roomOf(ownerOf(caller))) ?? fail('CHAT_GUEST_INVALID', 403);
      return upload(room.id, fileName, bytes, kind, 'customer');
    },

    /** Housekeeping: removes uploads never sent (their rows, then their files); answers how many. */
    async purgeUnsentUploads(): Promise<number> {
      const before = new Date(now().getTime() - UNSENT_UPLOAD_PURGE_MS);
      let removed = 0;
      for (;;) {
        const keys = await repository.purgeUnsentUploads(before, 500);
        // A file whose removal fails stays on disk with no row: it is never served, only kept.
        await Promise.all(
          keys.map((key) =>
            options.storage
              .delete(key)
              .catch((error: unknown) => options.log.warn({ err: error, key }, 'chat upload not removed')),
          ),
        );
        removed += keys.length;
        if (keys.length < 500) return removed;
      }
    },

    /** The bytes of a signed media link, or null when the link is not one we signed or has expired. */
    async media(storageKey: string, expires: number, signature: string) {
      if (!signing.isMediaLink(storageKey, expires, signature)) return null;
      const upload = await repository.upload(storageKey);
      if (!upload) return null;
      const bytes = await options.storage.get(storageKey);
      return bytes ? { bytes, contentType: upload.contentType } : null;
    },

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

    async addPushSubscription(
      caller: ChatCaller,
      subscription: { endpoint: string; keys: { p256dh: string; auth: string } },
    ) {
      if (!isPushEndpoint(subscription.endpoint, options.pushHosts)) return fail('INVALID_INPUT', 400);
      const room = (await repository.roomOf(ownerOf(caller))) ?? fail('CHAT_GUEST_INVALID', 403);
      await repository.addPushSubscription(room.id, {
        endpoint: subscription.endpoint,
        p256dh: subscription.keys.p256dh,
        auth: subscription.keys.auth,
      });
    },

    // Staff

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
      } = await store(room, {
        sender: 'other',
        clientId: request.clientId,
        staffId: staff.id,
        bot: false,
        body: request.message,
        name: staff.name,
        deviceToken: null,
      });
      if (created)
        await notifyAbsent(after).catch((error: unknown) =>
          options.log.warn({ err: error }, 'chat push failed'),
        );
      return { createdAt: row.createdAt.toISOString(), seq: row.seq, session_id: row.sessionId };
    },

    async staffUpload(roomId: number, fileName: string, bytes: Buffer, kind: 'image' | 'video') {
      const room = await roomForStaff(roomId);
      return upload(room.id, fileName, bytes, kind, 'staff');
    },

    async staffRead(roomId: number, seq: number | undefined): Promise<ChatRoomState> {
      await roomForStaff(roomId);
      const after = (await repository.markRead(roomId, 'staff', seq))!;
      broadcaster.toRoom(roomNameOf(after), 'room', stateOf(after));
      broadcaster.toStaff(await conversationOf(after));
      return stateOf(after);
    },

    async resolve(roomId: number): Promise<ChatRoomState> {
      await roomForStaff(roomId);
      const after = (await repository.resolve(roomId))!;
      broadcaster.toRoom(roomNameOf(after), 'room', stateOf(after));
      broadcaster.toStaff(await conversationOf(after));
      return stateOf(after);
    },
  };
}

/** The storage key a client names: the upload's own path, or a media link of ours. */
export function storageKeyOf(filePath: string): string | null {
  const link = /^\/api\/chat\/media\/(\d+\/[A-Za-z0-9_-]+\.[a-z0-9]+)(?:\?.*)?$/.exec(filePath);
  if (link) return `chat/${link[1]}`;
  return /^chat\/\d+\/[A-Za-z0-9_-]+\.[a-z0-9]+$/.test(filePath) ? filePath : null;
}

export type ChatService = Awaited<ReturnType<typeof createChatService>>;
