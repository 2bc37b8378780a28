import { lazy, Suspense } from 'react';
import { useLookup } from '../../lib/lookups';

// NOTE: the shells load this file with the first page, so it holds nothing but the switch: the
// button with its texts and unread count is a chunk of its own (the login page's budget,
// scripts/check-login-budget.mjs), and the panel with socket.io another, fetched on first open.
const ChatButton = lazy(() => import('./chat-button'));

/**
 * The support chat of both shells (spec section 2), when the server enables it (`enableChatWidget`):
 * its button has a place of its own at the end of the bottom menu, inside the menu's height, so it
 * covers nothing on any screen at any scroll (decision 072). Rendered as one of the menu's items.
 */
export function ChatLauncher({ member = false }: { member?: boolean }) {
  const enabled = useLookup('enableChatWidget').data?.enableChatWidget === true;
  if (!enabled) return null;
  return (
    // The place is kept while the button's chunk comes: the menu's items do not move twice.
    <li className="flex w-14 shrink-0 items-center justify-center" data-chat-dock>
      <Suspense fallback={<span className="size-11" aria-hidden="true" />}>
        <ChatButton member={member} />
      </Suspense>
    </li>
  );
}
