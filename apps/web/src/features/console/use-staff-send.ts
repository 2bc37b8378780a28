import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import {
  CHAT_IMAGE_TYPES,
  CHAT_LIMITS,
  CHAT_VIDEO_TYPES,
  type ChatMessage,
  type ChatMessageBody,
} from '@wallet/contract/http/chat';
import type { ConsoleConversation } from '@wallet/contract/http/console';
import { useToast } from '../../components/ui/toast';
import { errorCodeOf } from '../../lib/api-client';
import { errorText } from '../../lib/i18n';
import { newIdempotencyKey } from '../../lib/idempotency';
import type { ChatFileKind, PendingMessageBase } from '../../lib/chat-compose';
import { useStaffProfile } from './console-api';
import { addMessages, sendMessage, uploadMedia } from './inbox-api';

/** A message staff wrote that the server has not stored yet. */
export interface PendingMessage extends PendingMessageBase<ChatMessageBody> {
  state: 'uploading' | 'sending' | 'failed';
  /** An upload's progress, 0 to 1. */
  progress?: number;
}

/** image or video by the file's type, or null when the chat takes neither (spec section 5). */
function kindOf(file: File): ChatFileKind | null {
  if ((CHAT_IMAGE_TYPES as readonly string[]).includes(file.type)) return 'image';
  if ((CHAT_VIDEO_TYPES as readonly string[]).includes(file.type)) return 'video';
  return null;
}

/**
 * Staff's sending: each message gets its own clientId, so sending it again after a failure
 * stores it once; it shows as pending (with an upload's progress) until the server answers, then
 * as the stored message. Files are checked here first, by type and size, as the server checks them.
 */
export function useStaffSend(conversation: ConsoleConversation) {
  const queryClient = useQueryClient();
  const toast = useToast();
  const staff = useStaffProfile();
  const [pending, setPending] = useState<PendingMessage[]>([]);
  /** Local pictures of files staff sent (object URLs), by clientId, until the page goes. */
  const [previews, setPreviews] = useState<Record<string, string>>({});
  const made = useRef<string[]>([]);
  useEffect(() => () => made.current.forEach((url) => URL.revokeObjectURL(url)), []);

  const id = conversation.id;
  const update = (clientId: string, patch: Partial<PendingMessage>) =>
    setPending((list) => list.map((item) => (item.clientId === clientId ? { ...item, ...patch } : item)));

  const deliver = useCallback(
    async (item: PendingMessage) => {
      let body = item.body;
      try {
        if (!body && item.file) {
          update(item.clientId, { state: 'uploading', progress: 0 });
          const upload = await uploadMedia(id, item.file.kind, item.file.file, (progress) =>
            update(item.clientId, { progress }),
          );
          body = {
            message_type: 'media',
            payload: { message: '', url: false, fileType: upload.fileType, filePath: upload.path },
          };
        }
        if (!body) return;
        update(item.clientId, { body, state: 'sending' });
        const stored = await sendMessage(id, { clientId: item.clientId, message: body });
        const message: ChatMessage = {
          sender: 'other',
          message: body,
          userId: conversation.member?.id ?? null,
          guestId: null,
          username: conversation.member?.username ?? null,
          name: staff.data?.name ?? '',
          deviceToken: null,
          createdAt: stored.createdAt,
          session_id: stored.session_id,
          seq: stored.seq,
          clientId: item.clientId,
          bot: false,
        };
        // The socket may have brought the server's copy already (with a signed link): it stays.
        addMessages(queryClient, id, [message], 'held');
        setPending((list) => list.filter((other) => other.clientId !== item.clientId));
      } catch (error) {
        update(item.clientId, { state: 'failed' });
        toast.show('error', errorText(errorCodeOf(error)));
      }
    },
    [id, conversation.member, staff.data?.name, queryClient, toast],
  );

  const send = (body: ChatMessageBody) => {
    const item: PendingMessage = { clientId: newIdempotencyKey(), body, state: 'sending' };
    setPending((list) => [...list, item]);
    void deliver(item);
  };

  /** Sends an image or video; refuses at once what the server would refuse. */
  const sendFile = (file: File) => {
    const kind = kindOf(file);
    if (!kind) return toast.show('error', errorText('CHAT_FILE_NOT_SUPPORTED'));
    if (file.size > (kind === 'image' ? CHAT_LIMITS.imageMaxBytes : CHAT_LIMITS.videoMaxBytes)) {
      return toast.show('error', errorText('CHAT_FILE_TOO_LARGE'));
    }
    const item: PendingMessage = {
      clientId: newIdempotencyKey(),
      body: null,
      state: 'uploading',
      file: { file, kind },
    };
    const preview = URL.createObjectURL(file);
    made.current.push(preview);
    setPreviews((current) => ({ ...current, [item.clientId]: preview }));
    setPending((list) => [...list, item]);
    void deliver(item);
  };

  /** Sends a failed message again, with the same clientId (an upload that failed is made again). */
  const retry = (clientId: string) => {
    const item = pending.find((other) => other.clientId === clientId);
    if (item) void deliver(item);
  };

  return { pending, previews, send, sendFile, retry };
}
