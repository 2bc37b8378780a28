import {
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
  type QueryClient,
} from '@tanstack/react-query';
import { useCallback } from 'react';
import {
  ChatRoomState,
  ChatUploadResponse,
  SendMessageResponse,
  type ChatMessage,
  type ChatMessageBody,
} from '@wallet/contract/http/chat';
import {
  ConversationListResponse,
  ConversationMessagesResponse,
  MemberContextResponse,
  ConsoleConversation,
  type CONVERSATION_STATUSES,
} from '@wallet/contract/http/console';
import { consoleRequest, consoleUpload } from './console-api';
import { queryKeys } from '../../lib/query-keys';

export type ConversationStatus = (typeof CONVERSATION_STATUSES)[number];

/** Messages asked for at a time, at the start and at each "load older". */
export const MESSAGES_PAGE = 30;

const conversationsKey = queryKeys.console.conversations;
const conversationKey = queryKeys.console.conversation;
const messagesKey = queryKeys.console.messages;
const conversationPath = (id: number) => `/api/console/chat/conversations/${id}`;

/** Newest first: the last message's time, else the conversation's id (newer rooms have larger ids). */
export function byNewest(a: ConsoleConversation, b: ConsoleConversation): number {
  const at = (c: ConsoleConversation) => (c.lastMessageAt ? Date.parse(c.lastMessageAt) : 0);
  return at(b) - at(a) || b.id - a.id;
}

/** The inbox's list of one tab, newest first (the server's order, kept as events arrive). */
export function useConversations(status: ConversationStatus) {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: conversationsKey(status),
    queryFn: async () => {
      const { conversations } = await consoleRequest(`/api/console/chat/conversations?status=${status}`, {
        schema: ConversationListResponse,
      });
      // Each one is also known on its own, so one that leaves this tab (resolved) stays open on screen.
      for (const conversation of conversations)
        queryClient.setQueryData(conversationKey(conversation.id), conversation);
      return [...conversations].sort(byNewest);
    },
    // The socket's inbox events keep it current; a reconnect reads it again.
    staleTime: Infinity,
  });
}

/** One conversation, for one that no list read holds (opened from a link). */
export function useConversation(id: number | null, enabled: boolean) {
  return useQuery({
    queryKey: conversationKey(id),
    queryFn: () => consoleRequest(conversationPath(id!), { schema: ConsoleConversation }),
    enabled: enabled && id !== null,
    staleTime: Infinity,
  });
}

/**
 * A conversation as it is now (an inbox event, a read, a resolve): put in its tab's list at its
 * place by time, and taken out of the other tab's.
 */
export function upsertConversation(queryClient: QueryClient, conversation: ConsoleConversation): void {
  queryClient.setQueryData(conversationKey(conversation.id), conversation);
  for (const status of ['open', 'resolved'] as const) {
    queryClient.setQueryData<ConsoleConversation[]>(conversationsKey(status), (list) => {
      if (!list) return list;
      const others = list.filter((c) => c.id !== conversation.id);
      return conversation.status === status ? [...others, conversation].sort(byNewest) : others;
    });
  }
}

/**
 * A guest's conversation that went into the member's earlier one when the guest signed in: it is
 * in no list any more, and the member's holds messages its cached pages have not seen.
 */
export function mergeConversation(queryClient: QueryClient, from: number, into: number): void {
  queryClient.removeQueries({ queryKey: conversationKey(from), exact: true });
  queryClient.removeQueries({ queryKey: messagesKey(from), exact: true });
  for (const status of ['open', 'resolved'] as const) {
    queryClient.setQueryData<ConsoleConversation[]>(conversationsKey(status), (list) =>
      list?.filter((c) => c.id !== from),
    );
  }
  void queryClient.invalidateQueries({ queryKey: messagesKey(into), exact: true });
}

/** The conversation with this id, if a list or a call read it. */
export function findConversation(queryClient: QueryClient, id: number): ConsoleConversation | undefined {
  return queryClient.getQueryData<ConsoleConversation>(conversationKey(id));
}

/** Changes a known conversation in place (its room state, its unread count). */
function patchConversation(
  queryClient: QueryClient,
  id: number,
  patch: (conversation: ConsoleConversation) => ConsoleConversation,
): void {
  queryClient.setQueryData<ConsoleConversation>(conversationKey(id), (conversation) =>
    conversation ? patch(conversation) : conversation,
  );
  for (const status of ['open', 'resolved'] as const) {
    queryClient.setQueryData<ConsoleConversation[]>(conversationsKey(status), (list) =>
      list?.map((c) => (c.id === id ? patch(c) : c)),
    );
  }
}

export const reloadConversations = (queryClient: QueryClient) =>
  queryClient.invalidateQueries({ queryKey: queryKeys.console.conversationsAll });

type MessagesData = { pages: ConversationMessagesResponse[]; pageParams: (number | undefined)[] };

/**
 * One conversation's messages, newest page first; "load older" asks for the page before the
 * oldest message held. Messages that arrive live are merged in by their sequence number.
 */
