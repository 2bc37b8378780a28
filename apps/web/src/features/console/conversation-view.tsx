import { AlertCircle, ArrowLeft, Bot, CheckCheck, IdCard, RotateCw } from 'lucide-react';
import { Fragment, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { CHAT_LIMITS, type ChatMessage } from '@wallet/contract/http/chat';
import type { ConsoleConversation } from '@wallet/contract/http/console';
import { ErrorAlert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { Dialog } from '../../components/ui/dialog';
import { Loading } from '../../components/ui/loading';
import { Spinner } from '../../components/ui/spinner';
import { useToast } from '../../components/ui/toast';
import { errorCodeOf } from '../../lib/api-client';
import { errorText } from '../../lib/i18n';
import { Composer } from './composer';
import { useStaffCan } from './console-api';
import { useConsoleTranslation } from './console-texts';
import { conversationTitle, messageTime, senderName } from './conversation-label';
import {
  useConversationMessages,
  useMarkRead,
  useResolveConversation,
  type ConversationStatus,
} from './inbox-api';
import { MemberPanel } from './member-panel';
import { MessageBody } from './message-body';
import { useStaffSend, type PendingMessage } from './use-staff-send';

/** A conversation: its messages (older ones on demand at the top), the answer box, resolve. */
export function ConversationView({
  conversation,
  tab,
}: {
  conversation: ConsoleConversation;
  tab: ConversationStatus;
}) {
  const { t } = useConsoleTranslation();
  const toast = useToast();
  const messages = useConversationMessages(conversation.id);
  const markRead = useMarkRead(conversation.id);
  const sending = useStaffSend(conversation);
  const [confirming, setConfirming] = useState(false);
  const resolving = useResolveConversation(conversation.id);
  const [memberOpen, setMemberOpen] = useState(false);
  const answers = useStaffCan('chat.answer');
  const seesMembers = useStaffCan('members.read');
  const room = messages.room ?? conversation.room;
  const title = conversationTitle(conversation, t);
  const held = messages.messages;

  // Read about a second after the member's newest message is on screen (spec section 4's delay).
  const lastFromMember = held.findLast((message) => message.sender === 'customer')?.seq ?? 0;
  useEffect(() => {
    // Read marks are an answerer's: a role that only reads leaves the unread count to them.
    if (!answers || lastFromMember <= room.staffReadSeq) return;
    const timer = setTimeout(
      () => void markRead(lastFromMember).catch(() => undefined),
      CHAT_LIMITS.markReadDelayMs,
    );
    return () => clearTimeout(timer);
  }, [answers, lastFromMember, room.staffReadSeq, markRead]);

  async function resolve() {
    try {
      await resolving.mutateAsync();
      setConfirming(false);
      toast.show('success', t('conversation.resolvedDone'), { after: 'close' });
    } catch (error) {
      toast.show('error', errorText(errorCodeOf(error)), { after: 'close' });
    }
  }

  return (
    <div className="flex h-full min-h-0 flex-col">
      <header className="flex shrink-0 items-center gap-2 border-b border-white/5 px-2 py-2 sm:px-3">
        <Link
          to={tab === 'resolved' ? '/console/chat?tab=resolved' : '/console/chat'}
          aria-label={t('conversation.back')}
          className="inline-flex size-11 shrink-0 items-center justify-center rounded-full text-mist-300 hover:bg-white/5 md:hidden"
        >
          <ArrowLeft className="size-5" aria-hidden="true" />
        </Link>
        <div className="min-w-0 flex-1 pl-1">
          <h2 className="truncate font-bold">{title}</h2>
          <p className="truncate text-xs text-mist-400 tabular-nums">
            {conversation.member ? conversation.member.username : t('conversation.guestNote')}
            {conversation.status === 'resolved' ? ` · ${t('inbox.tabs.resolved')}` : ''}
          </p>
        </div>
        {conversation.member && seesMembers ? (
          <button
            type="button"
            onClick={() => setMemberOpen(true)}
            aria-label={t('conversation.memberPanel')}
            className="inline-flex size-11 shrink-0 items-center justify-center rounded-full text-mist-300 hover:bg-white/5 xl:hidden"
          >
            <IdCard className="size-5" aria-hidden="true" />
          </button>
        ) : null}
        {conversation.status === 'open' && answers ? (
          <Button
            variant="secondary"
            className="px-3 text-sm"
            onClick={() => setConfirming(true)}
            icon={<CheckCheck className="size-4" aria-hidden="true" />}
          >
            {t('conversation.resolve')}
          </Button>
        ) : null}
      </header>

      <MessageList
        messages={held}
        pending={sending.pending}
        previews={sending.previews}
        currentSession={room.sessionId}
        loading={messages.isPending}
        error={messages.isError ? errorCodeOf(messages.error) : null}
        onReload={() => void messages.refetch()}
        hasOlder={messages.hasNextPage}
        loadingOlder={messages.isFetchingNextPage}
        onLoadOlder={() => void messages.fetchNextPage()}
        onRetry={sending.retry}
      />

      {answers ? (
        <Composer onSend={sending.send} onFile={sending.sendFile} />
      ) : (
        <p className="shrink-0 border-t border-white/5 px-4 py-3 text-sm text-mist-400">
          {t('conversation.readOnly')}
        </p>
      )}

      <ConfirmDialog
        open={confirming}
        onClose={() => setConfirming(false)}
        title={t('conversation.resolveTitle')}
        confirmLabel={t('conversation.resolveConfirm')}
        pending={resolving.isPending}
        onConfirm={() => void resolve()}
        cancelLabel={t('action.cancel')}
      >
        <p className="text-mist-300">{t('conversation.resolveText', { name: title })}</p>
      </ConfirmDialog>
      {conversation.member && seesMembers ? (
        <Dialog open={memberOpen} onClose={() => setMemberOpen(false)} title={t('member.title')}>
          {/* Only while open: the desktop's column shows the same panel. */}
          {memberOpen ? (
            <div className="-mx-5 -my-4">
              <MemberPanel conversation={conversation} />
            </div>
          ) : null}
        </Dialog>
      ) : null}
    </div>
  );
}

/** How close to the bottom (px) counts as reading the newest messages. */
const NEAR_BOTTOM_PX = CHAT_LIMITS.atBottomPx;

function MessageList({
  messages,
  pending,
  previews,
  currentSession,
  loading,
  error,
  onReload,
  hasOlder,
  loadingOlder,
  onLoadOlder,
  onRetry,
}: {
  messages: ChatMessage[];
  pending: PendingMessage[];
  previews: Record<string, string>;
  currentSession: number;
  loading: boolean;
  error: string | null;
  onReload: () => void;
  hasOlder: boolean;
  loadingOlder: boolean;
  onLoadOlder: () => void;
  onRetry: (clientId: string) => void;
}) {
  const { t } = useConsoleTranslation();
  const scroller = useRef<HTMLDivElement>(null);
  const nearBottom = useRef(true);
  const before = useRef<{ firstSeq: number; height: number } | null>(null);
  const stored = new Set(messages.map((message) => message.clientId));
  const waiting = pending.filter((item) => !stored.has(item.clientId));
  const firstSeq = messages[0]?.seq ?? 0;
  const lastKey = `${messages.at(-1)?.seq ?? 0}:${waiting.length}`;

  // Older messages went in above: the ones being read stay where they were.
  useLayoutEffect(() => {
    const element = scroller.current;
    const saved = before.current;
    if (!element || !saved || firstSeq >= saved.firstSeq) return;
    element.scrollTop += element.scrollHeight - saved.height;
    before.current = null;
  }, [firstSeq]);

  // New messages at the bottom: followed when the reader was at the bottom (and at the start).
  useLayoutEffect(() => {
    const element = scroller.current;
    if (element && nearBottom.current) element.scrollTop = element.scrollHeight;
  }, [lastKey]);

  // Pictures that finish loading grow the list after it was scrolled: the bottom stays in view.
  const content = useRef<HTMLOListElement>(null);
  useEffect(() => {
    const element = scroller.current;
    if (!content.current || !element || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => {
      if (nearBottom.current) element.scrollTop = element.scrollHeight;
    });
    observer.observe(content.current);
    return () => observer.disconnect();
  }, [loading]);

  function loadOlder() {
    const element = scroller.current;
    if (element) before.current = { firstSeq, height: element.scrollHeight };
    onLoadOlder();
  }

  return (
    <div
      ref={scroller}
      onScroll={(event) => {
        const element = event.currentTarget;
        nearBottom.current =
          element.scrollHeight - element.scrollTop - element.clientHeight <= NEAR_BOTTOM_PX;
      }}
      className="min-h-0 flex-1 overflow-y-auto px-3 py-3 sm:px-5"
    >
      {loading ? (
        <Loading />
      ) : error ? (
        <ErrorAlert
          action={
            <Button variant="secondary" onClick={onReload}>
              {t('action.retry')}
            </Button>
          }
        >
          {errorText(error)}
        </ErrorAlert>
      ) : (
        <>
          <div className="mb-3 flex justify-center">
            {hasOlder ? (
              <Button variant="ghost" className="text-sm" loading={loadingOlder} onClick={loadOlder}>
                {t('conversation.loadOlder')}
              </Button>
            ) : (
              <p className="text-xs text-mist-500">{t('conversation.start')}</p>
            )}
          </div>
          <ol ref={content} aria-label={t('conversation.messages')} className="space-y-2">
            {messages.map((message, index) => {
              const previous = messages[index - 1];
              return (
                <Fragment key={message.seq}>
                  {previous && previous.session_id !== message.session_id ? <EndMarker /> : null}
                  <MessageItem message={message} preview={previews[message.clientId]} />
                </Fragment>
              );
            })}
            {/* Resolved since its last message: the next message starts a new session. */}
            {messages.length > 0 && messages.at(-1)!.session_id < currentSession ? <EndMarker /> : null}
            {waiting.map((item) => (
              <PendingItem
                key={item.clientId}
                item={item}
                preview={previews[item.clientId]}
                onRetry={onRetry}
              />
            ))}
          </ol>
          {messages.length === 0 && waiting.length === 0 ? (
            <p className="py-6 text-center text-mist-400">{t('inbox.noMessages')}</p>
          ) : null}
        </>
      )}
    </div>
  );
}

/** The spec's "End Conversation" marker between two session ids. */
function EndMarker() {
  const { t } = useConsoleTranslation();
  return (
    <li data-testid="end-marker" className="flex items-center gap-3 py-2 text-xs text-mist-500">
      <span className="h-px flex-1 bg-white/10" aria-hidden="true" />
      {t('conversation.endMarker')}
      <span className="h-px flex-1 bg-white/10" aria-hidden="true" />
    </li>
  );
}

function MessageItem({ message, preview }: { message: ChatMessage; preview?: string | undefined }) {
  const { t } = useConsoleTranslation();
  const ours = message.sender === 'other';
  return (
    <li data-seq={message.seq} className={`flex flex-col ${ours ? 'items-end' : 'items-start'}`}>
      <div
        className={`max-w-[min(85%,34rem)] rounded-2xl px-3.5 py-2 text-[15px] ${
          ours
            ? message.bot
              ? 'rounded-br-md bg-ink-600 text-snow'
              : 'rounded-br-md bg-gold-400/20 text-snow'
            : 'rounded-bl-md bg-ink-700 text-snow'
        }`}
      >
        <MessageBody body={message.message} preview={preview} />
      </div>
      <p className="mt-0.5 flex items-center gap-1 px-1 text-xs text-mist-500">
        {message.bot ? <Bot className="size-3.5" aria-label={t('message.bot')} /> : null}
        <span>{senderName(message, t)}</span>
        <span aria-hidden="true">·</span>
        <time dateTime={message.createdAt} className="tabular-nums">
          {messageTime(message.createdAt)}
        </time>
      </p>
    </li>
  );
}

function PendingItem({
  item,
  preview,
  onRetry,
}: {
  item: PendingMessage;
  preview?: string | undefined;
  onRetry: (clientId: string) => void;
}) {
  const { t } = useConsoleTranslation();
  const percent = Math.round((item.progress ?? 0) * 100);
  return (
    <li data-pending={item.state} className="flex flex-col items-end">
      <div className="max-w-[min(85%,34rem)] rounded-2xl rounded-br-md bg-gold-400/10 px-3.5 py-2 text-[15px] text-snow">
        {item.body ? (
          <MessageBody body={item.body} preview={preview} />
        ) : preview && item.file?.kind === 'image' ? (
          <img src={preview} alt="" className="max-h-72 max-w-full rounded-lg object-contain opacity-70" />
        ) : (
          <p>{item.file?.file.name}</p>
        )}
        {item.state === 'uploading' ? (
          <div className="mt-2">
            <div
              role="progressbar"
              aria-label={t('composer.uploading')}
              aria-valuemin={0}
              aria-valuemax={100}
              aria-valuenow={percent}
              className="h-1.5 overflow-hidden rounded-full bg-white/10"
            >
              <div className="h-full bg-gold-400 transition-[width]" style={{ width: `${percent}%` }} />
            </div>
            <p className="mt-1 text-xs text-mist-400 tabular-nums">
              {t('composer.uploadingPercent', { percent })}
            </p>
          </div>
        ) : null}
      </div>
      {item.state === 'failed' ? (
        <p className="mt-0.5 flex items-center gap-1 px-1 text-xs text-rose-400">
          <AlertCircle className="size-3.5" aria-hidden="true" />
          {t('conversation.failed')}
          <button
            type="button"
            onClick={() => onRetry(item.clientId)}
            className="-my-3 inline-flex min-h-11 items-center gap-1 px-1 font-semibold text-gold-300"
          >
            <RotateCw className="size-3.5" aria-hidden="true" />
            {t('conversation.resend')}
          </button>
        </p>
      ) : item.state === 'sending' ? (
        <p className="mt-0.5 flex items-center gap-1 px-1 text-xs text-mist-500">
          <Spinner className="size-3" />
          {t('conversation.sending')}
        </p>
      ) : null}
    </li>
  );
}
