import { useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useLayoutEffect, useReducer, useRef, useState } from 'react';
import { ProfileResponse } from '@wallet/contract/http/account';
import {
  ChatMessage,
  ChatRoomState,
  CHAT_LIMITS,
  type CustomerMessageBody,
  type QuickReply,
} from '@wallet/contract/http/chat';
import type { ErrorCode } from '@wallet/contract/errors';
import { JoinAck, type JoinRequest, type SocketAuth } from '@wallet/contract/socket';
import { apiRequest, errorCodeOf } from '../../lib/api-client';
import { newIdempotencyKey } from '../../lib/idempotency';
import { storage } from '../../lib/storage';
import {
  ensureGuestId,
  getChatHistory,
  getChatSince,
  markChatRead,
  sendChatMessage,
  uploadChatFile,
  type Caller,
} from './chat-api';
import { chatReducer, initialChatState, unreadCount, type PendingMessage } from './chat-state';
import { claimGuestConversation } from './guest-claim';
import { createChatSocket, type ChatSocket } from './socket-factory';
import { queryKeys } from '../../lib/query-keys';

const GUEST_INVALID = 'CHAT_GUEST_INVALID' satisfies ErrorCode;

export type Connection = 'connecting' | 'online' | 'offline';
export type LoadPhase = { name: 'loading' } | { name: 'ready' } | { name: 'error'; code: string };

/**
 * The caller's own room, live (spec section 4, Chat): the newest page of history, then the socket;
 * every (re)connect joins the room and asks for everything after the highest number held (never a
 * time window), and every 5 s a dropped socket is reconnected. Messages are marked read about 1 s
 * after they change while the panel is open.
 */
