import { LogOut, ShieldCheck } from 'lucide-react';
import { useQueryClient } from '@tanstack/react-query';
import { Navigate, NavLink, Outlet, useNavigate } from 'react-router';
import { LanguageSwitcher } from '../../components/language-switcher';
import { hasStaffSession, staffLogout, useStaffProfile } from './console-api';
import { CONSOLE_SECTIONS } from './console-nav';
import { useDeskCounts } from './desk-counts';
import { StaffPushButton } from './staff-push';
import { useConsoleTranslation } from './console-texts';
import { queryKeys } from '../../lib/query-keys';

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
  const desk = useDeskCounts();

  if (!hasStaffSession()) return <Navigate to="/console/login" replace />;
  const permissions = profile.data?.permissions ?? [];
  const sections = CONSOLE_SECTIONS.filter((section) => permissions.includes(section.permission));

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
          <span>{t('title')}</span>
        </span>
        <div className="ml-auto flex min-w-0 items-center gap-1.5">
          {profile.data ? (
            // The sections live beside the page (or under the bar): the bar has room for the name.
            <span className="hidden truncate text-sm text-mist-400 md:inline">
              {t('nav.signedInAs', { name: profile.data.name })}
            </span>
          ) : null}
          <StaffPushButton />
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
      {/* The sections: a row of icons under the bar below 1024 px (ten names do not fit in a
          phone's or a tablet's width), a column with their names beside the page from 1024. */}
      <div className="flex min-h-0 flex-1 flex-col lg:flex-row">
        <nav
          aria-label={t('nav.label')}
          className="flex shrink-0 items-center justify-between gap-1 overflow-x-auto border-b border-white/5 px-2 py-1 sm:justify-start lg:w-56 lg:flex-col lg:items-stretch lg:justify-start lg:overflow-y-auto lg:border-r lg:border-b-0 lg:p-3"
        >
          {sections.map(({ path, label, icon: Icon, count }) => (
            <NavLink
              key={path}
              to={path}
              title={t(label)}
              className={({ isActive }) =>
                `relative inline-flex min-h-11 shrink-0 items-center gap-2.5 rounded-xl px-3 text-sm font-semibold ${isActive ? 'bg-ink-700 text-snow' : 'text-mist-400 hover:text-snow'}`
              }
            >
              <Icon className="size-4 shrink-0" aria-hidden="true" />
              <span className="sr-only lg:not-sr-only lg:flex-1 lg:truncate">{t(label)}</span>
              {count && desk && desk[count] > 0 ? (
                <span
                  className="min-w-5 rounded-full bg-amber-400 px-1.5 text-center text-xs leading-5 font-bold text-ink-950 tabular-nums"
                  aria-label={t('nav.waiting', { count: desk[count] })}
                >
                  {desk[count]}
                </span>
              ) : null}
            </NavLink>
          ))}
        </nav>
        <main className="min-h-0 min-w-0 flex-1">
          <Outlet />
        </main>
      </div>
    </div>
  );
}
