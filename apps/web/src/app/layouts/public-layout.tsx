import { BookOpen, Headset, House, UserPlus } from 'lucide-react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import { BottomNav, BottomNavLink } from '../../components/bottom-nav';
import { Brand } from '../../components/brand';
import { LanguageSwitcher } from '../../components/language-switcher';
import { storage } from '../../lib/storage';

/** The logged-out shell: login, register, how-to and contact. */
export function PublicLayout() {
  const { t } = useTranslation();
  // Opening the logged-out shell ends whatever session was stored (spec section 4).
  useEffect(() => storage.clearSession(), []);

  return (
    <div className="min-h-dvh pb-[calc(5rem+env(safe-area-inset-bottom))]">
      <header className="sticky top-0 z-30 border-b border-white/5 bg-ink-950/90 pt-[env(safe-area-inset-top)] backdrop-blur">
        <div className="mx-auto flex h-16 max-w-md items-center justify-between gap-3 px-4">
          <Brand to="/login" />
          <LanguageSwitcher />
        </div>
      </header>
      <main>
        <Outlet />
      </main>
      <BottomNav label={t('nav.label')}>
        <BottomNavLink to="/login" icon={House} text={t('nav.home')} />
        <BottomNavLink to="/register" icon={UserPlus} text={t('nav.register')} />
        <BottomNavLink to="/howto" icon={BookOpen} text={t('nav.howto')} />
        <BottomNavLink to="/contact" icon={Headset} text={t('nav.contact')} />
      </BottomNav>
    </div>
  );
}
