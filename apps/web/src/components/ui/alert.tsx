import type { ReactNode } from 'react';

/** A failure told in place, where the member is looking (a form, a dialog, a card). */
export function ErrorAlert({ children, action }: { children: ReactNode; action?: ReactNode }) {
  return (
    <div
      role="alert"
      className="flex items-center gap-3 rounded-xl bg-rose-500/15 px-4 py-3 text-sm text-rose-200"
    >
      <p className="min-w-0 flex-1">{children}</p>
      {action}
    </div>
  );
}
