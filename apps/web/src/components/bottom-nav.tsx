import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { NavLink } from 'react-router';

/** The fixed menu along the bottom of the phone. */
export function BottomNav({ label, children }: { label: string; children: ReactNode }) {
  return (
    <nav
      aria-label={label}
      className="fixed inset-x-0 bottom-0 z-40 border-t border-white/5 bg-ink-900/95 pb-[env(safe-area-inset-bottom)] backdrop-blur"
    >
      <ul className="mx-auto flex h-16 max-w-md items-stretch justify-around px-1">{children}</ul>
    </nav>
  );
}

const itemClass = (active: boolean) =>
  `flex h-full min-w-11 flex-col items-center justify-center gap-0.5 px-1 text-[11px] leading-tight font-medium transition ${
    active ? 'text-gold-300' : 'text-mist-400 hover:text-snow'
  }`;

function Label({ icon: Icon, text }: { icon: LucideIcon; text: string }) {
  return (
    <>
      <Icon className="size-[22px]" aria-hidden="true" />
      <span className="max-w-[5.5rem] truncate">{text}</span>
    </>
  );
}

export function BottomNavLink({
  to,
  icon,
  text,
  end,
}: {
  to: string;
  icon: LucideIcon;
  text: string;
  end?: boolean;
}) {
  return (
    <li className="flex flex-1 justify-center">
      <NavLink to={to} end={end} className={({ isActive }) => itemClass(isActive)}>
        <Label icon={icon} text={text} />
      </NavLink>
    </li>
  );
}

export function BottomNavButton({
  onClick,
  icon,
  text,
  pressed,
}: {
  onClick: () => void;
  icon: LucideIcon;
  text: string;
  pressed: boolean;
}) {
  return (
    <li className="flex flex-1 justify-center">
      <button type="button" onClick={onClick} aria-haspopup="dialog" className={itemClass(pressed)}>
        <Label icon={icon} text={text} />
      </button>
    </li>
  );
}

/**
 * The large home button in the middle of the member menu. NOTE: inside the menu's own height, not
 * raised above it: raised, it covered the page's buttons just above the menu (a game card's
 * button, issue 16), where the member sees them uncovered and taps.
 */
export function BottomNavHome({ to, text, icon: Icon }: { to: string; text: string; icon: LucideIcon }) {
  return (
    <li className="flex flex-1 justify-center">
      <NavLink
        to={to}
        aria-label={text}
        className={({ isActive }) =>
          `gold-gradient inline-flex size-13 items-center justify-center self-center rounded-full text-ink-950 shadow-[0_6px_16px_-6px_rgb(232_165_36/0.65)] transition active:scale-95 ${
            isActive ? '' : 'saturate-[0.85]'
          }`
        }
      >
        <Icon className="size-7" aria-hidden="true" />
      </NavLink>
    </li>
  );
}
