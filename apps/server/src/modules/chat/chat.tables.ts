import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { ChatMessageBody } from '@wallet/contract/http/chat';

/**
 * Support chat (docs/decisions/023-support-chat.md). One room per member and per guest; its
 * messages numbered 1, 2, 3 ... by the room's `last_seq`, taken in the same transaction as the
 * insert, so numbers have no gaps and a reconnecting client asks for what follows its last one.
 * Only modules/chat reads or writes these tables.
 */

/** The chat's own keys, made once by the first server to start and shared by every process. */
export const chatKeys = pgTable('chat_keys', {
  id: integer('id').primaryKey(),
  /** Signs guest ids and media links (HMAC-SHA256). */
  signingKey: text('signing_key').notNull(),
  /** The VAPID key pair of web push. */
  vapidPublic: text('vapid_public').notNull(),
  vapidPrivate: text('vapid_private').notNull(),
});

export const chatRooms = pgTable(
  'chat_rooms',
  {
    id: serial('id').primaryKey(),
    /** A member's room; null for a guest's. */
    memberId: integer('member_id'),
    /** A guest's room: the signed id the server issued. */
    guestId: text('guest_id'),
    status: text('status', { enum: ['open', 'resolved'] })
      .notNull()
      .default('open'),
    /** Staff resolving the conversation starts the next session ("End Conversation" before it). */
    sessionId: integer('session_id').notNull().default(1),
    lastSeq: integer('last_seq').notNull().default(0),
    customerReadSeq: integer('customer_read_seq').notNull().default(0),
    staffReadSeq: integer('staff_read_seq').notNull().default(0),
    /** The session the bot greeted (it greets each session once). */
    botGreetedSession: integer('bot_greeted_session').notNull().default(0),
    /** Set when the bot hands over to a person; cleared by a staff answer or a resolve. */
    waitingForStaff: boolean('waiting_for_staff').notNull().default(false),
    /** The language the member last wrote in (the bot answers in it). */
    language: text('language').notNull().default('th'),
    lastMessageAt: timestamp('last_message_at', { withTimezone: true }),
    /**
     * A guest room whose conversation joined a member's at sign-in: its messages are there now.
     * It keeps its guest id so the id is spent; a send already on its way when the member signed
     * in follows it (chat.repository.ts).
     */
    mergedInto: integer('merged_into'),
    mergedAt: timestamp('merged_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('chat_rooms_member').on(table.memberId),
    uniqueIndex('chat_rooms_guest').on(table.guestId),
    check('chat_rooms_owner', sql`(${table.memberId} is null) <> (${table.guestId} is null)`),
    check(
      'chat_rooms_reads',
      sql`${table.customerReadSeq} <= ${table.lastSeq} and ${table.staffReadSeq} <= ${table.lastSeq}`,
    ),
    index('chat_rooms_inbox').on(table.status, table.lastMessageAt),
  ],
);

export const chatMessages = pgTable(
  'chat_messages',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    roomId: integer('room_id')
      .notNull()
      .references(() => chatRooms.id),
    seq: integer('seq').notNull(),
    sessionId: integer('session_id').notNull(),
    sender: text('sender', { enum: ['customer', 'other'] }).notNull(),
    /** The writer's own id of the message: a resend with the same id stores once. */
    clientId: text('client_id').notNull(),
    /** Staff who wrote it (sender other, not the bot). */
    staffId: integer('staff_id'),
    bot: boolean('bot').notNull().default(false),
    /** Checked by the contract's ChatMessageBody when written. Media keeps the upload's key. */
    body: jsonb('body').$type<ChatMessageBody>().notNull(),
    name: text('name').notNull(),
    deviceToken: text('device_token'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('chat_messages_seq').on(table.roomId, table.seq),
    uniqueIndex('chat_messages_client').on(table.roomId, table.sender, table.clientId),
    check('chat_messages_seq_positive', sql`${table.seq} > 0`),
  ],
);

/** Files uploaded into a room; a media message may name only its own room's uploads. */
export const chatUploads = pgTable(
  'chat_uploads',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    roomId: integer('room_id')
      .notNull()
      .references(() => chatRooms.id),
    /** The storage key: `chat/<room>/<random>.<ext>`. */
    storageKey: text('storage_key').notNull(),
    fileType: text('file_type', { enum: ['image', 'video'] }).notNull(),
    contentType: text('content_type').notNull(),
    bytes: integer('bytes').notNull(),
    uploadedBy: text('uploaded_by', { enum: ['customer', 'staff'] }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** When a message first showed it; null: never sent yet (housekeeping removes it after a day). */
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('chat_uploads_key').on(table.storageKey),
    index('chat_uploads_room').on(table.roomId),
    // The purge reads only uploads never sent, however many were.
    index('chat_uploads_unsent')
      .on(table.createdAt)
      .where(sql`${table.sentAt} is null`),
  ],
);

/** Browsers that agreed to web push for a room: told when staff answer while nobody is in the room. */
export const chatPushSubscriptions = pgTable(
  'chat_push_subscriptions',
  {
    id: serial('id').primaryKey(),
    roomId: integer('room_id')
      .notNull()
      .references(() => chatRooms.id),
    endpoint: text('endpoint').notNull(),
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('chat_push_endpoint').on(table.endpoint), index('chat_push_room').on(table.roomId)],
);
