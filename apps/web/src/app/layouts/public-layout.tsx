import { BookOpen, Headset, House, UserPlus } from 'lucide-react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import { BottomNav, BottomNavLink } from '../../components/bottom-nav';
import { AppHeader } from '../../components/app-header';
import { LanguageSwitcher } from '../../components/language-switcher';
import { ChatLauncher } from '../../features/chat/chat-launcher';
import { storage } from '../../lib/storage';

/** The logged-out shell: login, register, how-to and contact. */
export function PublicLayout() {
  const { t } = useTranslation();
  // Opening the logged-out shell ends whatever session was stored (spec section 4).
  useEffect(() => storage.clearSession(), []);

  return (
    // The bottom of the page scrolls clear of the menu (4rem), which holds the chat button too.
    <div className="min-h-dvh pb-[calc(5rem+env(safe-area-inset-bottom))]">
      <AppHeader home="/login">
        <LanguageSwitcher />
      </AppHeader>
      <main>
        <Outlet />
      </main>
      <BottomNav label={t('nav.label')}>
        <BottomNavLink to="/login" icon={House} text={t('nav.home')} />
        <BottomNavLink to="/register" icon={UserPlus} text={t('nav.register')} />
        <BottomNavLink to="/howto" icon={BookOpen} text={t('nav.howto')} />
        <BottomNavLink to="/contact" icon={Headset} text={t('nav.contact')} />
        <ChatLauncher />
      </BottomNav>
    </div>
  );
}
