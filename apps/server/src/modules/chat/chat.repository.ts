import { and, asc, desc, eq, gt, inArray, isNotNull, isNull, lt, sql } from 'drizzle-orm';
import type { ChatMessageBody } from '@wallet/contract/http/chat';
import type { Database } from '../../platform/db/database';
import { rowsOf } from '../../platform/db/rows';
import { chatKeys, chatMessages, chatPushSubscriptions, chatRooms, chatUploads } from './chat.tables';

export type RoomRow = typeof chatRooms.$inferSelect;

/** How long a spent guest id's send still reaches the member's conversation it joined. */
const MERGE_GRACE_MS = 10 * 60_000;
/** The advisory lock class of a member's guest claims (with the member id). */
const CLAIM_LOCK = 7_301;
export type MessageRow = typeof chatMessages.$inferSelect;
export type UploadRow = typeof chatUploads.$inferSelect;
export type PushRow = typeof chatPushSubscriptions.$inferSelect;
type Executor = Pick<Database, 'select' | 'insert' | 'update' | 'delete' | 'execute'>;

/** Who owns a room: a member or a guest. */
export type RoomOwner = { memberId: number } | { guestId: string };

export interface NewMessage {
  sender: 'customer' | 'other';
  clientId: string;
  staffId: number | null;
  bot: boolean;
  body: ChatMessageBody;
  name: string;
  deviceToken: string | null;
}

