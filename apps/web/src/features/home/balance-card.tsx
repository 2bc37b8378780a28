import { ArrowLeftRight, Coins, Info, RefreshCw } from 'lucide-react';
import type { WalletResponse } from '@wallet/contract/http/wallet';
import { Button } from '../../components/ui/button';
import { formatMoney, timeAgo } from '../../lib/format';
import { useNow } from '../../lib/use-now';
import { inGamesMinor, totalMinor } from './game-amounts';
import { useHomeTranslation } from './home-texts';

const skeleton = 'inline-block animate-pulse rounded-md bg-white/10';
const badge =
  'inline-flex shrink-0 items-center gap-1.5 rounded-full bg-gold-400/15 px-3 text-sm font-semibold whitespace-nowrap text-gold-300';

/** Who is signed in, the total balance (wallet plus every game), coins, and when it was last read. */
export function BalanceCard({
  name,
  coin,
  wallet,
  updatedAt,
  refreshing,
  onRefresh,
  onTransfer,
  onCoinInfo,
  onItsWay = 0,
}: {
  name: string | undefined;
  coin: number | undefined;
  wallet: WalletResponse | undefined;
  /** When the balances were last read from the server (ms), 0 before the first answer. */
  updatedAt: number;
  refreshing: boolean;
  onRefresh: () => void;
  onTransfer: () => void;
  /** The coin badge was tapped: what coins are (the same dialog as the wheel tile's coin count). */
  onCoinInfo?: () => void;
  /**
   * Held between the wallet and a game, waiting for the game's answer (issue 31): still the
   * member's, so it counts in the total, and the card says so.
   */
  onItsWay?: number;
}) {
  const { t } = useHomeTranslation();
  const now = useNow();
  const currency = wallet?.wallet.currency;
  const ago = updatedAt ? timeAgo(updatedAt, now) : null;
  const coinsText = t('home.coins', { count: coin ?? 0 });

  return (
    <section aria-label={t('home.totalBalance')} className="card overflow-hidden">
      <div className="flex items-center justify-between gap-3 px-5 pt-4">
        <p className="min-w-0 truncate text-[15px] text-mist-300">
          {name === undefined ? <span className={`${skeleton} h-4 w-28`} /> : t('home.hello', { name })}
        </p>
        {onCoinInfo ? (
          // A coin count alone says nothing of what coins are for (issue 16): a tap explains them.
          // NOTE: 32 px to see, 44 px to tap: the ::after reaches 6 px above and below it.
          <button
            type="button"
            data-balance-coins
            onClick={onCoinInfo}
            aria-label={t('coinInfo.open', { coins: coinsText })}
            aria-haspopup="dialog"
            className={`${badge} relative h-8 transition after:absolute after:inset-x-0 after:-inset-y-1.5 after:content-[''] hover:bg-gold-400/25`}
          >
            <Coins className="size-4 shrink-0" aria-hidden="true" />
            {coinsText}
            <Info className="size-3.5 shrink-0" aria-hidden="true" />
          </button>
        ) : (
          <p className={`${badge} py-1`}>
            <Coins className="size-4 shrink-0" aria-hidden="true" />
            {coinsText}
          </p>
        )}
      </div>
      <div className="px-5 pt-3 pb-4">
        <p className="text-sm text-mist-400">{t('home.totalBalance')}</p>
        <p
          data-balance="total"
          className="mt-0.5 text-[34px] leading-tight font-bold tracking-tight text-gold-300 tabular-nums"
        >
          {wallet ? (
            formatMoney(totalMinor(wallet) + onItsWay, currency)
          ) : (
            <span className={`${skeleton} h-9 w-44 align-middle`} />
          )}
        </p>
        <dl className="mt-3 grid grid-cols-2 gap-3 text-sm">
          <div className="rounded-xl bg-ink-900/70 px-3 py-2">
            <dt className="text-xs text-mist-400">{t('home.wallet')}</dt>
            <dd className="font-semibold tabular-nums">
              {wallet ? formatMoney(wallet.wallet.amount, currency) : '—'}
            </dd>
          </div>
          <div className="rounded-xl bg-ink-900/70 px-3 py-2">
            <dt className="text-xs text-mist-400">{t('home.inGames')}</dt>
            <dd className="font-semibold tabular-nums">
              {wallet ? formatMoney(inGamesMinor(wallet), currency) : '—'}
            </dd>
          </div>
        </dl>
        {wallet && onItsWay > 0 ? (
          <p data-balance="on-its-way" className="mt-2 text-xs text-amber-300 tabular-nums">
            {t('held.inTotal', { amount: formatMoney(onItsWay, currency) })}
          </p>
        ) : null}
      </div>
      {/* The transfer button ends where the lines above end (the card's 1.25rem padding); the
          refresh button before it keeps its own 44 px tap area. */}
      <div className="flex items-center gap-1 border-t border-white/5 px-5 py-1.5">
        <p className="min-w-0 flex-1 text-xs leading-snug text-balance text-mist-400" aria-live="polite">
          {updatedAt
            ? t('home.updated', {
                ago: ago ? t(`time.ago.${ago.unit}`, { count: ago.count }) : t('time.justNow'),
              })
            : ''}
        </p>
        <button
          type="button"
          onClick={onRefresh}
          disabled={refreshing}
          aria-label={t('home.refresh')}
          aria-busy={refreshing || undefined}
          className="inline-flex size-11 items-center justify-center rounded-full text-mist-300 hover:bg-white/5 hover:text-gold-300 disabled:opacity-60"
        >
          <RefreshCw className={`size-5 ${refreshing ? 'animate-spin' : ''}`} aria-hidden="true" />
        </button>
        <Button
          variant="secondary"
          className="px-3.5 text-sm"
          icon={<ArrowLeftRight className="size-4" aria-hidden="true" />}
          onClick={onTransfer}
          disabled={!wallet}
        >
          {t('home.transfer')}
        </Button>
      </div>
    </section>
  );
}
