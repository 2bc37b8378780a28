import { Outlet } from 'react-router';
import { Brand } from '../../components/brand';
import { LanguageSwitcher } from '../../components/language-switcher';

/** Pages outside both shells: terminated and not found. */
export function BareLayout() {
  return (
    <div className="min-h-dvh">
      <header className="mx-auto flex h-16 max-w-md items-center justify-between gap-3 px-4 pt-[env(safe-area-inset-top)]">
        <Brand to="/" />
        <LanguageSwitcher />
      </header>
      <main>
        <Outlet />
      </main>
    </div>
  );
}
