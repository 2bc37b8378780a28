import { ArrowLeftRight, Play, Smartphone, TabletSmartphone } from 'lucide-react';
import { useEffect, useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatMajorAmount } from '@wallet/contract/money';
import type { GameAccount, WalletResponse } from '@wallet/contract/http/wallet';
import { ErrorAlert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Dialog } from '../../components/ui/dialog';
import { Loading } from '../../components/ui/loading';
import { useToast } from '../../components/ui/toast';
import { errorCodeOf } from '../../lib/api-client';
import { formatMoney } from '../../lib/format';
import { errorText } from '../../lib/i18n';
import { useReasonsTranslation } from '../../lib/reasons-texts';
import { useOfferWarning } from './claimable-offers';
import { GameArt } from './game-art';
import { gameSideMinor } from './game-amounts';
import { GameCredentials } from './game-credentials';
import { playMoveMinor, usePlayGame, type Platform } from './use-play-game';
import { useChangeCredentials, useGameCredentials, useReadBalances, useReloadWallet } from './wallet-api';

const PLATFORMS = ['web', 'android', 'ios'] as const;

/**
 * One game account (spec section 4): open it, see and copy its login, reset the password,
 * fund it, and play on the web or in the Android or iOS app.
 */
export function GameAccountDialog({
  game,
  wallet,
  onClose,
  onFund,
}: {
  game: GameAccount | undefined;
  wallet: WalletResponse;
  onClose: () => void;
  onFund: (game: GameAccount) => void;
}) {
  return (
    <Dialog open={game !== undefined} onClose={onClose} title={game ? <Title game={game} /> : ''}>
      {game ? <GameAccountBody key={game.code} game={game} wallet={wallet} onFund={onFund} /> : null}
    </Dialog>
  );
}

function Title({ game }: { game: GameAccount }) {
  return (
    <span className="flex items-center gap-2.5">
      <span className="inline-flex size-9 shrink-0 items-center justify-center overflow-hidden rounded-lg bg-ink-900">
        <GameArt src={game.logo} className="max-h-7 max-w-7 object-contain" />
      </span>
      <span className="min-w-0 truncate">{game.name}</span>
    </span>
  );
}

