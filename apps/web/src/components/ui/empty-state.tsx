import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';

/** Nothing to list yet: an icon, a title, a line of text, and what the member may do. */
export function EmptyState({
  icon: Icon,
  title,
  text,
  className = '',
  children,
}: {
  icon: LucideIcon;
  title: string;
  text: string;
  className?: string;
  children?: ReactNode;
}) {
  return (
    <div className={`flex flex-col items-center gap-3 text-center ${className}`}>
      <span className="inline-flex size-14 items-center justify-center rounded-2xl bg-ink-700 text-gold-300">
        <Icon className="size-7" aria-hidden="true" />
      </span>
      <p className="text-lg font-semibold">{title}</p>
      <p className="text-sm text-mist-300">{text}</p>
      {children}
    </div>
  );
}
