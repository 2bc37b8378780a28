import { lazy, Suspense } from 'react';
import { useLookup } from '../../lib/lookups';

// NOTE: the shells load this file with the first page, so it holds nothing but the switch: the
// button with its texts and unread count is a chunk of its own (the login page's budget,
// scripts/check-login-budget.mjs), and the panel with socket.io another, fetched on first open.
const ChatButton = lazy(() => import('./chat-button'));

/** The support chat of both shells (spec section 2), when the server enables it (`enableChatWidget`). */
export function ChatLauncher({ member = false }: { member?: boolean }) {
  const enabled = useLookup('enableChatWidget').data?.enableChatWidget === true;
  if (!enabled) return null;
  return (
    <>
      {/* Room at the end of the page, so its last lines scroll clear of the floating button. */}
      <div aria-hidden="true" className="h-16" data-chat-spacer />
      <Suspense fallback={null}>
        <ChatButton member={member} />
      </Suspense>
    </>
  );
}