export function useConversationMessages(id: number) {
  const query = useInfiniteQuery({
    queryKey: messagesKey(id),
    queryFn: ({ pageParam }) =>
      consoleRequest(
        `${conversationPath(id)}/messages?limit=${MESSAGES_PAGE}${pageParam ? `&beforeSeq=${pageParam}` : ''}`,
        { schema: ConversationMessagesResponse },
      ),
    initialPageParam: undefined as number | undefined,
    getNextPageParam: (last) => {
      const oldest = Math.min(...last.result.map((message) => message.seq));
      return last.result.length < MESSAGES_PAGE || oldest <= 1 ? undefined : oldest;
    },
    staleTime: Infinity,
  });
  const pages = query.data?.pages ?? [];
  return {
    ...query,
    /** Oldest first, each sequence number once. */
    messages: ordered(pages.flatMap((page) => page.result)),
    room: pages[0]?.room,
  };
}

function ordered(messages: ChatMessage[]): ChatMessage[] {
  const bySeq = new Map<number, ChatMessage>();
  // The first copy of a sequence number is the latest one added (addMessages puts them first).
  for (const message of messages) if (!bySeq.has(message.seq)) bySeq.set(message.seq, message);
  return [...bySeq.values()].sort((a, b) => a.seq - b.seq);
}

/**
 * Adds messages that arrived live (socket, or a send's answer) to a conversation that was read.
 * `prefer`: whether a copy already held of the same sequence number gives way (`new`: the server's
 * own copy, from the socket) or stays (`held`: the console's copy of what it sent).
 */
export function addMessages(
  queryClient: QueryClient,
  id: number,
  messages: ChatMessage[],
  prefer: 'new' | 'held' = 'new',
): void {
  queryClient.setQueryData<MessagesData>(messagesKey(id), (data) => {
    const [first, ...rest] = data?.pages ?? [];
    if (!data || !first) return data;
    const held = new Set(data.pages.flatMap((page) => page.result.map((message) => message.seq)));
    const added = prefer === 'held' ? messages.filter((message) => !held.has(message.seq)) : messages;
    if (added.length === 0) return data;
    const lastSeq = Math.max(first.room.lastSeq, ...added.map((message) => message.seq));
    return {
      ...data,
      pages: [{ result: [...added, ...first.result], room: { ...first.room, lastSeq } }, ...rest],
    };
  });
}

/** Whether a message of the socket belongs to this conversation (one watched a moment ago may still speak). */
export function belongsTo(conversation: ConsoleConversation, message: ChatMessage): boolean {
  if (message.userId === null)
    return conversation.member === null && message.guestId?.slice(1, 7) === conversation.guestLabel;
  return conversation.member?.id === message.userId;
}

/** The room's state moved (a read, a resolve): kept beside the messages and in the lists. */
export function setRoom(queryClient: QueryClient, id: number, room: ChatRoomState): void {
  queryClient.setQueryData<MessagesData>(messagesKey(id), (data) => {
    const [first, ...rest] = data?.pages ?? [];
    if (!data || !first) return data;
    return { ...data, pages: [{ ...first, room }, ...rest] };
  });
  patchConversation(queryClient, id, (conversation) => ({ ...conversation, room }));
}

/** Reads the conversation's newest page again (after a reconnect: whatever came meanwhile). */
export async function catchUp(queryClient: QueryClient, id: number): Promise<void> {
  if (!queryClient.getQueryData(messagesKey(id))) return;
  const latest = await consoleRequest(`${conversationPath(id)}/messages?limit=${MESSAGES_PAGE}`, {
    schema: ConversationMessagesResponse,
  });
  addMessages(queryClient, id, latest.result);
  setRoom(queryClient, id, latest.room);
}

/** A message staff wrote, as the conversation shows it once the server stored it. */
export interface SentMessage {
  clientId: string;
  message: ChatMessageBody;
}

/** Sends a staff message; a resend with the same clientId stores once. */
export async function sendMessage(id: number, sent: SentMessage) {
  return consoleRequest(`${conversationPath(id)}/messages`, {
    method: 'POST',
    body: sent,
    schema: SendMessageResponse,
  });
}

/** Uploads an image or video into the conversation's room; answers the path a media message names. */
export function uploadMedia(
  id: number,
  kind: 'image' | 'video',
  file: File,
  onProgress: (fraction: number) => void,
) {
  return consoleUpload(`${conversationPath(id)}/upload-${kind}`, {
    file,
    fileName: file.name,
    schema: ChatUploadResponse,
    onProgress,
  });
}

/** Marks the conversation read up to `seq`; the lists show no unread messages for it. */
export function useMarkRead(id: number) {
  const queryClient = useQueryClient();
  return useCallback(
    async (seq: number) => {
      const room = await consoleRequest(`${conversationPath(id)}/read`, {
        method: 'PUT',
        body: { seq },
        schema: ChatRoomState,
      });
      setRoom(queryClient, id, room);
      patchConversation(queryClient, id, (conversation) => ({ ...conversation, unread: 0 }));
    },
    [id, queryClient],
  );
}

/** Resolves the conversation: a new session starts; both tabs are read again. */
export function useResolveConversation(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      consoleRequest(`${conversationPath(id)}/resolve`, { method: 'POST', body: {}, schema: ChatRoomState }),
    onSuccess: async (room) => {
      setRoom(queryClient, id, room);
      await reloadConversations(queryClient);
    },
  });
}

/** What staff see beside a member's conversation: wallet, deposits, withdrawals, slips. */
export function useMemberContext(memberId: number | null) {
  return useQuery({
    queryKey: queryKeys.console.member(memberId),
    queryFn: () =>
      consoleRequest(`/api/console/members/${memberId}/context`, { schema: MemberContextResponse }),
    enabled: memberId !== null,
  });
}
