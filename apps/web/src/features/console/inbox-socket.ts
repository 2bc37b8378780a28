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
import { storage } from '../../lib/storage';
import { STAFF_SESSION_ENDED, staffSession } from './console-api';
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
  emit(event: string, data: unknown): unknown;
  disconnect(): unknown;
}

export type ConsoleSocketFactory = (staffToken: string) => ConsoleSocket;

/** The staff socket on our own origin: the server puts it in the inbox by its token. */
const connect: ConsoleSocketFactory = (staffToken) =>
  io(window.location.origin, { path: SOCKET_PATH, auth: { staffToken } });

let factory: ConsoleSocketFactory = connect;

/** Tests hand in a fake socket; called with nothing, the real one is back. */
export function setConsoleSocketFactory(next?: ConsoleSocketFactory): void {
  factory = next ?? connect;
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
  const socket = useRef<ConsoleSocket | null>(null);
  const watching = useRef(watched);
  const merged = useRef(onMerged);
  useEffect(() => {
    merged.current = onMerged;
  });

  useEffect(() => {
    const token = storage.getStaffToken();
    if (!token) return;
    const live = factory(token);
    socket.current = live;
    let connectedBefore = false;
    live.on('connect', () => {
      setConnected(true);
      live.emit(SOCKET_EVENTS.watch, { conversationId: watching.current });
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
    // The server moved this socket to the member's room already; only an id that changed matters.
    live.on(SOCKET_EVENTS.claimed, (data: unknown) => {
      const claimed = ClaimedEvent.safeParse(data);
      if (!claimed.success || claimed.data.from === claimed.data.into) return;
      mergeConversation(queryClient, claimed.data.from, claimed.data.into);
      if (watching.current === claimed.data.from) merged.current(claimed.data.into);
    });
    live.on(SOCKET_EVENTS.room, (data: unknown) => {
      const room = RoomEvent.safeParse(data);
      if (room.success && watching.current !== null) setRoom(queryClient, watching.current, room.data);
    });
    return () => {
      socket.current = null;
      live.disconnect();
    };
  }, [queryClient]);

  useEffect(() => {
    watching.current = watched;
    socket.current?.emit(SOCKET_EVENTS.watch, { conversationId: watched });
  }, [watched]);

  return connected;
}
