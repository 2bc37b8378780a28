import {
  ArrowDownToLine,
  ArrowUpFromLine,
  Gift,
  HandCoins,
  RefreshCw,
  UserPlus,
  type LucideIcon,
} from 'lucide-react';
import { useTranslation } from 'react-i18next';

export type Widget = 'deposit' | 'withdraw' | 'refreshAll' | 'invite' | 'bonus' | 'refund';

const WIDGETS: { key: Widget; icon: LucideIcon }[] = [
  { key: 'deposit', icon: ArrowDownToLine },
  { key: 'withdraw', icon: ArrowUpFromLine },
  // The spin wheel takes this place once it opens; until then, refresh every account.
  { key: 'refreshAll', icon: RefreshCw },
  { key: 'invite', icon: UserPlus },
  { key: 'bonus', icon: Gift },
  { key: 'refund', icon: HandCoins },
];

/** The row of shortcuts under the balance (spec section 2, Home). */
export function HomeWidgets({
  onSelect,
  busy,
}: {
  onSelect: (widget: Widget) => void;
  /** The widget whose action is running. */
  busy?: Widget | undefined;
}) {
  const { t } = useTranslation();
  return (
    <section aria-label={t('home.widgets.label')} className="mt-4">
      <ul className="grid grid-cols-3 gap-2">
        {WIDGETS.map(({ key, icon: Icon }) => (
          <li key={key}>
            <button
              type="button"
              onClick={() => onSelect(key)}
              disabled={busy === key}
              aria-busy={busy === key || undefined}
              className="flex h-full min-h-[5.25rem] w-full flex-col items-center justify-start gap-1.5 rounded-2xl border border-white/5 bg-ink-800 px-1.5 py-2.5 text-center text-[13px] leading-snug font-medium text-mist-300 transition hover:bg-ink-700 hover:text-snow active:scale-[0.98] disabled:opacity-70"
            >
              <span className="inline-flex size-9 items-center justify-center rounded-xl bg-gold-400/15 text-gold-300">
                <Icon className={`size-5 ${busy === key ? 'animate-spin' : ''}`} aria-hidden="true" />
              </span>
              {t(`home.widgets.${key}`)}
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
