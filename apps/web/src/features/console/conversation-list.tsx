import { Hourglass, UserRound, UserRoundX } from 'lucide-react';
import { Link } from 'react-router';
import type { ConsoleConversation } from '@wallet/contract/http/console';
import { ErrorAlert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Loading } from '../../components/ui/loading';
import { errorCodeOf } from '../../lib/api-client';
import { errorText } from '../../lib/i18n';
import { useConsoleTranslation } from './console-texts';
import { conversationTitle, listTime, messagePreview, senderName } from './conversation-label';
import { useConversations, type ConversationStatus } from './inbox-api';

const TABS: ConversationStatus[] = ['open', 'resolved'];

/** The inbox's list: Open and Resolved tabs, each newest first, with unread counts. */
export function ConversationList({
  tab,
  selected,
  connected,
}: {
  tab: ConversationStatus;
  selected: number | null;
  connected: boolean;
}) {
  const { t } = useConsoleTranslation();
  const list = useConversations(tab);

  return (
    <>
      <div className="flex items-center justify-between gap-2 px-4 pt-3">
        <h1 className="text-lg font-bold">{t('inbox.title')}</h1>
        <span
          role="status"
          className={`inline-flex items-center gap-1.5 text-xs ${connected ? 'text-mint-400' : 'text-amber-400'}`}
        >
          <span
            aria-hidden="true"
            className={`size-2 rounded-full ${connected ? 'bg-mint-400' : 'bg-amber-400'}`}
          />
          {connected ? t('inbox.live') : t('inbox.offline')}
        </span>
      </div>
      <div
        role="tablist"
        aria-label={t('inbox.tabsLabel')}
        className="mx-4 mt-3 mb-2 grid grid-cols-2 gap-1 rounded-xl bg-ink-900 p-1"
      >
        {TABS.map((status) => (
          <Link
            key={status}
            role="tab"
            aria-selected={status === tab}
            to={status === 'open' ? '/console/chat' : '/console/chat?tab=resolved'}
            className={`inline-flex min-h-10 items-center justify-center rounded-lg text-sm font-semibold ${status === tab ? 'bg-ink-700 text-snow' : 'text-mist-400 hover:text-snow'}`}
          >
            {t(`inbox.tabs.${status}`)}
          </Link>
        ))}
      </div>
      <div className="min-h-0 flex-1 overflow-y-auto" role="tabpanel">
        {list.isPending ? (
          <Loading />
        ) : list.isError ? (
          <div className="p-4">
            <ErrorAlert
              action={
                <Button variant="secondary" onClick={() => void list.refetch()}>
                  {t('action.retry')}
                </Button>
              }
            >
              {errorText(errorCodeOf(list.error))}
            </ErrorAlert>
          </div>
        ) : list.data.length === 0 ? (
          <p className="px-4 py-10 text-center text-mist-400">{t(`inbox.empty.${tab}`)}</p>
        ) : (
          <ul aria-label={t(`inbox.tabs.${tab}`)} className="divide-y divide-white/5">
            {list.data.map((conversation) => (
              <ConversationItem
                key={conversation.id}
                conversation={conversation}
                tab={tab}
                current={conversation.id === selected}
              />
            ))}
          </ul>
        )}
      </div>
    </>
  );
}

function ConversationItem({
  conversation,
  tab,
  current,
}: {
  conversation: ConsoleConversation;
  tab: ConversationStatus;
  current: boolean;
}) {
  const { t } = useConsoleTranslation();
  const title = conversationTitle(conversation, t);
  const preview = conversation.lastMessage
    ? messagePreview(conversation.lastMessage, t)
    : t('inbox.noMessages');
  const fromStaff = conversation.lastMessage?.sender === 'other';

  return (
    <li data-conversation={conversation.id}>
      <Link
        to={`/console/chat/${conversation.id}${tab === 'resolved' ? '?tab=resolved' : ''}`}
        aria-current={current ? 'true' : undefined}
        className={`flex gap-3 px-4 py-3 hover:bg-white/5 ${current ? 'bg-ink-700/70' : ''}`}
      >
        <span
          className={`mt-0.5 inline-flex size-10 shrink-0 items-center justify-center rounded-full ${conversation.member ? 'bg-ink-600 text-gold-300' : 'bg-ink-700 text-mist-400'}`}
        >
          {conversation.member ? (
            <UserRound className="size-5" aria-hidden="true" />
          ) : (
            <UserRoundX className="size-5" aria-hidden="true" />
          )}
        </span>
        <span className="min-w-0 flex-1">
          <span className="flex items-baseline gap-2">
            <span
              className={`min-w-0 flex-1 truncate ${conversation.unread > 0 ? 'font-bold' : 'font-semibold'}`}
            >
              {title}
            </span>
            {conversation.lastMessageAt ? (
              <time
                dateTime={conversation.lastMessageAt}
                className={`shrink-0 text-xs tabular-nums ${conversation.unread > 0 ? 'text-gold-300' : 'text-mist-500'}`}
              >
                {listTime(conversation.lastMessageAt)}
              </time>
            ) : null}
          </span>
          {conversation.member ? (
            <span className="block truncate text-xs text-mist-500 tabular-nums">
              {conversation.member.username}
            </span>
          ) : null}
          <span className="mt-0.5 flex items-center gap-2">
            <span
              className={`min-w-0 flex-1 truncate text-sm ${conversation.unread > 0 ? 'text-snow' : 'text-mist-400'}`}
            >
              {fromStaff && conversation.lastMessage ? `${senderName(conversation.lastMessage, t)}: ` : ''}
              {preview}
            </span>
            {conversation.unread > 0 ? (
              <span
                data-testid="unread"
                aria-label={t('inbox.unread', { count: conversation.unread })}
                className="inline-flex h-5 min-w-5 shrink-0 items-center justify-center rounded-full bg-gold-400 px-1.5 text-xs font-bold text-ink-950 tabular-nums"
              >
                {conversation.unread > 99 ? '99+' : conversation.unread}
              </span>
            ) : null}
          </span>
          {conversation.waitingForStaff && conversation.status === 'open' ? (
            <span className="mt-1 inline-flex items-center gap-1 rounded-full bg-amber-400/15 px-2 py-0.5 text-xs font-medium text-amber-400">
              <Hourglass className="size-3" aria-hidden="true" />
              {t('inbox.waiting')}
            </span>
          ) : null}
        </span>
      </Link>
    </li>
  );
}
