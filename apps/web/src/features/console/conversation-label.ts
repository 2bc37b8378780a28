import type { TFunction } from 'i18next';
import type { ChatMessage } from '@wallet/contract/http/chat';
import type { ConsoleConversation } from '@wallet/contract/http/console';
import { formatDate } from '../../lib/format';
import { messageText } from '../../lib/chat-compose';

/** Who a conversation is with: the member's name, or the guest's label. */
export function conversationTitle(conversation: ConsoleConversation, t: TFunction): string {
  return conversation.member
    ? conversation.member.name
    : t('inbox.guest', { label: conversation.guestLabel ?? '' });
}

/**
 * Who wrote a message, in the staff member's language: the server stores the bot's and a guest's
 * name in one language, so those two are named here; staff and members by their own names.
 */
export function senderName(message: ChatMessage, t: TFunction): string {
  if (message.bot) return t('message.botName');
  if (message.sender === 'customer' && message.userId === null) return t('message.guestName');
  return message.name;
}

/** One line saying what a message is, for the list (text as written, the rest by its kind). */
export function messagePreview(message: ChatMessage, t: TFunction): string {
  const body = message.message;
  switch (body.message_type) {
    case 'text':
    case 'buttons':
    case 'quick_replies':
      return messageText(body) ?? '';
    case 'media':
      return body.payload.message || t(`preview.${body.payload.fileType}`);
    case 'generic':
      return t('preview.generic', { title: body.payloads[0]?.title ?? '' });
    case 'postback':
      return t('preview.postback', { title: body.payload.title });
  }
}

const pad = (n: number) => String(n).padStart(2, '0');

/** HH:mm today, DD/MM/YYYY HH:mm before (in the staff member's own time zone). */
export function messageTime(iso: string, now = new Date()): string {
  const date = new Date(iso);
  const time = `${pad(date.getHours())}:${pad(date.getMinutes())}`;
  return date.toDateString() === now.toDateString() ? time : `${formatDate(iso)} ${time}`;
}

/** The list's short time: HH:mm today, DD/MM/YYYY before. */
export function listTime(iso: string, now = new Date()): string {
  const date = new Date(iso);
  return date.toDateString() === now.toDateString()
    ? `${pad(date.getHours())}:${pad(date.getMinutes())}`
    : formatDate(iso);
}
