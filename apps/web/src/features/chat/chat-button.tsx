import { useQuery } from '@tanstack/react-query';
import { MessageCircle } from 'lucide-react';
import { lazy, Suspense, useCallback, useId, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { ChatUnreadResponse } from '@wallet/contract/http/chat';
import { Spinner } from '../../components/ui/spinner';
import { apiRequest, errorCodeOf } from '../../lib/api-client';
import { storage } from '../../lib/storage';
import { claimGuestConversation } from './guest-claim';
import { useChatTranslation } from './chat-texts';
import { queryKeys } from '../../lib/query-keys';

// NOTE: this button, the chat texts and the contract's chat schemas come as one chunk once the
// server enables the widget (chat-launcher.tsx); the panel and socket.io come on the first tap.
const loadPanel = () => import('./chat-panel');
const ChatPanel = lazy(loadPanel);

/** What staff wrote that the member or guest has not read, at this visit (the button's badge). */
async function fetchUnread(member: boolean): Promise<number> {
  if (member) await claimGuestConversation();
  const guestId = member ? undefined : storage.getGuestId();
  // A visitor who never opened the chat has no room yet.
  if (!member && !guestId) return 0;
  try {
    const answer = await apiRequest('/api/chat/unread', {
      method: 'POST',
      body: guestId ? { guestId } : {},
      schema: ChatUnreadResponse,
    });
    return answer.unread;
  } catch (error) {
    // A guest id the server no longer takes has nothing unread; the panel asks for a new one.
    if (guestId && errorCodeOf(error) === 'CHAT_GUEST_INVALID') {
      storage.clearGuestId();
      return 0;
    }
    throw error;
  }
}

const askedByLink = () => new URLSearchParams(window.location.search).get('chat') === '1';

/**
 * The chat button (in the bottom menu), with the count of unread answers (a member who was away when staff
 * answered sees it at the next visit); the first tap loads the panel.
 */
export default function ChatButton({ member }: { member: boolean }) {
  const { t } = useChatTranslation();
  const panelId = useId();
  // A tapped web push notice opens the page with ?chat=1: the panel opens with it.
  const [open, setOpen] = useState(askedByLink);
  const [loaded, setLoaded] = useState(askedByLink);
  const [liveUnread, setLiveUnread] = useState<number | null>(null);
  const button = useRef<HTMLButtonElement>(null);
  const unread = useQuery({
    queryKey: queryKeys.chat.unread(member),
    queryFn: () => fetchUnread(member),
    staleTime: 30_000,
    // Forgotten when the shell goes (sign-out): the next one in this tab never sees this count.
    gcTime: 0,
    // Until the panel holds the live room, answers that come during the visit show within a minute.
    refetchInterval: loaded ? false : 60_000,
  });
  const close = useCallback(() => {
    setOpen(false);
    button.current?.focus({ preventScroll: true });
  }, []);

  // Once the panel holds the room, its count is the live one.
  const count = liveUnread ?? unread.data ?? 0;
  const label = count > 0 ? `${t('launcher.open')}, ${t('launcher.unread', { count })}` : t('launcher.open');

  return (
    <>
      {/* In the bottom menu, not floating over the page (decision 072). */}
      <button
        ref={button}
        type="button"
        aria-label={label}
        aria-expanded={open}
        aria-controls={loaded ? panelId : undefined}
        tabIndex={open ? -1 : undefined}
        onPointerEnter={() => void loadPanel()}
        onFocus={() => void loadPanel()}
        onClick={() => {
          setLoaded(true);
          setOpen(true);
        }}
        data-chat-launcher
        className={`gold-gradient relative inline-flex size-11 items-center justify-center rounded-full text-ink-950 shadow-[0_6px_16px_-6px_rgb(232_165_36/0.65)] transition-[scale,rotate,opacity] duration-300 ease-out active:scale-95 ${
          open ? 'scale-50 rotate-90 opacity-0' : ''
        }`}
      >
        <MessageCircle className="size-6" aria-hidden="true" />
        {count > 0 ? (
          <span
            aria-hidden="true"
            className="absolute -top-1 -right-1 inline-flex h-5 min-w-5 items-center justify-center rounded-full bg-rose-700 px-1 text-[11px] leading-none font-bold text-white ring-2 ring-ink-950"
            data-chat-badge
          >
            {count > 99 ? '99+' : count}
          </span>
        ) : null}
      </button>
      {/* NOTE: the panel goes to the body: the menu's backdrop blur would make it the box of the
          panel's fixed position, and a dialog inside the menu's landmark reads wrong. */}
      {loaded
        ? createPortal(
            <Suspense
              fallback={
                <div className="fixed inset-0 z-50 flex items-center justify-center" aria-busy="true">
                  <Spinner className="size-8 text-gold-300" />
                </div>
              }
            >
              <ChatPanel
                id={panelId}
                member={member}
                open={open}
                onClose={close}
                onUnreadChange={setLiveUnread}
              />
            </Suspense>,
            document.body,
          )
        : null}
    </>
  );
}
