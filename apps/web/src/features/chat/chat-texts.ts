import { useTranslation } from 'react-i18next';
import enChat from '../../locales/en/chat.json';
import loChat from '../../locales/lo/chat.json';
import thChat from '../../locales/th/chat.json';
import i18next from '../../lib/i18n';

/**
 * The chat panel's texts, in a namespace that comes with the panel's chunk on the first open,
 * never in /login's first download (scripts/check-login-budget.mjs). The launcher registers only
 * its own few keys (launcher-texts.ts); these are merged over them.
 */
export const chatTexts = { th: thChat, lo: loChat, en: enChat } as const;

for (const [locale, texts] of Object.entries(chatTexts)) {
  i18next.addResourceBundle(locale, 'chat', texts, true, true);
}

export function useChatTranslation() {
  return useTranslation('chat');
}
