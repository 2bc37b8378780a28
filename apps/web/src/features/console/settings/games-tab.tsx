import { ChevronDown, ChevronUp, Pencil } from 'lucide-react';
import { useState } from 'react';
import {
  GAME_PLATFORMS,
  type GameSetting,
  type GameSettingChange,
} from '@wallet/contract/http/console-games';
import { WalletFactor, type GameCategory } from '@wallet/contract/http/wallet';
import { ErrorAlert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { TextField } from '../../../components/ui/field';
import { Loading } from '../../../components/ui/loading';
import { useToast } from '../../../components/ui/toast';
import { errorCodeOf } from '../../../lib/api-client';
import { errorText } from '../../../lib/i18n';
import { useConsoleTranslation } from '../console-texts';
import { useGameSettings, useReorderGames, useSaveGame } from './games-api';
import { SettingCard, SwitchRow } from './setting-card';

/** The carousels of members' home (spec section 2): slot; sport and casino; lotto. */
const CAROUSELS = { slot: 'slot', sport: 'sportCasino', casino: 'sportCasino', lotto: 'lotto' } as const;
type Carousel = (typeof CAROUSELS)[GameCategory];
const CAROUSEL_ORDER: Carousel[] = ['slot', 'sportCasino', 'lotto'];

/**
 * The whole order after moving `code` one place up (-1) or down (+1) among the games of its own
 * carousel (a move past a game of another carousel would change nothing members see); null at an end.
 */
export function movedOrder(games: GameSetting[], code: string, step: -1 | 1): string[] | null {
  const game = games.find((one) => one.code === code);
  if (!game) return null;
  const carousel = CAROUSELS[game.category];
  const same = games.filter((one) => CAROUSELS[one.category] === carousel).map((one) => one.code);
  const other = same[same.indexOf(code) + step];
  if (!other) return null;
  return games.map((one) => (one.code === code ? other : one.code === other ? code : one.code));
}

const changeOf = (game: GameSetting): GameSettingChange => ({
  enabled: game.enabled,
  walletFactor: game.walletFactor,
  launch: game.launch,
});

/** Saves one game's change and says so: saved, or the server's reason, translated. */
function useGameSave() {
  const { t } = useConsoleTranslation();
  const toast = useToast();
  const save = useSaveGame();
  return {
    pending: save.isPending,
    save: (code: string, change: GameSettingChange, onSaved?: () => void) =>
      save.mutate(
        { code, change },
        {
          onSuccess: () => {
            // Often saved from a confirm that closes on it: told where it was asked.
            toast.show('success', t('settings.saved'), { after: 'close' });
            onSaved?.();
          },
          onError: (error) => toast.show('error', errorText(errorCodeOf(error)), { after: 'close' }),
        },
      ),
  };
}

/** The factor and launch platforms of one game, checked by the member's own schema before saving. */
function GameEditor({ game, onDone }: { game: GameSetting; onDone: () => void }) {
  const { t } = useConsoleTranslation();
  const { save, pending } = useGameSave();
  const [factor, setFactor] = useState(game.walletFactor === null ? '' : String(game.walletFactor));
  const [launch, setLaunch] = useState(game.launch);
  const typed = factor.trim();
  const parsed =
    typed === '' ? null : /^\d+(\.\d+)?$/.test(typed) ? WalletFactor.safeParse(Number(typed)) : null;
  const factorValue = typed === '' ? null : parsed?.success ? parsed.data : undefined;
  return (
    <div className="mt-3 space-y-3 rounded-xl bg-ink-900 p-3">
      <TextField
        label={t('settings.games.factor')}
        inputMode="decimal"
        autoComplete="off"
        placeholder={String(game.provider.walletFactor)}
        value={factor}
        onChange={(event) => setFactor(event.target.value)}
        hint={t('settings.games.factorHint', { factor: game.provider.walletFactor })}
        error={factorValue === undefined ? errorText('WALLET_FACTOR_INVALID') : undefined}
      />
      <fieldset className="space-y-1">
        <legend className="text-sm font-semibold">{t('settings.games.launch')}</legend>
        {GAME_PLATFORMS.map((platform) => (
          <SwitchRow
            key={platform}
            label={t(`settings.games.platforms.${platform}`)}
            hint={
              game.provider[platform]
                ? t(`settings.games.platformHints.${platform}`)
                : t('settings.games.noLink')
            }
            on={launch[platform] && game.provider[platform]}
            pending={!game.provider[platform]}
            onChange={(on) => setLaunch({ ...launch, [platform]: on })}
          />
        ))}
      </fieldset>
      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="secondary" onClick={onDone}>
          {t('settings.games.cancel')}
        </Button>
        <Button
          loading={pending}
          disabled={factorValue === undefined}
          onClick={() =>
            save(game.code, { ...changeOf(game), walletFactor: factorValue ?? null, launch }, onDone)
          }
        >
          {t('settings.save')}
        </Button>
      </div>
    </div>
  );
}

function GameRow({
  game,
  place,
  canUp,
  canDown,
  moving,
  onMove,
}: {
  game: GameSetting;
  /** Its place in its own carousel, 1 first. */
  place: number;
  canUp: boolean;
  canDown: boolean;
  moving: boolean;
  onMove: (step: -1 | 1) => void;
}) {
  const { t } = useConsoleTranslation();
  const { save, pending } = useGameSave();
  const [editing, setEditing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const factor = game.walletFactor ?? game.provider.walletFactor;
  const platforms = GAME_PLATFORMS.filter((platform) => game.launch[platform] && game.provider[platform]);
  const setEnabled = (enabled: boolean) =>
    save(game.code, { ...changeOf(game), enabled }, () => setConfirming(false));
  return (
    <li className="py-3">
      <div className="flex flex-wrap items-center gap-x-3 gap-y-2">
        <span className="w-6 shrink-0 text-right text-sm text-mist-400 tabular-nums">{place}</span>
        <div className="min-w-0 flex-1 basis-40">
          <p className="font-semibold break-words">
            {game.name} <span className="text-xs font-normal text-mist-400">{game.code}</span>
          </p>
          <p className="text-sm text-mist-400">
            {t(game.walletFactor === null ? 'settings.games.factorProvider' : 'settings.games.factorOwn', {
              factor,
            })}
            {' · '}
            {platforms.length > 0
              ? platforms.map((platform) => t(`settings.games.platformShort.${platform}`)).join(', ')
              : t('settings.games.launchNone')}
          </p>
          {game.membersWithMoney > 0 ? (
            <p className="text-sm text-gold-300">
              {t('settings.games.holders', { count: game.membersWithMoney })}
            </p>
          ) : null}
        </div>
        {/* On a phone the buttons take a line of their own under the name; wider, they sit in the row. */}
        <div className="order-last flex w-full flex-wrap gap-2 sm:order-none sm:w-auto">
          <Button
            variant="secondary"
            className="px-3"
            aria-label={t('settings.games.moveUp', { name: game.name })}
            disabled={!canUp || moving}
            onClick={() => onMove(-1)}
          >
            <ChevronUp className="size-5" aria-hidden="true" />
          </Button>
          <Button
            variant="secondary"
            className="px-3"
            aria-label={t('settings.games.moveDown', { name: game.name })}
            disabled={!canDown || moving}
            onClick={() => onMove(1)}
          >
            <ChevronDown className="size-5" aria-hidden="true" />
          </Button>
          <Button
            variant="secondary"
            className="px-3"
            aria-expanded={editing}
            aria-label={t('settings.games.editLabel', { name: game.name })}
            icon={<Pencil className="size-4" aria-hidden="true" />}
            onClick={() => setEditing(!editing)}
          >
            {t('settings.games.edit')}
          </Button>
        </div>
        <button
          type="button"
          role="switch"
          aria-checked={game.enabled}
          aria-label={t('settings.games.switchLabel', { name: game.name })}
          disabled={pending}
          onClick={() => (game.enabled ? setConfirming(true) : setEnabled(true))}
          className="flex min-h-11 shrink-0 items-center gap-2 disabled:opacity-60"
        >
          <span className={`w-8 text-right text-sm ${game.enabled ? 'text-snow' : 'text-mist-400'}`}>
            {t(game.enabled ? 'settings.games.on' : 'settings.games.off')}
          </span>
          <span
            aria-hidden="true"
            className={`relative h-6 w-10 rounded-full transition ${game.enabled ? 'bg-gold-400' : 'bg-ink-600'}`}
          >
            <span
              className={`absolute top-0.5 left-0.5 size-5 rounded-full bg-snow shadow transition-transform ${game.enabled ? 'translate-x-4' : ''}`}
            />
          </span>
        </button>
      </div>
      {editing ? <GameEditor game={game} onDone={() => setEditing(false)} /> : null}
      <ConfirmDialog
        open={confirming}
        onClose={() => setConfirming(false)}
        title={t('settings.games.offTitle', { name: game.name })}
        confirmLabel={t('settings.games.offConfirm')}
        cancelLabel={t('settings.games.keep')}
        tone="danger"
        layout="stacked"
        pending={pending}
        onConfirm={() => setEnabled(false)}
      >
        <p>{t('settings.games.offText')}</p>
        <p className="mt-2">
          {game.membersWithMoney > 0
            ? t('settings.games.offMoney', { count: game.membersWithMoney })
            : t('settings.games.offNoMoney')}
        </p>
      </ConfirmDialog>
    </li>
  );
}

/**
 * The games of the site (issue 28 section 2, decision 064): each game on or off, its place in its
 * carousel, its wallet factor and launch platforms. Every change is saved at once and audited;
 * members read it at their next call.
 */
export function GamesTab() {
  const { t } = useConsoleTranslation();
  const toast = useToast();
  const games = useGameSettings();
  const reorder = useReorderGames();
  if (games.isPending) return <Loading />;
  if (games.isError) {
    return (
      <ErrorAlert
        action={
          <Button variant="secondary" onClick={() => void games.refetch()}>
            {t('action.retry')}
          </Button>
        }
      >
        {errorText(errorCodeOf(games.error))}
      </ErrorAlert>
    );
  }
  const list = games.data.games;
  const move = (code: string, step: -1 | 1) => {
    const codes = movedOrder(list, code, step);
    if (!codes) return;
    reorder.mutate(codes, {
      onSuccess: () => toast.show('success', t('settings.saved')),
      onError: (error) => toast.show('error', errorText(errorCodeOf(error))),
    });
  };
  return (
    <>
      <p className="text-sm text-mist-400">{t('settings.games.hint')}</p>
      {CAROUSEL_ORDER.map((carousel) => {
        const inCarousel = list.filter((game) => CAROUSELS[game.category] === carousel);
        if (inCarousel.length === 0) return null;
        return (
          <SettingCard
            key={carousel}
            title={t(`settings.games.carousels.${carousel}`)}
            hint={t('settings.games.orderHint')}
          >
            <ul className="divide-y divide-ink-700">
              {inCarousel.map((game, index) => (
                <GameRow
                  key={game.code}
                  game={game}
                  place={index + 1}
                  canUp={index > 0}
                  canDown={index < inCarousel.length - 1}
                  moving={reorder.isPending}
                  onMove={(step) => move(game.code, step)}
                />
              ))}
            </ul>
          </SettingCard>
        );
      })}
    </>
  );
}
