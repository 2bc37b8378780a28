import { z } from 'zod';

/**
 * Support chat (spec sections 2, 3, 4, 5, 7 Chat and 9), answered by the chat module
 * (docs/decisions/023). A conversation lives in one room: a member's, or a guest's whose id the
 * server issued and signed. Every message has the room's next sequence number, so a client that
 * reconnects asks for everything after the last number it holds.
 */

/** Spec section 9: chat text limit, upload limits and the widget's timings. */
export const CHAT_LIMITS = {
  textMax: 2000,
  imageMaxBytes: 10 * 1024 * 1024,
  videoMaxBytes: 20 * 1024 * 1024,
  historyPage: 10,
  /** The most one history or catch-up call answers. */
  historyMax: 100,
  socketCheckMs: 5_000,
  markReadDelayMs: 1_000,
  alertMs: 4_000,
  atBottomPx: 60,
} as const;

/** Image and video types the chat takes (checked by their bytes on the server). */
export const CHAT_IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/gif'] as const;
export const CHAT_VIDEO_TYPES = ['video/mp4', 'video/quicktime'] as const;
/** File name extensions the widget offers (spec section 5). */
export const CHAT_FILE_EXTENSIONS = ['png', 'jpeg', 'jpg', 'gif', 'mp4', 'mov'] as const;

/** Who wrote a message: the member or guest, or the other side (staff or the bot). */
export const CHAT_SENDERS = ['customer', 'other'] as const;
export const MESSAGE_TYPES = ['text', 'buttons', 'media', 'quick_replies', 'generic', 'postback'] as const;
export type MessageType = (typeof MESSAGE_TYPES)[number];
export const BUTTON_TYPES = ['web', 'call', 'postback', 'other'] as const;
/** Spec section 3: the delivery status the widget shows on the member's own messages. */
export const DELIVERY_STATUSES = ['uploading_file', 'sending', 'failed', 'succeed'] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];

const text = z.string().trim().min(1).max(CHAT_LIMITS.textMax);
/** Ids and sequence numbers are 32-bit in the database: a larger number is refused, not a 500. */
export const INT4_MAX = 2_147_483_647;
const int4 = () => z.number().int().max(INT4_MAX);

export const ChatButton = z
  .object({
    title: z.string().min(1).max(80),
    type: z.enum(BUTTON_TYPES),
    /** web: an https link; call: a phone number; postback: the payload sent back as the member's message. */
    payload: z.string().max(500),
  })
  .meta({ id: 'ChatButton' });
export type ChatButton = z.infer<typeof ChatButton>;

export const MediaPayload = z
  .object({
    /** A caption, may be empty. */
    message: z.string().max(CHAT_LIMITS.textMax).default(''),
    /** True when filePath is a link the browser can load. */
    url: z.boolean(),
    fileType: z.enum(['image', 'video', 'file']),
    /**
     * Sent: the path an upload answered. Received: a signed link that expires, served only to the
     * room's owner and staff.
     */
    filePath: z.string().min(1).max(500),
  })
  .meta({ id: 'MediaPayload' });
export type MediaPayload = z.infer<typeof MediaPayload>;

export const QuickReply = z
  .object({ title: z.string().min(1).max(80), payload: z.string().min(1).max(200) })
  .meta({ id: 'QuickReply' });
export type QuickReply = z.infer<typeof QuickReply>;

export const GenericCard = z
  .object({
    image_url: z.string().max(500),
    title: z.string().min(1).max(80),
    subtitle: z.string().max(300),
    buttons: z.array(ChatButton).max(3),
  })
  .meta({ id: 'GenericCard' });
export type GenericCard = z.infer<typeof GenericCard>;

/** Spec section 3: the message of a conversation, by its type. */
export const ChatMessageBody = z
  .discriminatedUnion('message_type', [
    z.object({ message_type: z.literal('text'), payload: text }),
    z.object({
      message_type: z.literal('buttons'),
      payload: z.object({ text, buttons: z.array(ChatButton).min(1).max(3) }),
    }),
    z.object({ message_type: z.literal('media'), payload: MediaPayload }),
    z.object({
      message_type: z.literal('quick_replies'),
      payload: z.object({ text, quick_replies: z.array(QuickReply).min(1).max(10) }),
    }),
    z.object({ message_type: z.literal('generic'), payloads: z.array(GenericCard).min(1).max(10) }),
    /** A tapped postback button or quick reply, sent back as the member's own message. */
    z.object({ message_type: z.literal('postback'), payload: QuickReply }),
  ])
  .meta({ id: 'ChatMessageBody' });
