import type { ReactNode } from 'react';
import type { SiteSettingKey, SiteSettings } from '@wallet/contract/http/console-settings';
import { Button } from '../../../components/ui/button';
import { useToast } from '../../../components/ui/toast';
import { errorCodeOf } from '../../../lib/api-client';
import { errorText } from '../../../lib/i18n';
import { useConsoleTranslation } from '../console-texts';
import { useSaveSetting } from './settings-api';

/** One setting's card: its title, what it does, its fields, and its own Save (one PUT each). */
export function SettingCard({
  title,
  hint,
  children,
  onSave,
  saving,
  canSave = true,
}: {
  title: string;
  hint?: ReactNode;
  children: ReactNode;
  onSave?: () => void;
  saving?: boolean;
  canSave?: boolean;
}) {
  const { t } = useConsoleTranslation();
  return (
    <section className="card space-y-3 p-4" aria-label={title}>
      <div>
        <h2 className="font-bold">{title}</h2>
        {hint ? <p className="mt-0.5 text-sm text-mist-400">{hint}</p> : null}
      </div>
      {children}
      {onSave ? (
        <div className="flex justify-end">
          <Button onClick={onSave} loading={saving} disabled={!canSave}>
            {t('settings.save')}
          </Button>
        </div>
      ) : null}
    </section>
  );
}

/** Saves a setting and says so: saved, or the server's reason, translated. */
export function useSave<K extends SiteSettingKey>(key: K) {
  const { t } = useConsoleTranslation();
  const toast = useToast();
  const save = useSaveSetting(key);
  return {
    pending: save.isPending,
    save: (value: SiteSettings[K], onSaved?: () => void) =>
      save.mutate(value, {
        onSuccess: () => {
          // Often saved from a confirm that closes on it: passed to what is beneath (decision 072).
          toast.show('success', t('settings.saved'), { after: 'close' });
          onSaved?.();
        },
        onError: (error) => toast.show('error', errorText(errorCodeOf(error))),
      }),
  };
}

/** A switch that saves at once (a setting of one flag). */
export function SwitchRow({
  label,
  hint,
  on,
  pending,
  onChange,
}: {
  label: string;
  hint: string;
  on: boolean;
  pending: boolean;
  onChange: (next: boolean) => void;
}) {
  return (
    <button
      type="button"
      role="switch"
      aria-checked={on}
      disabled={pending}
      onClick={() => onChange(!on)}
      className="flex min-h-12 w-full items-center gap-3 text-left disabled:opacity-60"
    >
      <span className="min-w-0 flex-1">
        <span className="block font-semibold">{label}</span>
        <span className="block text-sm text-mist-400">{hint}</span>
      </span>
      <span
        aria-hidden="true"
        className={`relative h-6 w-10 shrink-0 rounded-full transition ${on ? 'bg-gold-400' : 'bg-ink-600'}`}
      >
        <span
          className={`absolute top-0.5 left-0.5 size-5 rounded-full bg-snow shadow transition-transform ${on ? 'translate-x-4' : ''}`}
        />
      </span>
    </button>
  );
}
