import { useTranslation } from 'react-i18next';
import { formatMajorAmount, type Currency } from '@wallet/contract/money';
import type { GameAccount } from '@wallet/contract/http/wallet';
import { Phrase } from '../../components/phrase';
import { formatMoney } from '../../lib/format';
import { GameArt } from './game-art';
import { gameSideMinor } from './game-amounts';

/** One game of a carousel: artwork, the amount in it, and what a tap does. */
export function GameCard({
  game,
  currency,
  onOpen,
  first = false,
}: {
  game: GameAccount;
  currency: Currency;
  onOpen: (game: GameAccount) => void;
  /** One of the cards home shows first: its art is fetched at once (issue 30). */
  first?: boolean;
}) {
  const { t } = useTranslation();
  const credits = formatMajorAmount(gameSideMinor(game.amount, game.ftWalletSlot), currency);

  return (
    <button
      type="button"
      onClick={() => onOpen(game)}
      aria-haspopup="dialog"
      data-game={game.code}
      className="group relative flex h-full w-full flex-col overflow-hidden rounded-2xl border border-white/10 bg-gradient-to-b from-ink-600 to-ink-800 text-left transition active:scale-[0.98]"
    >
      <GameArt
        first={first}
        src={game.background}
        className={`absolute inset-0 size-full object-cover ${game.isActive && !game.closed ? '' : 'opacity-60 grayscale-[60%]'}`}
      />
      <span
        className="absolute inset-0 bg-gradient-to-t from-ink-950 via-ink-950/70 to-ink-950/10"
        aria-hidden="true"
      />
      <span className="relative flex h-16 items-center justify-center px-2 pt-2">
        <GameArt src={game.logo} className="max-h-12 max-w-[85%] object-contain drop-shadow" />
      </span>
      <span className="relative flex flex-1 flex-col px-2 pt-1 pb-2">
        <span data-amount className="truncate text-[15px] leading-snug font-bold text-gold-300 tabular-nums">
          {formatMoney(game.amount, currency)}
        </span>
        <span className="truncate text-[13px] leading-snug font-semibold text-snow">{game.name}</span>
        <span className="truncate text-[11px] leading-snug text-mist-300 tabular-nums">
          {t('game.credits', { amount: credits })}
        </span>
        <span
          className={`mt-2 inline-flex min-h-7 items-center justify-center rounded-full px-1 text-center text-[12px] leading-tight font-semibold tracking-tight ${
            game.closed
              ? 'border border-white/25 bg-ink-950/80 text-mist-200'
              : game.isActive
                ? 'bg-white/10 text-snow'
                : 'gold-gradient text-ink-950'
          }`}
        >
          <Phrase
            text={t(game.closed ? 'game.closed' : game.isActive ? 'game.viewData' : 'game.openAccount')}
          />
        </span>
      </span>
    </button>
  );
}
