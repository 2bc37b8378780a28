import { Eye, EyeOff, KeyRound } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { GameCredentials as Credentials } from '@wallet/contract/http/wallet';
import { CopyButton } from '../../components/copy-button';
import { Button } from '../../components/ui/button';

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
  return (
    <div className="flex items-center gap-2 py-1.5 pl-4">
      <div className="min-w-0 flex-1">
        <dt className="text-xs text-mist-400">{label}</dt>
        <dd className="truncate font-mono text-[15px] tracking-wide select-all">
          {hidden ? '••••••••' : value}
        </dd>
      </div>
      {toggle}
      <CopyButton text={value} label={copyLabel} />
    </div>
  );
}

/** The member's login at the game, each part with a copy button, the password hidden until shown, and a password reset. */
export function GameCredentials({
  credentials,
  resetting,
  onReset,
}: {
  credentials: Credentials;
  resetting: boolean;
  onReset: () => void;
}) {
  const { t } = useTranslation();
  // NOTE: hidden until asked for: the dialog may be open where others can see the screen.
  const [shown, setShown] = useState(false);
  return (
    <section aria-label={t('game.login')}>
      <div className="mb-1.5 flex items-center justify-between gap-2">
        <h3 className="text-sm font-medium text-mist-300">{t('game.login')}</h3>
        <Button
          variant="ghost"
          className="-mr-3 px-3 text-sm"
          loading={resetting}
          icon={<KeyRound className="size-4" aria-hidden="true" />}
          onClick={onReset}
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
            <button
              type="button"
              aria-pressed={shown}
              aria-label={t(shown ? 'game.hidePassword' : 'game.showPassword')}
              onClick={() => setShown((value) => !value)}
              className="inline-flex size-10 shrink-0 items-center justify-center rounded-xl text-mist-300 transition hover:bg-ink-700 hover:text-snow"
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
    </section>
  );
}
