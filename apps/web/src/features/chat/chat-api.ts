import {
  ChatConfigResponse,
  ChatGuestResponse,
  ChatHistoryResponse,
  ChatRoomState,
  ChatSinceResponse,
  ChatUploadResponse,
  CHAT_LIMITS,
  SendMessageResponse,
  type CustomerMessageBody,
  type PushSubscriptionRequest,
} from '@wallet/contract/http/chat';
import { OkResponse } from '@wallet/contract/http/account';
import { apiRequest, apiUpload } from '../../lib/api-client';
import { storage } from '../../lib/storage';

/**
 * The chat calls of the open panel (spec section 7, Chat). Who is asking: a signed-in member
 * (the bearer token says who; no guestId) or a guest (their stored, server-issued guestId).
 */
export interface Caller {
  guestId?: string;
}

export const getChatConfig = () => apiRequest('/api/chat/config', { schema: ChatConfigResponse });

let guestRequest: Promise<string> | undefined;

/** The visitor's guest id: the stored one, else one the server issues now (asked once). */
export function ensureGuestId(): Promise<string> {
  const stored = storage.getGuestId();
  if (stored) return Promise.resolve(stored);
  guestRequest ??= apiRequest('/api/chat/guest', { method: 'POST', body: {}, schema: ChatGuestResponse })
    .then(({ guestId }) => {
      storage.setGuestId(guestId);
      return guestId;
    })
    .finally(() => {
      guestRequest = undefined;
    });
  return guestRequest;
}

export const sendChatMessage = (
  caller: Caller,
  request: { message: CustomerMessageBody; clientId: string },
) =>
  apiRequest('/api/chat/send-message', {
    method: 'POST',
    body: { ...caller, ...request },
    schema: SendMessageResponse,
  });

/** A page of the room, newest first. */
export const getChatHistory = (caller: Caller, skip: number) =>
  apiRequest('/api/chat/history', {
    method: 'POST',
    body: { ...caller, limit: CHAT_LIMITS.historyPage, skip },
    schema: ChatHistoryResponse,
  });

/** Everything after `afterSeq`, oldest first; `more` when the answer stopped at its limit. */
export const getChatSince = (caller: Caller, afterSeq: number) =>
  apiRequest('/api/chat/since', { method: 'POST', body: { ...caller, afterSeq }, schema: ChatSinceResponse });

export const markChatRead = (caller: Caller, seq: number) =>
  apiRequest('/api/chat/read-customer', { method: 'PUT', body: { ...caller, seq }, schema: ChatRoomState });

/** Uploads a photo or video (300 s, with progress); the answer's path goes into a media message. */
export const uploadChatFile = (
  caller: Caller,
  kind: 'image' | 'video',
  file: File,
  onProgress: (fraction: number) => void,
) =>
  apiUpload(`/api/chat/upload-${kind}`, {
    file,
    fileName: file.name,
    // NOTE: the guest id goes before the file: the server reads the fields in order and must know
    // the room before it takes the bytes.
    fields: caller.guestId ? { guestId: caller.guestId } : {},
    schema: ChatUploadResponse,
    onProgress,
  });

export const savePushSubscription = (
  caller: Caller,
  subscription: Omit<PushSubscriptionRequest, 'guestId'>,
) =>
  apiRequest('/api/chat/push-subscription', {
    method: 'POST',
    body: { ...caller, ...subscription },
    schema: OkResponse,
  });
