import type { KeyboardEvent } from 'react';
import type { ChatMessageBody } from '@wallet/contract/http/chat';

/**
 * What the member's chat panel (features/chat) and the staff console (features/console) write and
 * read alike; features do not import each other, so it is here.
 */

/**
 * Spec section 5: Enter sends; Shift, Ctrl, Alt or Meta with Enter is a new line.
 * NOTE: an Enter that ends an input method's composition (Thai, Lao keyboards) is not a send.
 */
export const sendsOnEnter = (
  event: Pick<KeyboardEvent, 'key' | 'shiftKey' | 'ctrlKey' | 'altKey' | 'metaKey'> & {
    nativeEvent?: { isComposing?: boolean };
  },
) =>
  event.key === 'Enter' &&
  !event.nativeEvent?.isComposing &&
  !event.shiftKey &&
  !event.ctrlKey &&
  !event.altKey &&
  !event.metaKey;

/** A photo or a video, the two kinds of file a chat message carries. */
export type ChatFileKind = 'image' | 'video';

/** The words of a message, for types that have them. */
export function messageText(body: ChatMessageBody): string | null {
  switch (body.message_type) {
    case 'text':
      return body.payload;
    case 'buttons':
    case 'quick_replies':
      return body.payload.text;
    case 'postback':
      return body.payload.title;
    case 'media':
      return body.payload.message || null;
    case 'generic':
      return null;
  }
}

/**
 * A message the sender's screen shows before the server's copy arrives (the member's panel and
 * the console each add where it stands).
 */
export interface PendingMessageBase<Body> {
  /** The message's own id: a resend after a failure sends it again, so the server stores it once. */
  clientId: string;
  /** What is sent; null while its file has not been uploaded yet. */
  body: Body | null;
  /** The file of a media message, kept for a retry of its upload. */
  file?: { file: File; kind: ChatFileKind };
}
