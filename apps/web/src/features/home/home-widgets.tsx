import {
  ArrowDownToLine,
  ArrowUpFromLine,
  FerrisWheel,
  Gift,
  HandCoins,
  Info,
  RefreshCw,
  UserPlus,
  type LucideIcon,
} from 'lucide-react';
import { Phrase } from '../../components/phrase';
import { useHomeTranslation } from './home-texts';

export type Widget = 'deposit' | 'withdraw' | 'spin' | 'refreshAll' | 'invite' | 'bonus' | 'refund';

export { useSpinActive } from './first-reads';

/**
 * The row of shortcuts under the balance (spec section 2, Home). The third is the spin wheel with
 * the member's coins while the wheel is active; otherwise (closed, or not readable) refresh all;
 * while that is not known yet, an empty tile holds its place: it read "refresh all" and then
 * turned into the wheel as home loaded (issue 31).
 */
export function HomeWidgets({
  onSelect,
  onCoinInfo,
  busy,
  spinCoins,
}: {
  onSelect: (widget: Widget) => void;
  /** The spin tile's coin count was tapped: what coins are. */
  onCoinInfo: () => void;
  /** The widget whose action is running. */
  busy?: Widget | undefined;
  /** The member's coins when the spin wheel is active; null when it is not; undefined: not known yet. */
  spinCoins: number | null | undefined;
}) {
  const { t } = useHomeTranslation();
  const widgets: { key: Widget | 'pending'; icon: LucideIcon }[] = [
    { key: 'deposit', icon: ArrowDownToLine },
    { key: 'withdraw', icon: ArrowUpFromLine },
    spinCoins === undefined
      ? { key: 'pending', icon: FerrisWheel }
      : spinCoins === null
        ? { key: 'refreshAll', icon: RefreshCw }
        : { key: 'spin', icon: FerrisWheel },
    { key: 'invite', icon: UserPlus },
    { key: 'bonus', icon: Gift },
    { key: 'refund', icon: HandCoins },
  ];
  return (
    <section aria-label={t('home.widgets.label')} className="mt-4">
      <ul className="grid grid-cols-3 gap-2">
        {widgets.map(({ key, icon: Icon }) => (
          // The spin tile holds two buttons side by side in the tree: the tile goes to the wheel,
          // its coin count says what coins are (a button inside a button is not allowed).
          <li key={key} className="relative">
            {key === 'pending' ? (
              <div
                aria-busy="true"
                data-widget-pending
                className="h-full min-h-[5.25rem] w-full animate-pulse rounded-2xl border border-white/5 bg-ink-800"
              />
            ) : (
              <button
                type="button"
                onClick={() => onSelect(key)}
                disabled={busy === key}
                aria-busy={busy === key || undefined}
                className={`flex h-full min-h-[5.25rem] w-full flex-col items-center justify-start gap-1.5 rounded-2xl border border-white/5 bg-ink-800 px-1.5 py-2.5 text-center text-[13px] leading-snug font-medium text-mist-300 transition hover:bg-ink-700 hover:text-snow active:scale-[0.98] disabled:opacity-70 ${key === 'spin' ? 'pb-11' : ''}`}
              >
                <span className="inline-flex size-9 items-center justify-center rounded-xl bg-gold-400/15 text-gold-300">
                  <Icon className={`size-5 ${busy === key ? 'animate-spin' : ''}`} aria-hidden="true" />
                </span>
                <Phrase text={key === 'spin' ? t('spin.title') : t(`home.widgets.${key}`)} />
              </button>
            )}
            {key === 'spin' ? (
              <button
                type="button"
                data-spin-coins
                onClick={onCoinInfo}
                aria-label={t('coinInfo.open', { coins: t('home.coins', { count: spinCoins ?? 0 }) })}
                aria-haspopup="dialog"
                className="absolute bottom-2 left-1/2 inline-flex h-8 max-w-[calc(100%-0.75rem)] -translate-x-1/2 items-center gap-1 rounded-full bg-gold-400/15 px-2.5 text-xs font-semibold whitespace-nowrap text-gold-300 tabular-nums hover:bg-gold-400/25"
              >
                {t('home.coins', { count: spinCoins ?? 0 })}
                <Info className="size-3.5 shrink-0" aria-hidden="true" />
              </button>
            ) : null}
          </li>
        ))}
      </ul>
    </section>
  );
}
