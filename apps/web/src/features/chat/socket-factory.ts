import { io } from 'socket.io-client';
import { SOCKET_EVENTS, SOCKET_PATH, type JoinRequest, type SocketAuth } from '@wallet/contract/socket';

/**
 * The chat's live socket, behind the few calls the panel makes, so tests hand the panel a fake
 * (vi.mock of this module) instead of reaching into socket.io.
 */
export interface ChatSocket {
  readonly connected: boolean;
  connect(): void;
  disconnect(): void;
  on(event: 'connect' | 'disconnect' | 'connect_error', listener: () => void): void;
  on(
    event: typeof SOCKET_EVENTS.messaging | typeof SOCKET_EVENTS.room,
    listener: (data: unknown) => void,
  ): void;
  /** Joins the caller's own room; `ack` gets the server's JoinAck (or a failure of our own). */
  join(request: JoinRequest, ack: (answer: unknown) => void): void;
}

const JOIN_TIMEOUT_MS = 10_000;

export function createChatSocket(auth: SocketAuth): ChatSocket {
  const socket = io(window.location.origin, { path: SOCKET_PATH, auth });
  return {
    get connected() {
      return socket.connected;
    },
    connect: () => void socket.connect(),
    disconnect: () => void socket.disconnect(),
    on: (event: string, listener: (data: unknown) => void) => void socket.on(event, listener),
    join(request, ack) {
      socket
        .timeout(JOIN_TIMEOUT_MS)
        .emit(SOCKET_EVENTS.join, request, (error: Error | null, answer: unknown) =>
          ack(error ? { ok: false, error: 'TIMEOUT_ERROR' } : answer),
        );
    },
  };
}