/** The only code that reads or writes the chat tables. */
export function createChatRepository(db: Database) {
  const ownerIs = (owner: RoomOwner) =>
    'memberId' in owner ? eq(chatRooms.memberId, owner.memberId) : eq(chatRooms.guestId, owner.guestId);

  return {
    async keys(make: () => { signingKey: string; vapidPublic: string; vapidPrivate: string }) {
      // The first process to start makes them; every other one reads the same row.
      await db
        .insert(chatKeys)
        .values({ id: 1, ...make() })
        .onConflictDoNothing();
      const [row] = await db.select().from(chatKeys).where(eq(chatKeys.id, 1));
      return row!;
    },

    /** The owner's room; a guest room that joined a member's is no longer the guest's. */
    async findRoom(owner: RoomOwner): Promise<RoomRow | null> {
      const [row] = await db
        .select()
        .from(chatRooms)
        .where(and(ownerIs(owner), isNull(chatRooms.mergedInto)));
      return row ?? null;
    },

    async roomById(id: number): Promise<RoomRow | null> {
      const [row] = await db.select().from(chatRooms).where(eq(chatRooms.id, id));
      return row ?? null;
    },

    /**
     * The room the owner writes to, made on first use (two first messages at once make one room).
     * A guest id whose conversation joined a member's writes there for MERGE_GRACE_MS (a send on its
     * way when the member signed in); after that it is spent (null).
     */
    async roomOf(owner: RoomOwner): Promise<RoomRow | null> {
      const read = async () => {
        const [row] = await db.select().from(chatRooms).where(ownerIs(owner));
        return row ?? null;
      };
      let room = await read();
      if (!room) {
        await db
          .insert(chatRooms)
          .values('memberId' in owner ? { memberId: owner.memberId } : { guestId: owner.guestId })
          .onConflictDoNothing();
        room = (await read())!;
      }
      if (room.mergedInto === null) return room;
      if (room.mergedAt && Date.now() - room.mergedAt.getTime() > MERGE_GRACE_MS) return null;
      return this.roomById(room.mergedInto);
    },

    /**
     * Stores a message once per room, sender and client id, numbered by the room's next sequence
     * number in the same transaction. A resend answers the stored row (`created: false`).
     */
    async append(
      roomId: number,
      message: NewMessage,
      roomChanges: { language?: string } = {},
    ): Promise<{ row: MessageRow; created: boolean; room: RoomRow }> {
      return db.transaction(async (tx) => {
        // The room's row lock orders this room's messages; other rooms go on in parallel.
        let [room] = await tx.select().from(chatRooms).where(eq(chatRooms.id, roomId)).for('update');
        // A guest room that joined a member's while this send waited: the message goes there.
        if (room?.mergedInto != null)
          [room] = await tx.select().from(chatRooms).where(eq(chatRooms.id, room.mergedInto)).for('update');
        if (!room) throw new Error(`chat room ${roomId} is gone`);
        roomId = room.id;
        const [existing] = await tx
          .select()
          .from(chatMessages)
          .where(
            and(
              eq(chatMessages.roomId, roomId),
              eq(chatMessages.sender, message.sender),
              eq(chatMessages.clientId, message.clientId),
            ),
          );
        if (existing) return { row: existing, created: false, room };
        const seq = room.lastSeq + 1;
        const [updated] = await tx
          .update(chatRooms)
          .set({
            lastSeq: seq,
            lastMessageAt: sql`now()`,
            // A member writing again reopens a resolved conversation (in its new session).
            ...(message.sender === 'customer' ? { status: 'open' as const } : {}),
            // Staff answering means nobody waits for them any more.
            ...(message.staffId !== null ? { waitingForStaff: false } : {}),
            ...roomChanges,
          })
          .where(eq(chatRooms.id, roomId))
          .returning();
        const [row] = await tx
          .insert(chatMessages)
          .values({ roomId, seq, sessionId: room.sessionId, ...message })
          .returning();
        if (message.body.message_type === 'media')
          await tx
            .update(chatUploads)
            .set({ sentAt: sql`now()` })
            .where(
              and(eq(chatUploads.storageKey, message.body.payload.filePath), isNull(chatUploads.sentAt)),
            );
        return { row: row!, created: true, room: updated! };
      });
    },

    /** True for the one caller that marks `sessionId` greeted. */
    async claimGreeting(roomId: number, sessionId: number): Promise<boolean> {
      const rows = await db
        .update(chatRooms)
        .set({ botGreetedSession: sessionId })
        .where(and(eq(chatRooms.id, roomId), lt(chatRooms.botGreetedSession, sessionId)))
        .returning({ id: chatRooms.id });
      return rows.length > 0;
    },

    /** True for the one caller that hands the conversation to a person. */
    /**
     * Marks the room as waiting for staff (once: the conditional update is the claim); answers
     * whether the bot should say it hands over: not when the room waited already, nor once a
     * person has answered in this session (the member knows a person is there; issue 27).
     */
    async claimHandOver(roomId: number): Promise<boolean> {
      const [claimed] = await db
        .update(chatRooms)
        .set({ waitingForStaff: true })
        .where(and(eq(chatRooms.id, roomId), eq(chatRooms.waitingForStaff, false)))
        .returning({ sessionId: chatRooms.sessionId });
      if (!claimed) return false;
      const [answered] = await db
        .select({ seq: chatMessages.seq })
        .from(chatMessages)
        .where(
          and(
            eq(chatMessages.roomId, roomId),
            eq(chatMessages.sessionId, claimed.sessionId),
            isNotNull(chatMessages.staffId),
          ),
        )
        .limit(1);
      return !answered;
    },

    /** A page of a room, newest first. */
    async page(roomId: number, limit: number, options: { skip?: number; beforeSeq?: number }) {
      return db
        .select()
        .from(chatMessages)
        .where(
          and(
            eq(chatMessages.roomId, roomId),
            options.beforeSeq === undefined ? undefined : lt(chatMessages.seq, options.beforeSeq),
          ),
        )
        .orderBy(desc(chatMessages.seq))
        .limit(limit)
        .offset(options.skip ?? 0);
    },

    /** What follows `afterSeq`, oldest first. */
    async since(roomId: number, afterSeq: number, limit: number) {
      return db
        .select()
        .from(chatMessages)
        .where(and(eq(chatMessages.roomId, roomId), gt(chatMessages.seq, afterSeq)))
        .orderBy(asc(chatMessages.seq))
        .limit(limit);
    },

    /** The member's last message in the room, else (they wrote none) the last of any sender. */
    async previewMessage(roomId: number): Promise<MessageRow | null> {
      const [row] = await db
        .select()
        .from(chatMessages)
        .where(eq(chatMessages.roomId, roomId))
        .orderBy(desc(sql`${chatMessages.sender} = 'customer'`), desc(chatMessages.seq))
        .limit(1);
      return row ?? null;
    },

    /** Moves a read watermark forward only (to at most the last message). */
    async markRead(
      roomId: number,
      side: 'customer' | 'staff',
      seq: number | undefined,
    ): Promise<RoomRow | null> {
      const column = side === 'customer' ? chatRooms.customerReadSeq : chatRooms.staffReadSeq;
      const target = seq === undefined ? sql`${chatRooms.lastSeq}` : sql`least(${seq}, ${chatRooms.lastSeq})`;
      const [row] = await db
        .update(chatRooms)
        .set(
          side === 'customer'
            ? { customerReadSeq: sql`greatest(${column}, ${target})` }
            : { staffReadSeq: sql`greatest(${column}, ${target})` },
        )
        .where(eq(chatRooms.id, roomId))
        .returning();
      return row ?? null;
    },

    /** Ends the conversation's session: the next message opens session + 1. */
    async resolve(roomId: number): Promise<RoomRow | null> {
      const [row] = await db
        .update(chatRooms)
        .set({
          status: 'resolved',
          sessionId: sql`${chatRooms.sessionId} + 1`,
          waitingForStaff: false,
          staffReadSeq: sql`${chatRooms.lastSeq}`,
        })
        .where(eq(chatRooms.id, roomId))
        .returning();
      return row ?? null;
    },

    /** Messages of one side after a watermark (the unread count of the other side). */
    async countAfter(roomId: number, sender: 'customer' | 'other', afterSeq: number): Promise<number> {
      const [row] = await db
        .select({ count: sql<number>`count(*)::int` })
        .from(chatMessages)
        .where(
          and(
            eq(chatMessages.roomId, roomId),
            eq(chatMessages.sender, sender),
            gt(chatMessages.seq, afterSeq),
          ),
        );
      return row?.count ?? 0;
    },

    /** The inbox: conversations of a status, newest first, with staff's unread count of each. */
    async inboxSize(status: 'open' | 'resolved'): Promise<number> {
      const [row] = await db
        .select({ count: sql<number>`count(*)::int` })
        .from(chatRooms)
        .where(and(eq(chatRooms.status, status), gt(chatRooms.lastSeq, 0), isNull(chatRooms.mergedInto)));
      return row?.count ?? 0;
    },

    async inbox(status: 'open' | 'resolved', limit: number) {
      return rowsOf<{ room_id: number; unread: number }>(
        db,
        sql`select r.id as room_id,
              (select count(*)::int from chat_messages m
                where m.room_id = r.id and m.sender = 'customer' and m.seq > r.staff_read_seq) as unread
            from chat_rooms r
            where r.status = ${status} and r.last_seq > 0 and r.merged_into is null
            -- Who waits for staff first (handed over by the bot, then unread), members before
            -- guests: a flood of newer guest conversations never hides a member's money question.
            order by r.waiting_for_staff desc, (r.staff_read_seq < r.last_seq) desc,
              (r.member_id is not null) desc, r.last_message_at desc nulls last, r.id desc
            limit ${limit}`,
      );
    },

    async roomsByIds(ids: number[]): Promise<RoomRow[]> {
      if (ids.length === 0) return [];
      return db.select().from(chatRooms).where(inArray(chatRooms.id, ids));
    },

    async addUpload(upload: typeof chatUploads.$inferInsert): Promise<void> {
      await db.insert(chatUploads).values(upload);
    },

    /**
     * Deletes up to `limit` uploads made before `before` that no message of their room shows
     * (uploaded, never sent); answers their storage keys. Rows are claimed with SKIP LOCKED, so
     * processes purging at once take different ones.
     */
    async purgeUnsentUploads(before: Date, limit: number): Promise<string[]> {
      const rows = await rowsOf<{ storage_key: string }>(
        db,
        // NOTE: the message check stays, though a send marks its upload: it costs only the few
        // uploads never marked, and no file a message shows is ever removed.
        sql`delete from chat_uploads where id in (
              select u.id from chat_uploads u
              where u.sent_at is null and u.created_at < ${before.toISOString()}
                and not exists (select 1 from chat_messages m
                                where m.room_id = u.room_id and m.body ->> 'message_type' = 'media'
                                  and m.body -> 'payload' ->> 'filePath' = u.storage_key)
              order by u.id limit ${limit}
              for update skip locked)
            returning storage_key`,
      );
      return rows.map((row) => row.storage_key);
    },

    async upload(storageKey: string): Promise<UploadRow | null> {
      const [row] = await db.select().from(chatUploads).where(eq(chatUploads.storageKey, storageKey));
      return row ?? null;
    },

    /**
     * A guest's conversation joins a member's (the member signed in on the guest's device). With no
     * room of their own yet, the guest's room becomes theirs; else its messages follow theirs in
     * order, in the member's current session. One transaction; answers how many messages moved.
     */
    /** Gives a guest's room to a member; answers how many messages moved and from which room. */
    async claimGuestRoom(
      guestId: string,
      memberId: number,
      memberName: string,
    ): Promise<{ moved: number; fromRoomId: number }> {
      return db.transaction(async (tx) => {
        // One claim per member at a time: two devices signing in at once must not both adopt.
        await tx.execute(sql`select pg_advisory_xact_lock(${CLAIM_LOCK}, ${memberId})`);
        const [guestRoom] = await tx
          .select()
          .from(chatRooms)
          .where(eq(chatRooms.guestId, guestId))
          .for('update');
        if (!guestRoom || guestRoom.mergedInto !== null) return { moved: 0, fromRoomId: 0 };
        const [memberRoom] = await tx
          .select()
          .from(chatRooms)
          .where(eq(chatRooms.memberId, memberId))
          .for('update');
        if (!memberRoom) {
          await tx.update(chatRooms).set({ memberId, guestId: null }).where(eq(chatRooms.id, guestRoom.id));
          // The guest id is spent as after a merge: a send on its way follows into this room for
          // the grace period, and the id opens no new conversation after it.
          await tx.insert(chatRooms).values({ guestId, mergedInto: guestRoom.id, mergedAt: sql`now()` });
          // What the guest wrote, the member wrote: named as the member, as their later messages are.
          await tx
            .update(chatMessages)
            .set({ name: memberName })
            .where(and(eq(chatMessages.roomId, guestRoom.id), eq(chatMessages.sender, 'customer')));
          return { moved: guestRoom.lastSeq, fromRoomId: guestRoom.id };
        }
        return { moved: await moveMessages(tx, guestRoom, memberRoom, memberName), fromRoomId: guestRoom.id };
      });
    },

    /** Keeps a browser's subscription; a room keeps its newest 10, so no caller can pile them up. */
    async addPushSubscription(
      roomId: number,
      subscription: { endpoint: string; p256dh: string; auth: string },
    ): Promise<void> {
      await db.transaction(async (tx) => {
        await tx
          .insert(chatPushSubscriptions)
          .values({ roomId, ...subscription })
          .onConflictDoUpdate({
            target: chatPushSubscriptions.endpoint,
            set: { roomId, p256dh: subscription.p256dh, auth: subscription.auth, createdAt: sql`now()` },
          });
        await keepNewestPushSubscriptions(tx, roomId);
      });
    },

    async pushSubscriptions(roomId: number): Promise<PushRow[]> {
      return db.select().from(chatPushSubscriptions).where(eq(chatPushSubscriptions.roomId, roomId));
    },

    async dropPushSubscription(id: number): Promise<void> {
      await db.delete(chatPushSubscriptions).where(eq(chatPushSubscriptions.id, id));
    },
  };
}

