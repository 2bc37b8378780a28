import { MessagesSquare } from 'lucide-react';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { useStaffCan } from './console-api';
import { useConsoleTranslation } from './console-texts';
import { ConversationList } from './conversation-list';
import { ConversationView } from './conversation-view';
import { useConversation, useConversations, type ConversationStatus } from './inbox-api';
import { useInboxSocket } from './inbox-socket';
import { MemberPanel } from './member-panel';

/** A positive whole number from the path, or null. */
function idOf(value: string | undefined): number | null {
  const id = Number(value);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

/**
 * The chat inbox (/console/chat, /console/chat/:conversationId). On a wide screen the list, the
 * conversation and the member's money side by side; on a phone the list, then the conversation
 * full screen (back returns to the list) with the member's money in a sheet.
 */
export function InboxPage() {
  const { t } = useConsoleTranslation();
  const selected = idOf(useParams().conversationId);
  const [search] = useSearchParams();
  const tab: ConversationStatus = search.get('tab') === 'resolved' ? 'resolved' : 'open';
  const navigate = useNavigate();
  const connected = useInboxSocket(selected, (into) => {
    void navigate(`/console/chat/${into}${tab === 'resolved' ? '?tab=resolved' : ''}`, { replace: true });
  });
  const list = useConversations(tab);
  const inTab = list.data?.find((conversation) => conversation.id === selected);
  // One resolved meanwhile stays on screen; one opened from a link may be in neither list.
  const single = useConversation(selected, list.isSuccess && !inTab);
  const conversation = inTab ?? single.data;
  // The member column is for roles that may read members; the others get the room it took.
  const seesMembers = useStaffCan('members.read');

  return (
    <div
      className={`grid h-full min-h-0 grid-cols-[minmax(0,1fr)] md:grid-cols-[20rem_minmax(0,1fr)] ${seesMembers ? 'xl:grid-cols-[21rem_minmax(0,1fr)_20rem]' : 'xl:grid-cols-[21rem_minmax(0,1fr)]'}`}
    >
      <aside
        aria-label={t('inbox.title')}
        className={`${selected === null ? 'flex' : 'hidden md:flex'} min-h-0 flex-col border-white/5 md:border-r`}
      >
        <ConversationList tab={tab} selected={selected} connected={connected} />
      </aside>
      <section
        aria-label={t('conversation.label')}
        className={`${selected === null ? 'hidden md:flex' : 'flex'} min-h-0 flex-col bg-ink-950`}
      >
        {conversation ? (
          <ConversationView key={conversation.id} conversation={conversation} tab={tab} />
        ) : (
          <div className="flex flex-1 flex-col items-center justify-center gap-3 px-6 text-center text-mist-400">
            <MessagesSquare className="size-10 text-mist-500" aria-hidden="true" />
            {selected !== null && (single.isPending || single.isFetching) ? null : (
              <p>{single.isError ? t('inbox.notFound') : t('inbox.choose')}</p>
            )}
          </div>
        )}
      </section>
      {seesMembers ? (
        <aside
          aria-label={t('member.title')}
          className="hidden min-h-0 flex-col overflow-y-auto border-l border-white/5 bg-ink-900/60 xl:flex"
        >
          {conversation ? (
            <MemberPanel key={conversation.id} conversation={conversation} />
          ) : (
            <p className="px-6 py-10 text-center text-sm text-mist-500">{t('member.choose')}</p>
          )}
        </aside>
      ) : null}
    </div>
  );
}
