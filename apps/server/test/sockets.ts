import { io as connect, type Socket } from 'socket.io-client';
import { expect } from 'vitest';
import type { ChatMessage } from '@wallet/contract/http/chat';
import { SOCKET_PATH, type JoinAck } from '@wallet/contract/socket';

/**
 * A chat socket of `auth` on the server at `base`, connected (and kept in `opened` for the
 * caller to close); a member's socket (`{ token }`) with `join` is joined to its own room.
 */
export async function openSocket(
  base: string,
  auth: object,
  options: { opened?: Socket[]; join?: boolean } = {},
): Promise<Socket> {
  const socket = connect(base, {
    path: SOCKET_PATH,
    auth,
    transports: ['websocket'],
    reconnection: false,
    forceNew: true,
  });
  options.opened?.push(socket);
  await new Promise((resolve, reject) => {
    socket.once('connect', () => resolve(undefined));
    socket.once('connect_error', reject);
  });
  if (options.join) {
    expect(((await socket.timeout(5_000).emitWithAck('join', {})) as JoinAck).ok).toBe(true);
  }
  return socket;
}

/** The next `event` on `socket` whose data passes `where`; fails after `limitMs`. */
export function nextEvent<T>(socket: Socket, event: string, where: (data: T) => boolean, limitMs = 10_000) {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no ${event} event`)), limitMs);
    const listener = (data: T) => {
      if (!where(data)) return;
      clearTimeout(timer);
      socket.off(event, listener);
      resolve(data);
    };
    socket.on(event, listener);
  });
}

/** Resolves when `socket` receives the text message `payload`; fails after `limitMs`. */
export async function hears(socket: Socket, payload: string, limitMs = 10_000): Promise<void> {
  await nextEvent<ChatMessage>(
    socket,
    'messaging',
    (message) => message.message.message_type === 'text' && message.message.payload === payload,
    limitMs,
  ).catch(() => {
    throw new Error(`"${payload}" never arrived`);
  });
}

/**
 * Follows a socket from now on: every text message it receives, and its closing. `closed` fails
 * when the server has not closed it within 5 s.
 */
export function follow(socket: Socket) {
  const texts: string[] = [];
  socket.on('messaging', (message: ChatMessage) => {
    if (message.message.message_type === 'text') texts.push(message.message.payload);
  });
  const closed = new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('the socket was not closed')), 5_000);
    socket.once('disconnect', (reason) => {
      clearTimeout(timer);
      resolve(reason);
    });
  });
  closed.catch(() => undefined);
  return { texts, closed };
}
