import { Banknote, LogOut, MessagesSquare, Scale, ShieldCheck } from 'lucide-react';
import { useQueryClient } from '@tanstack/react-query';
import { Navigate, NavLink, Outlet, useNavigate } from 'react-router';
import { LanguageSwitcher } from '../../components/language-switcher';
import { storage } from '../../lib/storage';
import type { Permission } from '@wallet/contract/staff-roles';
import { staffLogout, useStaffProfile } from './console-api';
import { useConsoleTranslation } from './console-texts';
import { queryKeys } from '../../lib/query-keys';

/**
 * The console's sections, in the top bar: icons alone on a phone, with their names from 640 px. A
 * section with a `permission` is shown only to roles that carry it (the server checks anyway).
 */
const SECTIONS: readonly {
  path: string;
  label: string;
  icon: typeof MessagesSquare;
  permission?: Permission;
}[] = [
  { path: '/console/chat', label: 'nav.chat', icon: MessagesSquare },
  { path: '/console/withdrawals', label: 'withdrawals.nav', icon: Banknote },
  { path: '/console/adjustments', label: 'adjustments.nav', icon: Scale, permission: 'money.adjust' },
];

/**
 * The console's own shell: the full height of the window (the inbox scrolls inside its panes), a
 * slim top bar with the sections, the signed-in staff member, the language and sign-out; no
 * member menu.
 */
export function ConsoleLayout() {
  const { t } = useConsoleTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  // The server checks the token on the first call; a dead one leads back to sign-in.
  const profile = useStaffProfile();
  const permissions = profile.data?.permissions ?? [];

  if (!storage.getStaffToken()) return <Navigate to="/console/login" replace />;

  async function logout() {
    await staffLogout();
    queryClient.removeQueries({ queryKey: queryKeys.console.all });
    void navigate('/console/login', { replace: true });
  }

  return (
    <div className="flex h-dvh flex-col">
      <header className="flex h-14 shrink-0 items-center gap-2 border-b border-white/5 bg-ink-950 px-3 pt-[env(safe-area-inset-top)] sm:px-4">
        <span className="flex items-center gap-2 font-bold tracking-tight">
          <ShieldCheck className="size-5 text-gold-300" aria-hidden="true" />
          <span className="hidden sm:inline">{t('title')}</span>
        </span>
        <nav aria-label={t('nav.label')} className="ml-1 flex items-center gap-1">
          {SECTIONS.filter(({ permission }) => !permission || permissions.includes(permission)).map(
            ({ path, label, icon: Icon }) => (
              <NavLink
                key={path}
                to={path}
                className={({ isActive }) =>
                  `inline-flex min-h-11 items-center gap-2 rounded-xl px-3 text-sm font-semibold ${isActive ? 'bg-ink-700 text-snow' : 'text-mist-400 hover:text-snow'}`
                }
              >
                <Icon className="size-4" aria-hidden="true" />
                <span className="hidden sm:inline">{t(label)}</span>
                <span className="sr-only sm:hidden">{t(label)}</span>
              </NavLink>
            ),
          )}
        </nav>
        <div className="ml-auto flex min-w-0 items-center gap-1.5">
          {profile.data ? (
            <span className="hidden truncate text-sm text-mist-400 md:inline">
              {t('nav.signedInAs', { name: profile.data.name })}
            </span>
          ) : null}
          <LanguageSwitcher />
          <button
            type="button"
            onClick={() => void logout()}
            aria-label={t('nav.logout')}
            className="inline-flex size-11 items-center justify-center rounded-full text-mist-400 hover:bg-white/5 hover:text-snow"
          >
            <LogOut className="size-5" aria-hidden="true" />
          </button>
        </div>
      </header>
      <main className="min-h-0 flex-1">
        <Outlet />
      </main>
    </div>
  );
}