function GameAccountBody({
  game,
  wallet,
  onFund,
}: {
  game: GameAccount;
  wallet: WalletResponse;
  onFund: (game: GameAccount) => void;
}) {
  const { t } = useTranslation();
  const { t: why } = useReasonsTranslation();
  const toast = useToast();
  const reloadWallet = useReloadWallet();
  const readBalances = useReadBalances();
  // The game's balance as its provider has it now, not as home last read it (issue 31).
  useEffect(readBalances, [readBalances]);
  const changeCredentials = useChangeCredentials();
  const busy = changeCredentials.isPending ? changeCredentials.variables.action : null;
  // A closed game (decision 064) answers no login: nothing to ask for.
  const credentials = useGameCredentials(game.code, game.isActive && !game.closed);
  const { play, playing } = usePlayGame();
  const warning = useOfferWarning({ currency: wallet.wallet.currency, proceed: 'play' });
  const [error, setError] = useState<string | null>(null);
  const currency = wallet.wallet.currency;
  const walletAmount = wallet.wallet.amount;
  // What a tap on Play moves into this game first, told on the button itself (0: nothing moves).
  const moving = playMoveMinor(wallet, game);
  const active = game.isActive || credentials.data !== undefined;
  // A member cannot hover over a disabled button: what is missing is said under them (issue 16).
  const missing = PLATFORMS.filter((platform) => !game[platform]);
  const unplayable =
    missing.length === PLATFORMS.length
      ? why('play.none', { name: game.name })
      : missing.length > 0
        ? why('play.unavailable', {
            name: game.name,
            // One or two of three (all three is play.none). NOTE: not Intl.ListFormat: Chromium
            // has no Lao list patterns and answers Thai ones.
            platforms: missing
              .map((platform) => why(`play.platform.${platform}`))
              .reduce((first, second) => why('play.either', { first, second })),
          })
        : null;
  // A game played in its app only is funded from the wallet: nothing to move without money.
  const fundBlocked = !game.web && walletAmount <= 0;
  const playReasonId = useId();
  const fundReasonId = useId();

  async function change(action: 'activate' | 'resetpassword') {
    setError(null);
    try {
      await changeCredentials.mutateAsync({ code: game.code, action });
      if (action === 'activate') {
        toast.show('success', t('game.opened', { name: game.name }));
        void reloadWallet();
      } else {
        // Raised in the reset's confirm, which closes on it: told in this dialog.
        toast.show('success', t('game.passwordReset'), { after: 'close' });
      }
    } catch (failure) {
      setError(errorText(errorCodeOf(failure)));
    }
  }

  async function launch(platform: Platform) {
    setError(null);
    const failure = await play(game, platform, wallet);
    if (failure) setError(errorText(failure));
  }

  const launchButton = (platform: Exclude<Platform, 'web'>, icon: ReactNode) => (
    <Button
      variant="secondary"
      block
      className="px-3"
      icon={icon}
      disabled={!game[platform] || playing !== null}
      aria-describedby={game[platform] ? undefined : playReasonId}
      loading={playing === platform}
      onClick={() => void launch(platform)}
    >
      {t(`game.${platform}`)}
    </Button>
  );

  return (
    <div className="space-y-4">
      <div className="rounded-xl bg-ink-900 px-4 py-3">
        <p className="text-xs text-mist-400">{t('game.balance')}</p>
        <p className="text-2xl font-bold text-gold-300 tabular-nums">{formatMoney(game.amount, currency)}</p>
        <p className="text-sm text-mist-300 tabular-nums">
          {t('game.credits', {
            amount: formatMajorAmount(gameSideMinor(game.amount, game.ftWalletSlot), currency),
          })}
        </p>
      </div>

      {error ? <ErrorAlert>{error}</ErrorAlert> : null}

      {game.closed ? (
        <>
          <p data-reason="closed" className="text-[15px] text-mist-300">
            {t('game.closedText', { name: game.name })}
          </p>
          <Button
            block
            icon={<ArrowLeftRight className="size-5" aria-hidden="true" />}
            onClick={() => onFund(game)}
          >
            {t('game.moveToWallet')}
          </Button>
        </>
      ) : !active ? (
        <>
          <p className="text-[15px] text-mist-300">{t('game.noAccount', { name: game.name })}</p>
          <Button block loading={busy === 'activate'} onClick={() => void change('activate')}>
            {t('game.openAccount')}
          </Button>
        </>
      ) : (
        <>
          {credentials.data ? (
            <GameCredentials
              credentials={credentials.data}
              resetting={busy === 'resetpassword'}
              name={game.name}
              onReset={() => change('resetpassword')}
            />
          ) : credentials.isError ? (
            <ErrorAlert
              action={
                <Button
                  variant="secondary"
                  className="px-3 text-sm"
                  onClick={() => void credentials.refetch()}
                >
                  {t('action.retry')}
                </Button>
              }
            >
              {errorText(errorCodeOf(credentials.error))}
            </ErrorAlert>
          ) : (
            <Loading />
          )}

          <section aria-label={t('game.launch')} className="space-y-2">
            <Button
              block
              disabled={!game.web || playing !== null}
              aria-describedby={game.web ? undefined : playReasonId}
              loading={playing === 'web'}
              // Money moves into the game first: an offer the deposit may still claim is lost once
              // it is played (issue 31), so the member is asked. "Play anyway" is a tap of its own,
              // so the game's window still opens inside a tap.
              onClick={() => (moving > 0 ? warning.guard(() => void launch('web')) : void launch('web'))}
              className="px-3 py-1.5 text-center leading-snug"
            >
              {/* The icon goes with the first line, so the amount line has the whole width
                  (long Thai and Lao labels on a 320 px phone). */}
              <span className="flex items-center justify-center gap-2">
                {playing === 'web' ? null : <Play className="size-5 shrink-0" aria-hidden="true" />}
                {t('game.web')}
              </span>
              {moving > 0 ? (
                <>
                  {' '}
                  <span className="block text-[13px] font-medium text-balance">
                    {t('game.playMoves', { amount: formatMoney(moving, currency), name: game.name })}
                  </span>
                </>
              ) : null}
            </Button>
            <div className="grid grid-cols-2 gap-2">
              {launchButton('android', <Smartphone className="size-5 shrink-0" aria-hidden="true" />)}
              {launchButton('ios', <TabletSmartphone className="size-5 shrink-0" aria-hidden="true" />)}
            </div>
            {unplayable ? (
              <p id={playReasonId} data-reason="play" className="text-xs text-mist-400">
                {unplayable}
              </p>
            ) : null}
            {moving > 0 ? (
              <p className="text-xs text-mist-400">
                {moving > walletAmount
                  ? t('game.moveFirstWithGames', {
                      amount: formatMoney(walletAmount, currency),
                      games: formatMoney(moving - walletAmount, currency),
                    })
                  : t('game.moveFirst', { amount: formatMoney(walletAmount, currency) })}
              </p>
            ) : null}
          </section>

          {warning.dialog}
          <div className="space-y-1">
            <Button
              variant="secondary"
              block
              icon={<ArrowLeftRight className="size-5" aria-hidden="true" />}
              disabled={fundBlocked}
              aria-describedby={fundBlocked ? fundReasonId : undefined}
              onClick={() => onFund(game)}
            >
              {t('game.fund')}
            </Button>
            {fundBlocked ? (
              <p id={fundReasonId} data-reason="fund" className="text-xs text-mist-400">
                {why('fund.walletEmpty', { name: game.name })}
              </p>
            ) : null}
          </div>
        </>
      )}
    </div>
  );
}
