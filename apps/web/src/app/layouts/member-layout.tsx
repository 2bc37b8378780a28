import { Headset, House, LogOut, ReceiptText, ScrollText, UserRound } from 'lucide-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, Outlet, useNavigate } from 'react-router';
import { BottomNav, BottomNavButton, BottomNavHome, BottomNavLink } from '../../components/bottom-nav';
import { AppHeader } from '../../components/app-header';
import { LanguageSwitcher } from '../../components/language-switcher';
import { ChatLauncher } from '../../features/chat/chat-launcher';
import { ConditionsDialog } from '../../features/conditions/conditions-dialog';
import { RealityCheck } from '../../features/limits/reality-check';
import { OkResponse } from '@wallet/contract/http/account';
import { apiRequest } from '../../lib/api-client';
import { forgetMemberData } from '../../lib/member-data';
// The play limits' refusals may meet a member on any screen of the signed-in shell.
import '../../lib/signed-in-error-texts';
import { storage } from '../../lib/storage';

/** The signed-in shell: header with language and logout, and the member menu. */
export function MemberLayout() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [conditionsOpen, setConditionsOpen] = useState(false);

  // The /user area needs a stored token (spec section 6); the server checks it is still valid.
  if (!storage.getToken()) return <Navigate to="/login" replace />;

  async function logout() {
    // Revoke on the server first; the member leaves even if the server cannot be reached.
    await apiRequest('/api/logout', { method: 'POST', body: {}, schema: OkResponse }).catch(() => undefined);
    storage.clearToken();
    forgetMemberData(queryClient);
    void navigate('/login', { replace: true });
  }

  return (
    // The bottom of the page scrolls clear of the menu (4rem), which holds the chat button too.
    <div className="min-h-dvh pb-[calc(5rem+env(safe-area-inset-bottom))]">
      <AppHeader home="/user/home">
        <LanguageSwitcher />
        <button
          type="button"
          onClick={() => void logout()}
          aria-label={t('nav.logout')}
          className="inline-flex size-11 items-center justify-center rounded-full text-mist-400 hover:bg-white/5 hover:text-snow"
        >
          <LogOut className="size-5" aria-hidden="true" />
        </button>
      </AppHeader>
      <main>
        <Outlet />
      </main>
      <BottomNav label={t('nav.label')}>
        <BottomNavLink to="/user/profile" icon={UserRound} text={t('nav.profile')} />
        <BottomNavButton
          onClick={() => setConditionsOpen(true)}
          icon={ScrollText}
          text={t('nav.conditions')}
          pressed={conditionsOpen}
        />
        <BottomNavHome to="/user/home" icon={House} text={t('nav.home')} />
        <BottomNavLink to="/user/statement" icon={ReceiptText} text={t('nav.statement')} />
        <BottomNavLink to="/user/contact" icon={Headset} text={t('nav.contact')} />
        <ChatLauncher member />
      </BottomNav>
      <ConditionsDialog open={conditionsOpen} onClose={() => setConditionsOpen(false)} />
      <RealityCheck />
    </div>
  );
}