export function useChatRoom({ member, open }: { member: boolean; open: boolean }) {
  const [state, dispatch] = useReducer(chatReducer, initialChatState);
  const [phase, setPhase] = useState<LoadPhase>({ name: 'loading' });
  const [connection, setConnection] = useState<Connection>('connecting');
  const [attempt, setAttempt] = useState(0);
  const [caller, setCaller] = useState<Caller | null>(null);
  const [loadingOlder, setLoadingOlder] = useState(false);
  const profile = useQuery({
    queryKey: queryKeys.profile,
    queryFn: () => apiRequest('/api/account/profile', { schema: ProfileResponse }),
    enabled: member,
  });
  // NOTE: only a profile read since the panel opened: the cache may still hold the member who
  // signed out of this tab before, and a join for their room is refused.
  const userId =
    member && profile.data && profile.isFetchedAfterMount ? Number(profile.data.profile._id) : undefined;

  // The state as of the last render, for callbacks that run later (paging, catch-up).
  const held = useRef(state);
  useLayoutEffect(() => {
    held.current = state;
  });
  const renewedGuest = useRef(false);
  const previews = useRef(new Set<string>());
  useEffect(() => {
    const urls = previews.current;
    return () => urls.forEach((url) => URL.revokeObjectURL(url));
  }, []);

  useEffect(() => {
    if (member && userId === undefined) return;
    let alive = true;
    let socket: ChatSocket | undefined;
    let check: ReturnType<typeof setInterval> | undefined;
    /** The highest number held, raised as soon as messages are dispatched. */
    let highest = 0;
    const receive = (messages: ChatMessage[]) => {
      for (const message of messages) highest = Math.max(highest, message.seq);
      dispatch({ type: 'received', messages });
    };

    let catching = false;
    let again = false;
    async function catchUp(who: Caller) {
      if (catching) {
        again = true;
        return;
      }
      catching = true;
      try {
        do {
          again = false;
          let more = true;
          while (more && alive) {
            const answer = await getChatSince(who, highest);
            if (!alive) return;
            receive(answer.result);
            dispatch({ type: 'room', room: answer.room });
            more = answer.more && answer.result.length > 0;
          }
        } while (again && alive);
      } catch {
        // The next reconnect asks again from the same number.
      } finally {
        catching = false;
      }
    }

    void (async () => {
      try {
        let who: Caller;
        let join: JoinRequest;
        let auth: SocketAuth;
        if (member) {
          await claimGuestConversation();
          who = {};
          join = { userId };
          auth = { token: storage.getToken() ?? '' };
        } else {
          const guestId = await ensureGuestId();
          who = { guestId };
          join = { guestId };
          auth = { guestId };
        }
        const first = await getChatHistory(who, 0);
        if (!alive) return;
        for (const message of first.result) highest = Math.max(highest, message.seq);
        dispatch({ type: 'history', page: first.result, room: first.room });
        setCaller(who);
        setPhase({ name: 'ready' });

        const live = createChatSocket(auth);
        socket = live;
        live.on('connect', () => {
          if (!alive) return;
          live.join(join, (answer) => {
            const ack = JoinAck.safeParse(answer);
            if (!alive) return;
            if (ack.success && ack.data.ok) {
              setConnection('online');
              dispatch({ type: 'room', room: ack.data.state });
              void catchUp(who);
            } else {
              // Not in the room: drop the socket, so the next check connects and joins again.
              setConnection('offline');
              live.disconnect();
            }
          });
        });
        live.on('disconnect', () => alive && setConnection('offline'));
        live.on('connect_error', () => alive && setConnection('offline'));
        live.on('messaging', (data) => {
          const message = ChatMessage.safeParse(data);
          if (alive && message.success) receive([message.data]);
        });
        live.on('room', (data) => {
          const room = ChatRoomState.safeParse(data);
          if (alive && room.success) dispatch({ type: 'room', room: room.data });
        });
        check = setInterval(() => {
          if (!live.connected) live.connect();
        }, CHAT_LIMITS.socketCheckMs);
      } catch (error) {
        if (!alive) return;
        const code = errorCodeOf(error);
        if (!member && code === GUEST_INVALID && !renewedGuest.current) {
          // A stored guest id the server no longer takes (another database, a claimed room):
          // forget it and start again with a new one, once.
          renewedGuest.current = true;
          storage.clearGuestId();
          setAttempt((n) => n + 1);
          return;
        }
        setPhase({ name: 'error', code });
      }
    })();

    return () => {
      alive = false;
      clearInterval(check);
      socket?.disconnect();
    };
  }, [member, userId, attempt]);

  // Read about 1 s after the history changes, while the member can see it.
  const newestSeq = state.messages.at(-1)?.seq ?? 0;
  const readSeq = state.room?.customerReadSeq ?? 0;
  useEffect(() => {
    if (!open || !caller || newestSeq <= readSeq) return;
    const timer = setTimeout(() => {
      markChatRead(caller, newestSeq).then(
        (room) => dispatch({ type: 'room', room }),
        () => undefined,
      );
    }, CHAT_LIMITS.markReadDelayMs);
    return () => clearTimeout(timer);
  }, [open, caller, newestSeq, readSeq]);

  const loadOlder = useCallback(async () => {
    if (!caller || loadingOlder || !held.current.hasMore) return;
    setLoadingOlder(true);
    try {
      // NOTE: skip counts the messages held (all from the oldest held on): never more than the
      // server has from there, so a page overlaps at worst (merged by number) and never skips one.
      const page = await getChatHistory(caller, held.current.messages.length);
      dispatch({ type: 'history', page: page.result, room: page.room });
    } catch {
      // Scrolling to the top again asks again.
    } finally {
      setLoadingOlder(false);
    }
  }, [caller, loadingOlder]);

  const update = (clientId: string, patch: Partial<PendingMessage>) =>
    dispatch({ type: 'update', clientId, patch });

  const deliver = useCallback(async (who: Caller, clientId: string, body: CustomerMessageBody) => {
    update(clientId, { status: 'sending', body, error: undefined });
    try {
      const answer = await sendChatMessage(who, { message: body, clientId });
      update(clientId, { status: 'succeed', seq: answer.seq, session_id: answer.session_id });
    } catch (error) {
      update(clientId, { status: 'failed', error: errorCodeOf(error) });
    }
  }, []);

  const upload = useCallback(
    async (who: Caller, clientId: string, file: NonNullable<PendingMessage['file']>) => {
      update(clientId, { status: 'uploading_file', progress: 0, error: undefined });
      try {
        const answer = await uploadChatFile(who, file.kind, file.file, (progress) =>
          update(clientId, { progress }),
        );
        const body: CustomerMessageBody = {
          message_type: 'media',
          payload: { message: '', url: false, fileType: answer.fileType, filePath: answer.path },
        };
        await deliver(who, clientId, body);
      } catch (error) {
        update(clientId, { status: 'failed', error: errorCodeOf(error) });
      }
    },
    [deliver],
  );

  const start = useCallback(
    (body: CustomerMessageBody | null, file?: PendingMessage['file']) => {
      if (!caller) return;
      const clientId = newIdempotencyKey();
      dispatch({
        type: 'pending',
        message: {
          clientId,
          body,
          file,
          status: file ? 'uploading_file' : 'sending',
          progress: 0,
          createdAt: new Date().toISOString(),
        },
      });
      if (file) void upload(caller, clientId, file);
      else if (body) void deliver(caller, clientId, body);
    },
    [caller, deliver, upload],
  );

  const sendText = useCallback((text: string) => start({ message_type: 'text', payload: text }), [start]);
  const sendPostback = useCallback(
    (reply: QuickReply) => start({ message_type: 'postback', payload: reply }),
    [start],
  );
  const sendFile = useCallback(
    (file: File, kind: 'image' | 'video') => {
      const previewUrl = URL.createObjectURL(file);
      previews.current.add(previewUrl);
      start(null, { file, kind, previewUrl });
    },
    [start],
  );
  /** Sends a failed message again under the same client id (its file again if that failed). */
  const retry = useCallback(
    (clientId: string) => {
      const pending = held.current.pending.find((p) => p.clientId === clientId);
      if (!caller || !pending || pending.status !== 'failed') return;
      if (pending.body) void deliver(caller, clientId, pending.body);
      else if (pending.file) void upload(caller, clientId, pending.file);
    },
    [caller, deliver, upload],
  );

  const reload = useCallback(() => {
    setPhase({ name: 'loading' });
    if (member && profile.isError) void profile.refetch();
    setAttempt((n) => n + 1);
  }, [member, profile]);

  return {
    state,
    phase: member && profile.isError ? ({ name: 'error', code: errorCodeOf(profile.error) } as const) : phase,
    connection,
    caller,
    unread: unreadCount(state),
    loadingOlder,
    loadOlder,
    sendText,
    sendPostback,
    sendFile,
    retry,
    reload,
  };
}

export type ChatRoom = ReturnType<typeof useChatRoom>;
