import type { Server as HttpServer } from 'node:http';
import { createAdapter } from '@socket.io/redis-adapter';
import type { FastifyBaseLogger } from 'fastify';
import { Server, type Socket } from 'socket.io';
import {
  type ClaimedEvent,
  JoinRequest,
  SOCKET_EVENTS,
  SOCKET_PATH,
  SocketAuth,
  WatchRequest,
  type JoinAck,
} from '@wallet/contract/socket';
import { clientKey, forwardedClientAddress } from '../../platform/client-address';
import type { RedisHandle } from '../../platform/redis';
import type { ChatCaller, ChatService } from './chat.service';
import { mayUse, type StaffRole } from '@wallet/contract/staff-roles';
import type { ChatMessage } from '@wallet/contract/http/chat';
import { maskConversation, maskMessage } from './chat-masking';

/**
 * The chat socket (docs/decisions/023): Socket.IO on the server's own port. Who a socket is comes
 * from its handshake only (a member's session token, a server-signed guest id, or a staff session),
 * and a socket may join no room but its owner's; staff sockets get the inbox and follow one
 * conversation at a time. With Redis, the adapter makes every process's rooms one set of rooms.
 */

const STAFF_ROOM = 'staff-inbox';
/**
 * The staff who may not read members' numbers whole (no members.personal): they are in the inbox
 * and watch rooms too, but every event is sent to them masked instead (decision 044).
 */
const MASKED_ROOM = 'staff-inbox:masked';

type Identity =
  | { kind: 'customer'; caller: ChatCaller; tokenHash: string | null }
  | { kind: 'staff'; staffId: number; tokenHash: string; whole: boolean };

export interface ChatSocketOptions {
  server: HttpServer;
  chat: ChatService;
  redis: RedisHandle | null;
  /** `fresh`: past any session cache (the recheck looks for sessions ended behind our back). */
  authenticateMember: (
    token: string,
    options?: { fresh?: boolean },
  ) => Promise<{ memberId: number; tokenHash: string }>;
  /** A staff session by its token's hash (a socket's ticket names it). */
  authenticateStaff: (tokenHash: string) => Promise<{ staffId: number; role: StaffRole; tokenHash: string }>;
  /** Writes the staff audit row of following a conversation. */
  auditWatch: (
    staffId: number,
    conversationId: number,
    from: { ip: string; userAgent: string },
  ) => Promise<void>;
  /** How often this process asks again whether its sockets' sessions are alive (0: never). */
  recheckMs: number;
  /** Reverse proxies in front of the server (TRUST_PROXY_HOPS): where the client's address is read. */
  trustProxyHops: number;
  /**
   * Counts a guest's socket against its address's allowance (the one its chat calls share);
   * false when spent. Members are not counted by address (decision 023).
   */
  allowGuestSocket: (addressKey: string) => Promise<boolean>;
  /** `join` and `watch` events one socket may send a minute (each reads the database; 60). */
  eventsPerMinute?: number;
  now?: () => number;
  log: FastifyBaseLogger;
}

/** A fixed one-minute window of events for one socket (sockets live on one process: no Redis). */
function eventBudget(perMinute: number, now: () => number): () => boolean {
  let windowStart = now();
  let used = 0;
  return () => {
    if (now() - windowStart >= 60_000) {
      windowStart = now();
      used = 0;
    }
    used += 1;
    return used <= perMinute;
  };
}

/**
 * Staff following a conversation are in its room (its `messaging` and `room` events) and in
 * `watch:<room>`, which only staff join: a guest's claim moves the sockets of that one.
 */
const watchersOf = (room: string) => `watch:${room}`;
/** The masked watchers of a room: they hear its events masked, not as its member does. */
const maskedOf = (room: string) => `masked:${room}`;

function watchRoom(socket: Socket, room: string, whole: boolean): void {
  void socket.join(whole ? [room, watchersOf(room)] : [room, watchersOf(room), maskedOf(room)]);
}

/** Leaves every room the socket follows: all but its own, the inbox and its session's. */
function leaveWatched(socket: Socket): void {
  for (const room of [...socket.rooms]) {
    if (room !== socket.id && room !== STAFF_ROOM && room !== MASKED_ROOM && !room.startsWith('session:'))
      void socket.leave(room);
  }
}