/** A member's phones and browsers; older subscriptions beyond these are dropped. */
export const PUSH_SUBSCRIPTIONS_PER_ROOM = 10;

async function keepNewestPushSubscriptions(tx: Executor, roomId: number): Promise<void> {
  await tx.execute(
    sql`delete from chat_push_subscriptions where room_id = ${roomId} and id not in
          (select id from chat_push_subscriptions where room_id = ${roomId}
           order by created_at desc, id desc limit ${PUSH_SUBSCRIPTIONS_PER_ROOM})`,
  );
}

async function moveMessages(tx: Executor, from: RoomRow, to: RoomRow, memberName: string): Promise<number> {
  const moved = from.lastSeq;
  await tx.execute(
    // Client ids are unique per room and sender: a moved message keeps its id (a resend after
    // the sign-in finds it), unless the member's room has it already (the bot's `bot:<seq>:<n>`
    // repeat from room to room); then its id says where it came from.
    sql`update chat_messages m set room_id = ${to.id}, seq = m.seq + ${to.lastSeq}, session_id = ${to.sessionId},
          name = case when m.sender = 'customer' then ${memberName} else m.name end,
          client_id = case when exists (select 1 from chat_messages t
                                        where t.room_id = ${to.id} and t.sender = m.sender and t.client_id = m.client_id)
                           then m.client_id || ':room-' || ${from.id} else m.client_id end
        where m.room_id = ${from.id}`,
  );
  await tx.update(chatUploads).set({ roomId: to.id }).where(eq(chatUploads.roomId, from.id));
  await tx
    .update(chatPushSubscriptions)
    .set({ roomId: to.id })
    .where(eq(chatPushSubscriptions.roomId, from.id));
  await keepNewestPushSubscriptions(tx, to.id);
  await tx
    .update(chatRooms)
    .set({
      lastSeq: to.lastSeq + moved,
      status: 'open',
      waitingForStaff: to.waitingForStaff || from.waitingForStaff,
      lastMessageAt: sql`greatest(${chatRooms.lastMessageAt}, ${from.lastMessageAt})`,
      customerReadSeq: to.lastSeq + from.customerReadSeq,
    })
    .where(eq(chatRooms.id, to.id));
  // Kept, so its guest id is spent and a send already on its way follows it (roomOf, append).
  await tx
    .update(chatRooms)
    .set({ mergedInto: to.id, mergedAt: sql`now()`, status: 'resolved', waitingForStaff: false })
    .where(eq(chatRooms.id, from.id));
  return moved;
}

export type ChatRepository = ReturnType<typeof createChatRepository>;