export type ChatMessageBody = z.infer<typeof ChatMessageBody>;

/** What a member or guest may send: text, an uploaded file, or a postback. */
export const CustomerMessageBody = z
  .discriminatedUnion('message_type', [
    z.object({ message_type: z.literal('text'), payload: text }),
    z.object({ message_type: z.literal('media'), payload: MediaPayload }),
    z.object({ message_type: z.literal('postback'), payload: QuickReply }),
  ])
  .meta({ id: 'CustomerMessageBody' });
export type CustomerMessageBody = z.infer<typeof CustomerMessageBody>;

/** A guest's id, issued and signed by the server (POST /api/chat/guest). */
export const GuestId = z
  .string()
  .regex(/^g[A-Za-z0-9_-]{22}\.[A-Za-z0-9_-]{22}$/)
  .meta({ id: 'GuestId' });

/** Spec section 3: a message of a conversation, as the server stores and sends it. */
export const ChatMessage = z
  .object({
    sender: z.enum(CHAT_SENDERS),
    message: ChatMessageBody,
    userId: z.number().int().nullable(),
    guestId: z.string().nullable(),
    /** The member's username (phone), or null for a guest. */
    username: z.string().nullable(),
    /** Who wrote it: the member's name, the staff member's display name, or the bot's. */
    name: z.string(),
    deviceToken: z.string().nullable(),
    createdAt: z.iso.datetime(),
    session_id: z.number().int().positive(),
    // Ours:
    /** The room's sequence number: 1, 2, 3 ... with no gaps. */
    seq: z.number().int().positive(),
    /** The sender's own id of the message (a resend with the same id stores once). */
    clientId: z.string(),
    /** True when the first-line bot wrote it. */
    bot: z.boolean(),
  })
  .meta({ id: 'ChatMessage' });
export type ChatMessage = z.infer<typeof ChatMessage>;

/** GET /api/chat/config: the room prefix (spec section 7). */
export const ChatConfigResponse = z
  .object({
    PREFIX: z.string(),
    // Ours:
    /** The public key for web push (VAPID), or null when push is not configured. */
    pushKey: z.string().nullable(),
  })
  .meta({ id: 'ChatConfigResponse' });
export type ChatConfigResponse = z.infer<typeof ChatConfigResponse>;

/** POST /api/chat/guest: a new guest id, for a visitor who opens the chat without signing in. */
export const ChatGuestResponse = z.object({ guestId: GuestId }).meta({ id: 'ChatGuestResponse' });
export type ChatGuestResponse = z.infer<typeof ChatGuestResponse>;

/** Who is asking: a signed-in member (bearer token, guestId omitted) or a guest (guestId). */
const caller = { guestId: GuestId.optional() };

/** POST /api/chat/send-message. */
export const SendMessageRequest = z
  .object({
    ...caller,
    message: CustomerMessageBody,
    /** The client's own id of this message: a resend after a lost answer stores once. */
    clientId: z.string().regex(/^[A-Za-z0-9_-]{8,64}$/),
    deviceToken: z.string().max(200).optional(),
  })
  .meta({ id: 'SendMessageRequest' });
export type SendMessageRequest = z.infer<typeof SendMessageRequest>;

export const SendMessageResponse = z
  .object({ createdAt: z.iso.datetime(), seq: z.number().int().positive(), session_id: z.number().int() })
  .meta({ id: 'SendMessageResponse' });
export type SendMessageResponse = z.infer<typeof SendMessageResponse>;

/** POST /api/chat/history: a page of the caller's own room, newest first (spec section 7). */
export const ChatHistoryRequest = z
  .object({
    ...caller,
    userId: int4().optional(),
    limit: z.number().int().min(1).max(CHAT_LIMITS.historyMax).default(CHAT_LIMITS.historyPage),
    skip: int4().min(0).default(0),
  })
  .meta({ id: 'ChatHistoryRequest' });
export type ChatHistoryRequest = z.input<typeof ChatHistoryRequest>;

