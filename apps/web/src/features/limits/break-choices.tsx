import { useEffect, useRef, useState } from 'react';
import { Button } from '../../components/ui/button';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { ErrorAlert } from '../../components/ui/alert';
import { useToast } from '../../components/ui/toast';
import { errorCodeOf } from '../../lib/api-client';
import { formatDateTime } from '../../lib/format';
import { errorText } from '../../lib/i18n';
import { useLimitsTranslation } from '../../lib/limits-texts';
import { useSelfExclusion, useTimeout } from './limits-api';

const TIMEOUTS = [1, 7, 30, 42] as const;
const EXCLUSIONS = [6, 12, 60, null] as const;
type Exclusion = (typeof EXCLUSIONS)[number];
const lengthKey = (months: Exclusion) => `length.${months ?? 'forever'}`;

/** Four lengths to choose from, each opening its confirm. */
function Choices<T>({
  values,
  label,
  onPick,
}: {
  values: readonly T[];
  label: (value: T) => string;
  onPick: (value: T) => void;
}) {
  return (
    <div className="grid grid-cols-2 gap-2">
      {values.map((value) => (
        <Button key={String(value)} variant="secondary" block onClick={() => onPick(value)}>
          {label(value)}
        </Button>
      ))}
    </div>
  );
}

/** A time-out of 24 hours to 6 weeks, and a self-exclusion of 6 months to for good (issue 29). */
export function BreakChoices({ excluded }: { excluded: boolean }) {
  const { t } = useLimitsTranslation();
  const toast = useToast();
  const timeout = useTimeout();
  const exclusion = useSelfExclusion();
  const [days, setDays] = useState<(typeof TIMEOUTS)[number] | null>(null);
  /** When the time-out picked would end, from the moment it was picked. */
  const [until, setUntil] = useState('');
  const [months, setMonths] = useState<Exclusion | undefined>(undefined);
  const [failure, setFailure] = useState<string | null>(null);
  // The scroll after a confirm waits for the dialog to go; a page left before then cancels it.
  const scrollLater = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(scrollLater.current), []);

  const close = () => {
    setDays(null);
    setMonths(undefined);
    setFailure(null);
  };
  async function run(action: () => Promise<unknown>, done: string) {
    setFailure(null);
    try {
      await action();
      toast.show('success', done, { after: 'close' });
      close();
      // The page's first lines now say what runs and until when. NOTE: once the confirm has closed
      // and its history entry is gone (decision 025), which gives the page its scroll back.
      scrollLater.current = window.setTimeout(() => window.scrollTo({ top: 0, behavior: 'smooth' }), 400);
    } catch (error) {
      setFailure(errorText(errorCodeOf(error)));
    }
  }
  const pickDays = (value: (typeof TIMEOUTS)[number]) => {
    setUntil(formatDateTime(new Date(Date.now() + value * 86_400_000).toISOString()));
    setDays(value);
  };

  return (
    <>
      {excluded ? null : (
        <section className="card space-y-3 p-4">
          <div>
            <h2 className="text-[17px] font-semibold">{t('timeout.title')}</h2>
            <p className="mt-1 text-sm text-mist-400">{t('timeout.hint')}</p>
          </div>
          <Choices values={TIMEOUTS} label={(value) => t(`length.${value}`)} onPick={pickDays} />
        </section>
      )}
      <section className="card space-y-3 p-4">
        <div>
          <h2 className="text-[17px] font-semibold">{t('exclusion.title')}</h2>
          <p className="mt-1 text-sm text-mist-400">{t('exclusion.hint')}</p>
        </div>
        <Choices
          values={EXCLUSIONS}
          label={(value) => (value === null ? t('foreverChoice') : t(lengthKey(value)))}
          onPick={setMonths}
        />
      </section>
      <ConfirmDialog
        open={days !== null}
        onClose={close}
        title={t('timeout.confirmTitle', { length: days === null ? '' : t(`length.${days}`) })}
        confirmLabel={t('timeout.confirmButton')}
        cancelLabel={t('cancel')}
        layout="stacked"
        pending={timeout.isPending}
        notice={failure ? <ErrorAlert>{failure}</ErrorAlert> : undefined}
        onConfirm={() => void run(() => timeout.mutateAsync(days!), t('timeout.started'))}
      >
        <p>{t('timeout.confirmBody', { date: until })}</p>
      </ConfirmDialog>
      <ConfirmDialog
        open={months !== undefined}
        onClose={close}
        title={t('exclusion.confirmTitle', { length: months === undefined ? '' : t(lengthKey(months)) })}
        confirmLabel={t('exclusion.confirmButton')}
        cancelLabel={t('cancel')}
        tone="danger"
        layout="stacked"
        pending={exclusion.isPending}
        notice={failure ? <ErrorAlert>{failure}</ErrorAlert> : undefined}
        onConfirm={() => void run(() => exclusion.mutateAsync(months ?? null), t('exclusion.started'))}
      >
        <div className="space-y-3">
          <p>{t('exclusion.confirmBody')}</p>
          <p className="font-medium">
            {months === null ? t('exclusion.confirmForever') : t('exclusion.confirmEnd')}
          </p>
        </div>
      </ConfirmDialog>
    </>
  );
}
