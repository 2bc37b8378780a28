import { ArrowDown } from 'lucide-react';
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { CHAT_LIMITS, type ChatRoomState } from '@wallet/contract/http/chat';
import { Spinner } from '../../components/ui/spinner';
import { formatDate } from '../../lib/format';
import type { TimelineRow } from './chat-state';
import { useChatTranslation } from './chat-texts';
import type { OnPostback } from './message-content';
import { PendingRow, StoredMessage } from './message-row';

/** Scrolled up to here, the next older page is asked for. */
const TOP_PX = 8;

const distanceFromBottom = (el: HTMLElement) => el.scrollHeight - el.scrollTop - el.clientHeight;

function DayLine({ date }: { date: string }) {
  const { t } = useChatTranslation();
  const day = formatDate(date);
  const now = new Date();
  const yesterday = new Date(now.getFullYear(), now.getMonth(), now.getDate() - 1).toISOString();
  const label =
    day === formatDate(now.toISOString())
      ? t('panel.today')
      : day === formatDate(yesterday)
        ? t('panel.yesterday')
        : day;
  return (
    <li className="flex justify-center py-1" aria-hidden="true">
      <span className="rounded-full bg-ink-800 px-3 py-0.5 text-[11px] text-mist-400">{label}</span>
    </li>
  );
}

function EndLine() {
  const { t } = useChatTranslation();
  return (
    <li className="flex items-center gap-3 py-1 text-xs font-medium text-mist-400" data-end-conversation>
      <span className="h-px flex-1 bg-white/10" aria-hidden="true" />
      <span className="max-w-[75%] text-center">{t('panel.endConversation')}</span>
      <span className="h-px flex-1 bg-white/10" aria-hidden="true" />
    </li>
  );
}

/**
 * The conversation, scrolled to its newest message (spec section 4): scrolled to the top it pages
 * in older messages and keeps what the member was reading in place; new messages that arrive
 * while the member reads further up (more than 60 px from the bottom) are counted in a banner
 * that takes them down.
 */
