import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { io } from 'socket.io-client';
import {
  ClaimedEvent,
  InboxEvent,
  MessagingEvent,
  RoomEvent,
  SOCKET_EVENTS,
  SOCKET_PATH,
} from '@wallet/contract/socket';
import { StaffSocketTicket } from '@wallet/contract/http/console';
import { consoleRequest, hasStaffSession, STAFF_SESSION_ENDED, staffSession } from './console-api';
import {
  addMessages,
  belongsTo,
  catchUp,
  findConversation,
  mergeConversation,
  reloadConversations,
  setRoom,
  upsertConversation,
} from './inbox-api';

/** What the inbox needs of a Socket.IO client socket (so tests can hand in a fake one). */
export interface ConsoleSocket {
  on(event: string, listener: (data: never) => void): unknown;
  emit(event: string, data: unknown, ack?: (answer: unknown) => void): unknown;
  disconnect(): unknown;
}

/** Asks the server for a ticket of the staff session (the cookie does not reach the socket). */
export type TicketSource = () => Promise<string>;

export type ConsoleSocketFactory = (ticket: TicketSource) => ConsoleSocket;

/**
 * The staff socket on our own origin: each handshake, the first and every reconnection, carries a
 * fresh ticket of the session (good for a minute; decision 047). A ticket refused (the session
 * ended) leaves an empty one, which the server refuses too.
 */
const connect: ConsoleSocketFactory = (ticket) =>
  io(window.location.origin, {
    path: SOCKET_PATH,
    auth: (send) =>
      void ticket().then(
        (staffTicket) => send({ staffTicket }),
        () => send({ staffTicket: '' }),
      ),
  });

const socketTicket: TicketSource = async () =>
  (
    await consoleRequest('/api/console/chat/socket-ticket', {
      method: 'POST',
      body: {},
      schema: StaffSocketTicket,
    })
  ).ticket;

let factory: ConsoleSocketFactory = connect;

/** A staff socket of this tab's session (the console shell's, for the live counts). */
export const openConsoleSocket = (): ConsoleSocket => factory(socketTicket);

/** Tests hand in a fake socket; called with nothing, the real one is back. */
export function setConsoleSocketFactory(next?: ConsoleSocketFactory): void {
  factory = next ?? connect;
}

/** How long a watch the server refused for its rate waits before it asks again. */
export const WATCH_RETRY_MS = 5_000;

interface Watching {
  socket: ConsoleSocket;
  /** The conversation shown now. */
  shown: () => number | null;
  /** Called when a watch that was refused is taken: what came meanwhile is read again. */
  missed: (conversationId: number) => void;
  /** Retries waiting, cleared when the inbox goes. */
  timers: Set<ReturnType<typeof setTimeout>>;
}

/**
 * Follows the conversation shown. A watch refused for its rate (many conversations opened in a
 * minute) asks again a little later, while the same conversation is still shown; the socket was
 * in no room meanwhile, so once taken, the conversation is read again.
 */
function watch(watching: Watching, retried = false): void {
  const conversationId = watching.shown();
  watching.socket.emit(SOCKET_EVENTS.watch, { conversationId }, (answer) => {
    const refused = (answer as { error?: string } | undefined)?.error;
    if (refused === undefined && retried && conversationId !== null) watching.missed(conversationId);
    if (refused !== 'REQUEST_LIMIT') return;
    const timer = setTimeout(() => {
      watching.timers.delete(timer);
      if (watching.shown() === conversationId) watch(watching, true);
    }, WATCH_RETRY_MS);
    watching.timers.add(timer);
  });
}

/**
 * The inbox's live socket while the inbox is shown: `inbox` events keep both tabs' lists current;
 * the conversation being read is watched, its `messaging` and `room` events merged into what was
 * read; after a reconnect, whatever came meanwhile is read again. When the guest being read signs
 * in and their conversation goes into the member's earlier one, `onMerged` is told the member's.
 * Answers whether it is connected.
 */
export function useInboxSocket(watched: number | null, onMerged: (into: number) => void): boolean {
  const queryClient = useQueryClient();
  const [connected, setConnected] = useState(false);
  const watching = useRef(watched);
  const following = useRef<Watching | null>(null);
  const merged = useRef(onMerged);
  useEffect(() => {
    merged.current = onMerged;
  });

  useEffect(() => {
    if (!hasStaffSession()) return;
    const live = factory(socketTicket);
    const state: Watching = {
      socket: live,
      shown: () => watching.current,
      missed: (id) => void catchUp(queryClient, id).catch(() => undefined),
      timers: new Set(),
    };
    following.current = state;
    let connectedBefore = false;
    live.on('connect', () => {
      setConnected(true);
      watch(state);
      // A reconnect: the lists and the open conversation may have moved meanwhile.
      if (connectedBefore) {
        void reloadConversations(queryClient);
        if (watching.current !== null) void catchUp(queryClient, watching.current).catch(() => undefined);
      }
      connectedBefore = true;
    });
    live.on('disconnect', () => setConnected(false));
    live.on('connect_error', (error: Error) => {
      setConnected(false);
      if (error.message === STAFF_SESSION_ENDED) staffSession.onEnded();
    });
    live.on(SOCKET_EVENTS.inbox, (data: unknown) => {
      const conversation = InboxEvent.safeParse(data);
      if (conversation.success) upsertConversation(queryClient, conversation.data);
    });
    live.on(SOCKET_EVENTS.messaging, (data: unknown) => {
      const message = MessagingEvent.safeParse(data);
      const id = watching.current;
      if (!message.success || id === null) return;
      const conversation = findConversation(queryClient, id);
      if (conversation && !belongsTo(conversation, message.data)) return;
      addMessages(queryClient, id, [message.data]);
    });
    // A guest signed in. The server moved this socket to the member's room already; what came
    // between the claim and the move is read again. A conversation that went into an earlier one
    // leaves the lists, and the console opens that one if it showed the guest's.
    live.on(SOCKET_EVENTS.claimed, (data: unknown) => {
      const claimed = ClaimedEvent.safeParse(data);
      if (!claimed.success) return;
      const { from, into } = claimed.data;
      if (from !== into) mergeConversation(queryClient, from, into);
      if (watching.current === from && from !== into) merged.current(into);
      else if (watching.current === into) void catchUp(queryClient, into).catch(() => undefined);
    });
    live.on(SOCKET_EVENTS.room, (data: unknown) => {
      const room = RoomEvent.safeParse(data);
      if (room.success && watching.current !== null) setRoom(queryClient, watching.current, room.data);
    });
    return () => {
      for (const timer of state.timers) clearTimeout(timer);
      following.current = null;
      live.disconnect();
    };
  }, [queryClient]);

  useEffect(() => {
    watching.current = watched;
    if (following.current) watch(following.current);
  }, [watched]);

  return connected;
}
