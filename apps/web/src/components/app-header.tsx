import type { ReactNode } from 'react';
import { Brand } from './brand';

/** The sticky top bar of both shells: the brand on the left, the shell's actions on the right. */
export function AppHeader({ home, children }: { home: string; children: ReactNode }) {
  return (
    <header className="sticky top-0 z-30 border-b border-white/5 bg-ink-950/90 pt-[env(safe-area-inset-top)] backdrop-blur">
      <div className="mx-auto flex h-16 max-w-md items-center justify-between gap-2 px-4">
        <Brand to={home} />
        <div className="flex shrink-0 items-center gap-1.5">{children}</div>
      </div>
    </header>
  );
}
