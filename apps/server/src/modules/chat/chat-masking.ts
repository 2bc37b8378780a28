import type { ChatMessage } from '@wallet/contract/http/chat';
import type { ConsoleConversation } from '@wallet/contract/http/console';

/**
 * What staff without `members.personal` read of a member in the inbox (decision 044): the phone
 * (the member's username) by its last 4 digits, as the member panel shows it. Applied to the
 * inbox's answers and to the socket events of the staff who may not read numbers whole.
 */
export const lastFourOf = (value: string) => `${'•'.repeat(Math.max(value.length - 4, 0))}${value.slice(-4)}`;

export function maskMessage(message: ChatMessage): ChatMessage {
  return message.username === null ? message : { ...message, username: lastFourOf(message.username) };
}

export function maskConversation(conversation: ConsoleConversation): ConsoleConversation {
  return {
    ...conversation,
    member: conversation.member
      ? { ...conversation.member, username: lastFourOf(conversation.member.username) }
      : null,
    lastMessage: conversation.lastMessage ? maskMessage(conversation.lastMessage) : null,
  };
}
