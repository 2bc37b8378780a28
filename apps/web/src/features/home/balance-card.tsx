import { ArrowLeftRight, Coins, RefreshCw } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { WalletResponse } from '@wallet/contract/http/wallet';
import { Button } from '../../components/ui/button';
import { formatMoney, timeAgo } from '../../lib/format';
import { useNow } from '../../lib/use-now';
import { inGamesMinor, totalMinor } from './game-amounts';

const skeleton = 'inline-block animate-pulse rounded-md bg-white/10';

/** Who is signed in, the total balance (wallet plus every game), coins, and when it was last read. */
export function BalanceCard({
  name,
  coin,
  wallet,
  updatedAt,
  refreshing,
  onRefresh,
  onTransfer,
}: {
  name: string | undefined;
  coin: number | undefined;
  wallet: WalletResponse | undefined;
  /** When the balances were last read from the server (ms), 0 before the first answer. */
  updatedAt: number;
  refreshing: boolean;
  onRefresh: () => void;
  onTransfer: () => void;
}) {
  const { t } = useTranslation();
  const now = useNow();
  const currency = wallet?.wallet.currency;
  const ago = updatedAt ? timeAgo(updatedAt, now) : null;

  return (
    <section aria-label={t('home.totalBalance')} className="card overflow-hidden">
      <div className="flex items-center justify-between gap-3 px-5 pt-4">
        <p className="min-w-0 truncate text-[15px] text-mist-300">
          {name === undefined ? <span className={`${skeleton} h-4 w-28`} /> : t('home.hello', { name })}
        </p>
        <p className="inline-flex shrink-0 items-center gap-1.5 rounded-full bg-gold-400/15 px-3 py-1 text-sm font-semibold text-gold-300">
          <Coins className="size-4" aria-hidden="true" />
          {t('home.coins', { count: coin ?? 0 })}
        </p>
      </div>
      <div className="px-5 pt-3 pb-4">
        <p className="text-sm text-mist-400">{t('home.totalBalance')}</p>
        <p
          data-balance="total"
          className="mt-0.5 text-[34px] leading-tight font-bold tracking-tight text-gold-300 tabular-nums"
        >
          {wallet ? (
            formatMoney(totalMinor(wallet), currency)
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
      </div>
      <div className="flex items-center gap-2 border-t border-white/5 py-1.5 pr-2 pl-5">
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
