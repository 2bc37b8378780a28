import { ChevronDown, Headset, MessagesSquare } from 'lucide-react';
import { useCallback, useEffect, useId, useMemo, useRef } from 'react';
import { Button } from '../../components/ui/button';
import { Spinner } from '../../components/ui/spinner';
import { ErrorAlert } from '../../components/ui/alert';
import { errorText } from '../../lib/i18n';
import { timeline } from './chat-state';
import { useChatTranslation } from './chat-texts';
import { Composer } from './composer';
import { MessageList } from './message-list';
import { PushToggle } from './push-toggle';
import { useChatRoom, type Connection } from './use-chat-room';

export interface ChatPanelProps {
  id: string;
  /** A signed-in member (the member shell); otherwise a guest. */
  member: boolean;
  open: boolean;
  onClose: () => void;
  /** Staff's and the bot's messages not read yet, for the launcher's badge. */
  onUnreadChange: (count: number) => void;
}

const DOT: Record<Connection, string> = {
  online: 'bg-mint-400',
  connecting: 'bg-amber-400',
  offline: 'bg-amber-400 animate-pulse',
};

/**
 * The chat panel (spec section 2): expands from the chat button with a turn, and collapses back
 * into it; stays mounted while closed so the room stays live and the badge counts what arrives.
 */
export default function ChatPanel({ id, member, open, onClose, onUnreadChange }: ChatPanelProps) {
  const { t } = useChatTranslation();
  const titleId = useId();
  const chat = useChatRoom({ member, open });
  const rows = useMemo(() => timeline(chat.state), [chat.state]);
  const panel = useRef<HTMLElement>(null);
  const { loadOlder: pageIn } = chat;
  const loadOlder = useCallback(() => void pageIn(), [pageIn]);

  useEffect(() => onUnreadChange(chat.unread), [chat.unread, onUnreadChange]);
  useEffect(() => {
    if (open) panel.current?.focus({ preventScroll: true });
  }, [open]);

  const status =
    chat.phase.name !== 'ready' || chat.connection === 'connecting'
      ? t('panel.connecting')
      : chat.connection === 'offline'
        ? t('panel.offline')
        : t('panel.online');

  return (
    <section
      ref={panel}
      id={id}
      role="dialog"
      aria-modal="false"
      aria-labelledby={titleId}
      tabIndex={-1}
      inert={!open}
      onKeyDown={(event) => {
        if (event.key === 'Escape') onClose();
      }}
      data-open={open}
      className={`fixed inset-x-2 top-[max(env(safe-area-inset-top),0.5rem)] bottom-[max(env(safe-area-inset-bottom),0.5rem)] z-50 flex origin-bottom-right flex-col overflow-hidden rounded-3xl border border-white/10 bg-ink-950 shadow-[0_24px_60px_-12px_rgb(0_0_0/0.8)] transition-[opacity,scale,rotate,visibility] duration-300 ease-out outline-none sm:top-auto sm:right-4 sm:bottom-4 sm:left-auto sm:h-[min(42rem,calc(100dvh-2rem))] sm:w-[24rem] ${
        open
          ? 'visible scale-100 rotate-0 opacity-100 starting:scale-50 starting:rotate-12 starting:opacity-0'
          : 'pointer-events-none invisible scale-50 rotate-12 opacity-0'
      }`}
    >
      <div className="flex items-center gap-3 border-b border-white/5 bg-ink-800 px-3 py-2.5">
        <span className="gold-gradient inline-flex size-10 shrink-0 items-center justify-center rounded-full text-ink-950">
          <Headset className="size-5" aria-hidden="true" />
        </span>
        <div className="min-w-0 flex-1">
          <h2 id={titleId} className="text-base leading-snug font-semibold">
            {t('panel.title')}
          </h2>
          <p className="flex items-center gap-1.5 text-xs leading-snug text-mist-400" aria-live="polite">
            <span className={`size-2 shrink-0 rounded-full ${DOT[chat.connection]}`} aria-hidden="true" />
            {status}
          </p>
        </div>
        <button
          type="button"
          onClick={onClose}
          aria-label={t('panel.close')}
          title={t('panel.close')}
          className="inline-flex size-11 shrink-0 items-center justify-center rounded-full text-mist-300 hover:bg-white/5 hover:text-snow"
        >
          <ChevronDown className="size-6" aria-hidden="true" />
        </button>
      </div>
      {chat.caller ? <PushToggle caller={chat.caller} /> : null}

      {chat.phase.name === 'loading' ? (
        <div className="flex flex-1 flex-col items-center justify-center gap-3 text-sm text-mist-400">
          <Spinner className="size-6 text-gold-300" />
          {t('panel.loading')}
        </div>
      ) : chat.phase.name === 'error' ? (
        <div className="flex flex-1 flex-col justify-center gap-3 px-4">
          <ErrorAlert>
            {t('panel.loadFailed')} {errorText(chat.phase.code)}
          </ErrorAlert>
          <Button variant="secondary" onClick={chat.reload}>
            {t('panel.retry')}
          </Button>
        </div>
      ) : rows.length === 0 ? (
        <div className="flex flex-1 flex-col items-center justify-center gap-2 px-8 text-center">
          <span className="mb-2 inline-flex size-16 items-center justify-center rounded-full bg-ink-800 text-gold-300">
            <MessagesSquare className="size-8" aria-hidden="true" />
          </span>
          <p className="text-lg leading-snug font-semibold">{t('panel.welcomeTitle')}</p>
          <p className="text-sm text-mist-400">{t('panel.welcomeText')}</p>
        </div>
      ) : (
        <MessageList
          rows={rows}
          room={chat.state.room}
          hasMore={chat.state.hasMore}
          loadingOlder={chat.loadingOlder}
          onLoadOlder={loadOlder}
          onPostback={chat.sendPostback}
          onRetry={chat.retry}
        />
      )}

      <Composer
        disabled={chat.phase.name !== 'ready'}
        onSendText={chat.sendText}
        onSendFile={chat.sendFile}
      />
    </section>
  );
}
