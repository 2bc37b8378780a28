import { useQuery } from '@tanstack/react-query';
import {
  ArrowDownToLine,
  ArrowUpFromLine,
  FerrisWheel,
  Gift,
  HandCoins,
  RefreshCw,
  UserPlus,
  type LucideIcon,
} from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { SpinActiveResponse } from '@wallet/contract/http/spinwheel';
import { apiRequest } from '../../lib/api-client';

export type Widget = 'deposit' | 'withdraw' | 'spin' | 'refreshAll' | 'invite' | 'bonus' | 'refund';

/**
 * Whether the spin wheel is open (GET /api/spinwheel/active). Under the spin feature's prefix
 * (['spinwheel']), so a spin or a claim there reads it again.
 */
export function useSpinActive() {
  return useQuery({
    queryKey: ['spinwheel', 'active'],
    queryFn: () => apiRequest('/api/spinwheel/active', { schema: SpinActiveResponse }),
    staleTime: 60_000,
  });
}

/**
 * The row of shortcuts under the balance (spec section 2, Home). The third is the spin wheel with
 * the member's coins while the wheel is active; otherwise (closed, or not known) refresh all.
 */
export function HomeWidgets({
  onSelect,
  busy,
  spinCoins,
}: {
  onSelect: (widget: Widget) => void;
  /** The widget whose action is running. */
  busy?: Widget | undefined;
  /** The member's coins when the spin wheel is active; null when it is not. */
  spinCoins: number | null;
}) {
  const { t } = useTranslation();
  const widgets: { key: Widget; icon: LucideIcon }[] = [
    { key: 'deposit', icon: ArrowDownToLine },
    { key: 'withdraw', icon: ArrowUpFromLine },
    spinCoins === null ? { key: 'refreshAll', icon: RefreshCw } : { key: 'spin', icon: FerrisWheel },
    { key: 'invite', icon: UserPlus },
    { key: 'bonus', icon: Gift },
    { key: 'refund', icon: HandCoins },
  ];
  return (
    <section aria-label={t('home.widgets.label')} className="mt-4">
      <ul className="grid grid-cols-3 gap-2">
        {widgets.map(({ key, icon: Icon }) => (
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
              {key === 'spin' ? (
                <span>
                  {t('spin.title')}{' '}
                  <span data-spin-coins className="block text-xs font-semibold text-gold-300 tabular-nums">
                    {t('home.coins', { count: spinCoins ?? 0 })}
                  </span>
                </span>
              ) : (
                t(`home.widgets.${key}`)
              )}
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