/** The room's state beside its messages. */
export const ChatRoomState = z
  .object({
    /** The current session: a message of an earlier one is before an "End Conversation" marker. */
    sessionId: z.number().int().positive(),
    /** The room's last sequence number (0: no message yet). */
    lastSeq: z.number().int().nonnegative(),
    /** Read watermarks: the last sequence number the member, and staff, have read. */
    customerReadSeq: z.number().int().nonnegative(),
    staffReadSeq: z.number().int().nonnegative(),
  })
  .meta({ id: 'ChatRoomState' });
export type ChatRoomState = z.infer<typeof ChatRoomState>;

export const ChatHistoryResponse = z
  .object({ result: z.array(ChatMessage), room: ChatRoomState })
  .meta({ id: 'ChatHistoryResponse' });
export type ChatHistoryResponse = z.infer<typeof ChatHistoryResponse>;

/** POST /api/chat/since: everything after `afterSeq`, oldest first (at most historyMax; `more` says there is more). */
export const ChatSinceRequest = z
  .object({ ...caller, afterSeq: int4().min(0) })
  .meta({ id: 'ChatSinceRequest' });
export type ChatSinceRequest = z.infer<typeof ChatSinceRequest>;

export const ChatSinceResponse = z
  .object({ result: z.array(ChatMessage), more: z.boolean(), room: ChatRoomState })
  .meta({ id: 'ChatSinceResponse' });
export type ChatSinceResponse = z.infer<typeof ChatSinceResponse>;

/** PUT /api/chat/read-customer: the member has read up to `seq` (omitted: everything). */
export const ReadCustomerRequest = z
  .object({ ...caller, userId: int4().optional(), seq: int4().min(0).optional() })
  .meta({ id: 'ReadCustomerRequest' });
export type ReadCustomerRequest = z.infer<typeof ReadCustomerRequest>;

/** POST /api/chat/upload-image and /upload-video (multipart: an optional `guestId` field, then `file`). */
export const ChatUploadResponse = z
  .object({ path: z.string(), fileType: z.enum(['image', 'video']) })
  .meta({ id: 'ChatUploadResponse' });
export type ChatUploadResponse = z.infer<typeof ChatUploadResponse>;

/** POST /api/chat/claim-guest: a member who signed in takes their guest conversation on this device. */
export const ClaimGuestRequest = z.object({ guestId: GuestId }).meta({ id: 'ClaimGuestRequest' });
export type ClaimGuestRequest = z.infer<typeof ClaimGuestRequest>;

export const ClaimGuestResponse = z
  .object({ moved: z.number().int().nonnegative() })
  .meta({ id: 'ClaimGuestResponse' });

/** GET /api/chat/unread: what staff wrote since the member last read (the chat button's badge). */
export const ChatUnreadRequest = z.object({ guestId: GuestId.optional() }).meta({ id: 'ChatUnreadRequest' });
export const ChatUnreadResponse = z
  .object({ unread: z.number().int().nonnegative() })
  .meta({ id: 'ChatUnreadResponse' });
export type ChatUnreadResponse = z.infer<typeof ChatUnreadResponse>;

/** A browser's web push subscription (PushSubscription.toJSON()), as members and staff send it. */
export const WebPushSubscription = z.object({
  endpoint: z.url().max(1000),
  keys: z.object({ p256dh: z.string().max(200), auth: z.string().max(100) }),
});

/** POST /api/chat/push-subscription: a browser's web push subscription for this room. */
export const PushSubscriptionRequest = WebPushSubscription.extend(caller).meta({
  id: 'PushSubscriptionRequest',
});
export type PushSubscriptionRequest = z.infer<typeof PushSubscriptionRequest>;

/**
 * The notice a web push carries (members' chat answers, staff's waiting work); the service worker
 * (public/chat-push-sw.js) shows it and opens `url` when tapped. A newer notice of a `tag` replaces
 * the last one shown.
 */
export const ChatPushNotice = z.object({
  title: z.string(),
  body: z.string(),
  url: z.string(),
  tag: z.string().optional(),
});
export type ChatPushNotice = z.infer<typeof ChatPushNotice>;

/** The first-line bot's quick replies (postback payloads). */
export const BOT_TOPICS = ['DEPOSIT', 'WITHDRAWAL', 'BONUS', 'OTHER'] as const;
export type BotTopic = (typeof BOT_TOPICS)[number];
