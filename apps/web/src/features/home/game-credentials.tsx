import { Eye, EyeOff, KeyRound } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { GameCredentials as Credentials } from '@wallet/contract/http/wallet';
import { CopyButton } from '../../components/copy-button';
import { Button } from '../../components/ui/button';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';

function Row({
  label,
  value,
  copyLabel,
  hidden = false,
  toggle,
}: {
  label: string;
  value: string;
  copyLabel: string;
  /** Shown as dots (the copy button still copies the real value). */
  hidden?: boolean;
  toggle?: ReactNode;
}) {
  // NOTE: a <dl>'s group holds its <dt> and <dd>s and nothing else (axe: definition-list): the
  // buttons are a <dd> of their own, beside the label and the value, by the grid.
  return (
    <div className="grid grid-cols-[minmax(0,1fr)_auto] items-center gap-x-2 py-1.5 pl-4">
      <dt className="text-xs text-mist-400">{label}</dt>
      <dd className="col-start-1 truncate font-mono text-[15px] tracking-wide select-all">
        {hidden ? '••••••••' : value}
      </dd>
      <dd className="col-start-2 row-span-2 row-start-1 flex items-center gap-2">
        {toggle}
        <CopyButton text={value} label={copyLabel} />
      </dd>
    </div>
  );
}

/**
 * The member's login at the game, each part with a copy button, the password hidden until shown,
 * and a password reset that asks first (the old password stops working at once).
 */
export function GameCredentials({
  credentials,
  name,
  resetting,
  onReset,
}: {
  credentials: Credentials;
  /** The game's display name, as on Home. */
  name: string;
  resetting: boolean;
  /** Resets the password; settles when the reset is over (done or failed). */
  onReset: () => Promise<void>;
}) {
  const { t } = useTranslation();
  // NOTE: hidden until asked for: the dialog may be open where others can see the screen.
  const [shown, setShown] = useState(false);
  const [confirming, setConfirming] = useState(false);

  async function reset() {
    await onReset();
    setConfirming(false);
  }

  return (
    <section aria-label={t('game.login')}>
      {/* Wraps rather than squeeze: the reset button goes under the heading when both do not fit. */}
      <div className="mb-1.5 flex flex-wrap items-center justify-between gap-x-2">
        <h3 className="text-sm font-medium text-mist-300">{t('game.login')}</h3>
        <Button
          variant="ghost"
          className="-mr-3 ml-auto px-3 text-sm"
          loading={resetting}
          icon={<KeyRound className="size-4" aria-hidden="true" />}
          onClick={() => setConfirming(true)}
        >
          {t('game.resetPassword')}
        </Button>
      </div>
      <dl className="divide-y divide-white/5 rounded-xl bg-ink-900 pr-1">
        <Row label={t('game.username')} value={credentials.username} copyLabel={t('game.copyUsername')} />
        <Row
          label={t('game.password')}
          value={credentials.password}
          copyLabel={t('game.copyPassword')}
          hidden={!shown}
          toggle={
            // The label says what a tap does (no aria-pressed as well: "Hide password, pressed"
            // would read as a double negative). size-11: a 44 px touch target.
            <button
              type="button"
              aria-label={t(shown ? 'game.hidePassword' : 'game.showPassword')}
              onClick={() => setShown((value) => !value)}
              className="inline-flex size-11 shrink-0 items-center justify-center rounded-xl text-mist-300 transition hover:bg-ink-700 hover:text-snow"
            >
              {shown ? (
                <EyeOff className="size-5" aria-hidden="true" />
              ) : (
                <Eye className="size-5" aria-hidden="true" />
              )}
            </button>
          }
        />
      </dl>
      <ConfirmDialog
        open={confirming}
        onClose={() => setConfirming(false)}
        title={t('game.resetConfirm.title')}
        // One above the other, as the bonus cancel: long Thai and Lao labels get the whole width.
        layout="stacked"
        confirmLabel={t('game.resetPassword')}
        pending={resetting}
        onConfirm={() => void reset()}
        cancelLabel={t('game.resetConfirm.keep')}
      >
        <p className="text-[15px] text-mist-300">{t('game.resetConfirm.text', { name })}</p>
      </ConfirmDialog>
    </section>
  );
}