export function MessageList({
  rows,
  room,
  hasMore,
  loadingOlder,
  onLoadOlder,
  onPostback,
  onRetry,
}: {
  rows: TimelineRow[];
  room: ChatRoomState | null;
  hasMore: boolean;
  loadingOlder: boolean;
  onLoadOlder: () => void;
  onPostback: OnPostback;
  onRetry: (clientId: string) => void;
}) {
  const { t } = useChatTranslation();
  const scroller = useRef<HTMLDivElement>(null);
  const atBottom = useRef(true);
  /** The scroll height and position before an older page was asked for. */
  const anchor = useRef<{ height: number; top: number } | null>(null);
  /** The newest stored message and the number of pending ones at the last layout. */
  const seen = useRef<{ seq: number; pending: number } | null>(null);
  const [newCount, setNewCount] = useState(0);

  const toBottom = (smooth = false) => {
    const el = scroller.current;
    if (!el) return;
    if (smooth && typeof el.scrollTo === 'function')
      el.scrollTo({ top: el.scrollHeight, behavior: 'smooth' });
    else el.scrollTop = el.scrollHeight;
    atBottom.current = true;
  };

  const stored = rows.filter((row) => row.kind === 'message');
  const newestSeq = stored.at(-1)?.message.seq ?? 0;
  const pendingCount = rows.filter((row) => row.kind === 'pending').length;
  const firstKey = rows[0]?.key;

  useLayoutEffect(() => {
    const el = scroller.current;
    if (!el) return;
    // An older page came in above: keep the rows the member was reading where they were.
    if (anchor.current) {
      el.scrollTop = el.scrollHeight - anchor.current.height + anchor.current.top;
      anchor.current = null;
    }
  }, [firstKey]);

  useLayoutEffect(() => {
    const before = seen.current;
    seen.current = { seq: newestSeq, pending: pendingCount };
    if (!before) {
      if (newestSeq > 0 || pendingCount > 0) toBottom();
      else seen.current = null;
      return;
    }
    if (pendingCount > before.pending) {
      // The member just sent something: show it.
      toBottom();
      setNewCount(0);
      return;
    }
    if (newestSeq <= before.seq) return;
    if (atBottom.current) {
      toBottom();
      return;
    }
    const arrived = stored.filter(
      (row) => row.message.seq > before.seq && row.message.sender === 'other',
    ).length;
    if (arrived > 0) setNewCount((count) => count + arrived);
    // `stored` is derived from rows; the numbers above say when it matters.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [newestSeq, pendingCount]);

  // A first page that does not fill the panel cannot be scrolled to its top: page in more.
  useLayoutEffect(() => {
    const el = scroller.current;
    if (!el || !hasMore || loadingOlder || rows.length === 0) return;
    if (el.clientHeight > 0 && el.scrollHeight <= el.clientHeight) {
      anchor.current = { height: el.scrollHeight, top: el.scrollTop };
      onLoadOlder();
    }
  }, [rows.length, hasMore, loadingOlder, onLoadOlder]);

  // While the member is at the bottom, the bottom stays in view when the content grows (photos,
  // cards, fonts) and when the window onto it shrinks (the push toggle comes in over the list after
  // its first layout, the keyboard opens).
  // NOTE: a shorter window keeps its scrollTop and fires no scroll event, so `atBottom` still says
  // where the member was; one who scrolled up to read is left there.
  const content = useRef<HTMLUListElement>(null);
  useEffect(() => {
    const el = scroller.current;
    const list = content.current;
    if (!el || !list || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => {
      if (atBottom.current) el.scrollTop = el.scrollHeight;
    });
    observer.observe(list);
    observer.observe(el);
    return () => observer.disconnect();
  }, []);

  function onScroll() {
    const el = scroller.current;
    if (!el) return;
    atBottom.current = distanceFromBottom(el) <= CHAT_LIMITS.atBottomPx;
    if (atBottom.current && newCount > 0) setNewCount(0);
    if (el.scrollTop <= TOP_PX && hasMore && !loadingOlder) {
      anchor.current = { height: el.scrollHeight, top: el.scrollTop };
      onLoadOlder();
    }
  }

  return (
    <div className="relative min-h-0 flex-1">
      <div
        ref={scroller}
        onScroll={onScroll}
        role="log"
        aria-label={t('panel.log')}
        className="h-full overflow-y-auto overscroll-contain px-3 pt-3 pb-4"
        data-chat-scroller
      >
        {loadingOlder ? (
          <p className="flex items-center justify-center gap-2 py-2 text-xs text-mist-400">
            <Spinner className="size-3.5" />
            {t('panel.loadingOlder')}
          </p>
        ) : !hasMore && rows.length > 0 ? (
          <p className="py-2 text-center text-[11px] text-mist-500">{t('panel.beginning')}</p>
        ) : null}
        <ul ref={content} className="flex flex-col gap-2.5">
          {rows.map((row) => {
            switch (row.kind) {
              case 'day':
                return <DayLine key={row.key} date={row.date} />;
              case 'end':
                return <EndLine key={row.key} />;
              case 'pending':
                return <PendingRow key={row.key} pending={row.pending} onRetry={onRetry} />;
              case 'message':
                return (
                  <StoredMessage
                    key={row.key}
                    message={row.message}
                    showName={row.showName}
                    answerable={row.answerable}
                    read={(room?.staffReadSeq ?? 0) >= row.message.seq}
                    onPostback={onPostback}
                  />
                );
            }
          })}
        </ul>
      </div>
      {newCount > 0 ? (
        <button
          type="button"
          onClick={() => {
            toBottom(true);
            setNewCount(0);
          }}
          className="absolute bottom-3 left-1/2 inline-flex min-h-10 max-w-[90%] -translate-x-1/2 items-center gap-1.5 rounded-full bg-snow px-4 py-1.5 text-sm font-semibold text-ink-950 shadow-lg"
          data-new-messages
        >
          <ArrowDown className="size-4 shrink-0" aria-hidden="true" />
          {t('panel.newMessages', { count: newCount })}
        </button>
      ) : null}
    </div>
  );
}
