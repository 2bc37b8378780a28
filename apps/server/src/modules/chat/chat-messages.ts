import type { Locale } from '@wallet/contract/constants';
import type { CustomerMessageBody } from '@wallet/contract/http/chat';
import { canonicalJson } from '../../platform/canonical-json';
import { fail } from '../../platform/errors';
import { botAnswer, type MoneyFacts } from './chat-bot';
import type { ChatUploads } from './chat-uploads';
import type { ChatViews } from './chat-views';
import type { ChatRepository, MessageRow, NewMessage, RoomRow } from './chat.repository';
import type { ChatBroadcaster } from './chat.service';

const BOT_NAME = 'Support';

export interface ChatMessagesOptions {
  repository: ChatRepository;
  views: ChatViews;
  uploads: Pick<ChatUploads, 'checkMedia'>;
  /** The socket layer's broadcaster as it is now (a no-op until the socket is attached). */
  broadcaster: () => ChatBroadcaster;
  /** A member's latest deposit and withdrawal, for the bot. */
  moneyFacts: (memberId: number) => Promise<MoneyFacts>;
}

/** Messages stored once per client id, announced to the room and the staff, and the bot's answers. */
export function createChatMessages(options: ChatMessagesOptions) {
  const { repository, views, uploads } = options;

  async function announce(room: RoomRow, row: MessageRow): Promise<void> {
    options.broadcaster().toRoom(views.roomNameOf(room), 'messaging', await views.messageOut(row, room));
    options.broadcaster().toStaff(await views.conversationOf(room));
  }

  async function store(
    room: RoomRow,
    message: NewMessage,
    roomChanges?: Parameters<ChatRepository['append']>[2],
  ) {
    const body = await uploads.checkMedia(room, message.body);
    const result = await repository.append(room.id, { ...message, body }, roomChanges);
    if (!result.created && canonicalJson(result.row.body) !== canonicalJson(body))
      return fail('CHAT_MESSAGE_ID_REUSED', 409);
    if (result.created) await announce(result.room, result.row);
    return result;
  }

  async function runBot(room: RoomRow, message: CustomerMessageBody, trigger: MessageRow, locale: Locale) {
    // Greeting and hand-over are each claimed by one conditional update, so messages arriving
    // together are greeted once and handed over once.
    const newSession = await repository.claimGreeting(room.id, trigger.sessionId);
    const answer = await botAnswer(message, {
      locale,
      memberId: room.memberId,
      newSession,
      facts: options.moneyFacts,
    });
    const replies = [...answer.replies];
    if (answer.handOver && (await repository.claimHandOver(room.id))) replies.push(answer.handOverText);
    let current = room;
    for (const [index, body] of replies.entries()) {
      // Keyed by the message answered (a `:` no client id may hold), so a resend never makes the
      // bot answer twice and no client's id can take the bot's.
      const result = await store(current, {
        sender: 'other',
        clientId: `bot:${trigger.seq}:${index}`,
        staffId: null,
        bot: true,
        body,
        name: BOT_NAME,
        deviceToken: null,
      });
      current = result.room;
    }
  }

  return { store, runBot };
}

export type ChatMessages = ReturnType<typeof createChatMessages>;