/**
 * Answers an event's acknowledgement. What a client passes as the ack is its own choice (a number,
 * nothing): only a function is called, so no event can throw where nobody catches it.
 */
function answerWith(ack: unknown, answer: unknown): void {
  if (typeof ack === 'function') (ack as (answer: unknown) => void)(answer);
}

/** The socket room of one session: ended sessions' sockets are closed through it, on every process. */
const sessionRoom = (tokenHash: string) => `session:${tokenHash}`;

export interface ChatSocket {
  /**
   * Closes the sockets of exactly these ended sessions (member or staff), on every process; resolves
   * once every process has (decision 038).
   */
  endSessions(tokenHashes: readonly string[]): Promise<void>;
  /** Asks again for every socket of this process whether its session is alive; closes the dead. */
  recheck(): Promise<number>;
  /** Tells the staff sockets of this process only (the console's live counts: each process tells its own). */
  tellStaffHere(event: string, data: unknown): void;
  close(): Promise<void>;
}

export function attachChatSocket(options: ChatSocketOptions): ChatSocket {
  const { chat } = options;
  const io = new Server(options.server, {
    path: SOCKET_PATH,
    serveClient: false,
    // The member app is served by this very server: no other origin may open a socket.
    cors: { origin: false },
    maxHttpBufferSize: 16 * 1024,
    pingInterval: 25_000,
    pingTimeout: 20_000,
  });
  const redisClients: RedisHandle['client'][] = [];
  if (options.redis) {
    const pub = options.redis.client.duplicate();
    const sub = options.redis.client.duplicate();
    pub.on('error', () => undefined);
    sub.on('error', () => undefined);
    redisClients.push(pub, sub);
    io.adapter(createAdapter(pub, sub, { key: 'wallet-chat' }));
  }

  const identities = new WeakMap<Socket, Identity>();
  const now = options.now ?? Date.now;
  const eventsPerMinute = options.eventsPerMinute ?? 60;
  const addressOf = (socket: Socket) =>
    forwardedClientAddress(
      socket.handshake.address,
      socket.handshake.headers['x-forwarded-for'],
      options.trustProxyHops,
    );
  io.use((socket, next) => {
    const parsed = SocketAuth.safeParse(socket.handshake.auth);
    if (!parsed.success) return next(new Error('UNAUTHORIZED'));
    const auth = parsed.data;
    const identify = async (): Promise<Identity> => {
      if ('token' in auth) {
        const session = await options.authenticateMember(auth.token);
        return { kind: 'customer', caller: { memberId: session.memberId }, tokenHash: session.tokenHash };
      }
      if ('guestId' in auth) {
        if (!chat.isGuestId(auth.guestId)) throw new Error('CHAT_GUEST_INVALID');
        if (!(await options.allowGuestSocket(clientKey(addressOf(socket))))) throw new Error('REQUEST_LIMIT');
        return { kind: 'customer', caller: { guestId: auth.guestId }, tokenHash: null };
      }
      const tokenHash = chat.staffTicketSession(auth.staffTicket);
      if (tokenHash === null) throw new Error('STAFF_SESSION_INVALID');
      const session = await options.authenticateStaff(tokenHash);
      // The staff socket hears the whole inbox: a role that may not read chats gets none.
      if (!mayUse(session.role, 'chat.read')) throw new Error('STAFF_FORBIDDEN');
      return {
        kind: 'staff',
        staffId: session.staffId,
        tokenHash: session.tokenHash,
        whole: mayUse(session.role, 'members.personal'),
      };
    };
    identify()
      .then((identity) => {
        identities.set(socket, identity);
        // Read by other processes too (fetchSockets): staff watching a room do not count as its member.
        (socket.data as { staff?: boolean }).staff = identity.kind === 'staff';
        next();
      })
      .catch((error: unknown) =>
        next(
          new Error(
            error instanceof Error && /^[A-Z_-]+$/i.test(error.message) ? error.message : 'UNAUTHORIZED',
          ),
        ),
      );
  });

  /** Whether the socket's session still stands (a guest's id does not end). */
  const alive = async (socket: Socket, fresh = false): Promise<boolean> => {
    const auth = socket.handshake.auth as { token?: unknown };
    const identity = identities.get(socket);
    try {
      if (typeof auth.token === 'string') await options.authenticateMember(auth.token, { fresh });
      // A staff socket's ticket was good at its handshake only: its session is asked for by hash.
      else if (identity?.kind === 'staff') await options.authenticateStaff(identity.tokenHash);
      return true;
    } catch {
      return false;
    }
  };

  io.on('connection', (socket) => {
    const identity = identities.get(socket)!;
    const withinBudget = eventBudget(eventsPerMinute, now);
    if (identity.tokenHash) void socket.join(sessionRoom(identity.tokenHash));
    if (identity.kind === 'staff') {
      void socket.join(identity.whole ? STAFF_ROOM : [STAFF_ROOM, MASKED_ROOM]);
      const watch = async (data: unknown): Promise<{ ok: true } | { ok: false; error: string }> => {
        // One conversation at a time: whatever was followed is left first, even when this watch
        // is refused, so a socket is never left in a room its console no longer shows.
        leaveWatched(socket);
        const parsed = WatchRequest.safeParse(data);
        if (!parsed.success) return { ok: false, error: 'INVALID_INPUT' };
        if (!withinBudget()) return { ok: false, error: 'REQUEST_LIMIT' };
        if (!(await alive(socket))) {
          socket.disconnect(true);
          return { ok: false, error: 'STAFF_SESSION_INVALID' };
        }
        const id = parsed.data.conversationId;
        if (id === null) return { ok: true };
        // A socket closed while its watches queued: nothing to follow, nothing to audit.
        if (socket.disconnected) return { ok: false, error: 'STAFF_SESSION_INVALID' };
        try {
          const target = await chat.watchTarget(id);
          watchRoom(socket, target.room, identity.whole);
          // A guest's claim may have committed after that read and moved the watchers before this
          // socket joined: read again once joined, and follow the room it became.
          const after = await chat.watchTarget(id);
          if (after.room !== target.room) {
            leaveWatched(socket);
            watchRoom(socket, after.room, identity.whole);
          }
          if (after.id !== id)
            socket.emit(SOCKET_EVENTS.claimed, { from: id, into: after.id } satisfies ClaimedEvent);
          await options.auditWatch(identity.staffId, id, {
            ip: addressOf(socket),
            userAgent: String(socket.handshake.headers['user-agent'] ?? ''),
          });
          return { ok: true };
        } catch {
          // Not followed after all (gone, or its audit not written): left, as the answer says.
          leaveWatched(socket);
          return { ok: false, error: 'NO_DATA' };
        }
      };
      // Watches of one socket run one after another: two clicks in a row must not leave it in both
      // rooms. Nothing a client sends may break the chain (or throw where nobody catches).
      let watches: Promise<unknown> = Promise.resolve();
      socket.on(SOCKET_EVENTS.watch, (data: unknown, ack: unknown) => {
        watches = watches
          .then(() => watch(data))
          .catch((error: unknown) => {
            options.log.warn({ err: error }, 'chat watch failed');
            return { ok: false, error: 'NO_DATA' };
          })
          .then((answer) => answerWith(ack, answer))
          .catch(() => undefined);
      });
      return;
    }
    const join = async (data: unknown): Promise<JoinAck> => {
      if (!withinBudget()) return { ok: false, error: 'REQUEST_LIMIT' };
      const parsed = JoinRequest.safeParse(data ?? {});
      const own = identity.caller;
      // The room asked for must be the socket's own: another member's id or another guest id is refused.
      const asksOwn =
        parsed.success &&
        ('memberId' in own
          ? parsed.data.userId === own.memberId ||
            (parsed.data.userId === undefined && parsed.data.guestId === undefined)
          : parsed.data.guestId === own.guestId && parsed.data.userId === undefined);
      if (!asksOwn) return { ok: false, error: 'CHAT_ROOM_FORBIDDEN' };
      // A member's session may have ended since the socket connected (signed out, password
      // changed): each join asks again, and a dead session's socket is closed.
      if (!(await alive(socket))) {
        socket.disconnect(true);
        return { ok: false, error: 'UNAUTHORIZED' };
      }
      const room = chat.joinableRoom(own);
      await socket.join(room);
      return { ok: true, room, state: await chat.state(own) };
    };
    socket.on(SOCKET_EVENTS.join, (data: unknown, ack: unknown) => {
      join(data)
        .catch((error: unknown): JoinAck => {
          options.log.warn({ err: error }, 'chat join failed');
          return { ok: false, error: 'NO_DATA' };
        })
        .then((answer) => answerWith(ack, answer))
        .catch(() => undefined);
    });
  });

  chat.setBroadcaster({
    toRoom: (room, event, data) => {
      if (event !== 'messaging') {
        io.to(room).emit(SOCKET_EVENTS.room, data);
        return;
      }
      io.to(room).except(maskedOf(room)).emit(SOCKET_EVENTS.messaging, data);
      io.to(maskedOf(room)).emit(SOCKET_EVENTS.messaging, maskMessage(data as ChatMessage));
    },
    toStaff: (data) => {
      io.to(STAFF_ROOM).except(MASKED_ROOM).emit(SOCKET_EVENTS.inbox, data);
      io.to(MASKED_ROOM).emit(SOCKET_EVENTS.inbox, maskConversation(data));
    },
    claimed: (from, into) => {
      // Every console: the guest's conversation may be in its lists (gone, when it went into an
      // earlier one), and the one who reads it follows it.
      io.to(STAFF_ROOM).emit(SOCKET_EVENTS.claimed, { from: from.id, into: into.id } satisfies ClaimedEvent);
      if (from.room === into.room) return;
      // Applied by each process to the sockets in the room at that moment (no list read first and
      // acted on later), so a watch of another conversation meanwhile is never undone.
      io.in(watchersOf(from.room)).socketsJoin([into.room, watchersOf(into.room)]);
      io.in(maskedOf(from.room)).socketsJoin(maskedOf(into.room));
      io.in(watchersOf(into.room)).socketsLeave([from.room, watchersOf(from.room), maskedOf(from.room)]);
    },
    roomIsEmpty: async (room) => {
      // Staff watching the room do not read it for the member: count the member's own sockets.
      const sockets = await io.in(room).fetchSockets();
      return !sockets.some((socket) => !(socket.data as { staff?: boolean }).staff);
    },
  });

  const recheck = async () => {
    let closed = 0;
    for (const socket of io.of('/').sockets.values()) {
      if (!(await alive(socket, true))) {
        socket.disconnect(true);
        closed += 1;
      }
    }
    return closed;
  };
  // Revocations close their sockets at once (endSessions); sessions also end with nobody calling
  // (expired, idle, a row changed by hand, a close that was lost): each process asks again now and
  // then for its own sockets.
  const timer =
    options.recheckMs > 0
      ? setInterval(
          () =>
            void recheck().catch((error: unknown) =>
              options.log.warn({ err: error }, 'socket recheck failed'),
            ),
          options.recheckMs,
        )
      : null;
  timer?.unref();

  return {
    async endSessions(tokenHashes) {
      if (tokenHashes.length === 0) return;
      const rooms = tokenHashes.map(sessionRoom);
      io.in(rooms).disconnectSockets(true);
      // Each process answers this question only after it acted on the close sent before it (one
      // channel, in order), so once answered no later message reaches those sockets; the revoking
      // call answers after it. One found anyway connected in between: closed too.
      try {
        for (const late of await io.in(rooms).fetchSockets()) late.disconnect(true);
      } catch (error) {
        // A process that does not answer (Redis lost, a process stuck) closes them at its recheck.
        options.log.warn({ err: error }, 'closing the sockets of ended sessions not confirmed');
      }
    },
    recheck,
    tellStaffHere(event, data) {
      io.local.to(STAFF_ROOM).emit(event, data);
    },
    /**
     * Ends this process's sockets (their clients reconnect to another process) and the adapter's
     * Redis connections. NOTE: not io.close(), which would also close the HTTP server Fastify owns.
     */
    async close() {
      if (timer) clearInterval(timer);
      io.local.disconnectSockets(true);
      io.engine.close();
      for (const client of redisClients) client.disconnect();
    },
  };
}
