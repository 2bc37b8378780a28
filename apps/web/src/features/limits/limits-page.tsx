import { useQuery } from '@tanstack/react-query';
import { ChevronLeft, ShieldCheck } from 'lucide-react';
import { Link } from 'react-router';
import { useState, type FormEvent } from 'react';
import {
  LIMIT_PERIODS,
  REALITY_CHECK_MINUTES,
  type LimitPeriod,
  type LimitsResponse,
  type LimitsUpdate,
} from '@wallet/contract/http/limits';
import { formatMajorAmount, parseMajorAmount, type Currency } from '@wallet/contract/money';
import { Page } from '../../components/page';
import { ErrorAlert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { SelectField } from '../../components/ui/field';
import { Loading } from '../../components/ui/loading';
import { useToast } from '../../components/ui/toast';
import { errorCodeOf } from '../../lib/api-client';
import { formatDateTime } from '../../lib/format';
import { errorText } from '../../lib/i18n';
import { useLimitsTranslation } from '../../lib/limits-texts';
import { useWalletNames } from '../../lib/wallet-names';
import { BreakChoices } from './break-choices';
import { LimitFields, type LimitDraft } from './limit-fields';
import { limitsQuery, useConfirmLimits, useEndExclusion, useSaveLimits } from './limits-api';

type Kind = 'deposit' | 'loss';
interface Draft {
  deposit: LimitDraft;
  loss: LimitDraft;
  realityCheck: string;
}

/** The fields as the server's values say, as the member types them (kip in whole kip), empty for none. */
function draftOf(view: LimitsResponse, currency: Currency): Draft {
  const fields = (kind: Kind) =>
    Object.fromEntries(
      LIMIT_PERIODS.map((period) => {
        const value = view[kind][period].value;
        return [period, value === null ? '' : formatMajorAmount(value, currency).replace(/,/g, '')];
      }),
    ) as LimitDraft;
  return {
    deposit: fields('deposit'),
    loss: fields('loss'),
    realityCheck: view.realityCheckMinutes === null ? '' : String(view.realityCheckMinutes),
  };
}

/** A time-out or self-exclusion running, said first. */
function StateBanner({ view }: { view: LimitsResponse }) {
  const { t } = useLimitsTranslation();
  const toast = useToast();
  const end = useEndExclusion();
  // The moment the page was opened: whether the exclusion's time is over (the server judges again).
  const [openedAt] = useState(() => Date.now());
  const exclusion = view.selfExclusion;
  if (!exclusion && !view.timeout) return null;
  const over = exclusion?.until != null && new Date(exclusion.until).getTime() <= openedAt;
  return (
    <div role="status" className="card mb-4 flex gap-3 border border-gold-500/40 p-4">
      <ShieldCheck className="mt-0.5 size-6 shrink-0 text-gold-300" aria-hidden="true" />
      <div className="min-w-0 flex-1 space-y-2">
        <p className="font-semibold">
          {exclusion
            ? exclusion.until === null
              ? t('exclusion.runningForever')
              : t('exclusion.running', { date: formatDateTime(exclusion.until) })
            : t('timeout.running', { date: formatDateTime(view.timeout!.until) })}
        </p>
        {exclusion?.liftAt ? (
          <p className="text-sm">{t('exclusion.lifts', { date: formatDateTime(exclusion.liftAt) })}</p>
        ) : null}
        {over && !exclusion.liftAt ? (
          <>
            <p className="text-sm text-mist-300">{t('exclusion.over')}</p>
            <Button
              variant="secondary"
              loading={end.isPending}
              onClick={() =>
                end.mutate(undefined, {
                  onError: (error) => toast.show('error', errorText(errorCodeOf(error))),
                })
              }
            >
              {t('exclusion.ask')}
            </Button>
          </>
        ) : null}
      </div>
    </div>
  );
}

/** The Play limits page under Profile (issue 29): limits, reality check, time-out, self-exclusion. */
export function LimitsPage() {
  const { t } = useLimitsTranslation();
  const toast = useToast();
  const limits = useQuery(limitsQuery);
  // The wallet's currency: every limit is in it (decision 068: kip shown and typed in whole kip).
  const wallet = useWalletNames();
  const save = useSaveLimits();
  const confirm = useConfirmLimits();
  const [draft, setDraft] = useState<Draft | null>(null);
  const [errors, setErrors] = useState<Partial<Record<`${Kind}.${LimitPeriod}`, boolean>>>({});
  const [failure, setFailure] = useState<string | null>(null);

  if (limits.isPending || wallet.isPending) {
    return (
      <Page title={t('title')}>
        <Loading />
      </Page>
    );
  }
  if (limits.isError) {
    return (
      <Page title={t('title')}>
        <ErrorAlert>{errorText(errorCodeOf(limits.error))}</ErrorAlert>
      </Page>
    );
  }
  const view = limits.data;
  const currency: Currency = wallet.data?.wallet.currency ?? 'BAHT';
  const shown = draft ?? draftOf(view, currency);
  const confirmable = (['deposit', 'loss'] as const).some((kind) =>
    LIMIT_PERIODS.some((period) => view[kind][period].pending?.confirmable),
  );

  async function submit(event: FormEvent) {
    event.preventDefault();
    setFailure(null);
    const found: typeof errors = {};
    const amounts = (kind: Kind) =>
      Object.fromEntries(
        LIMIT_PERIODS.map((period) => {
          const typed = shown[kind][period].trim();
          const minor = typed === '' ? null : parseMajorAmount(typed, currency);
          if (typed !== '' && (minor === null || minor <= 0)) found[`${kind}.${period}`] = true;
          return [period, minor];
        }),
      ) as LimitsUpdate['deposit'];
    const body: LimitsUpdate = {
      deposit: amounts('deposit'),
      loss: amounts('loss'),
      realityCheckMinutes: shown.realityCheck === '' ? null : (Number(shown.realityCheck) as 30 | 60 | 120),
    };
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    try {
      const saved = await save.mutateAsync(body);
      setDraft(draftOf(saved, currency));
      toast.show('success', t('saved'));
    } catch (error) {
      setFailure(errorText(errorCodeOf(error)));
    }
  }

  const change = (kind: Kind) => (period: LimitPeriod, value: string) =>
    setDraft({ ...shown, [kind]: { ...shown[kind], [period]: value } });
  const errorsOf = (kind: Kind) =>
    Object.fromEntries(LIMIT_PERIODS.map((period) => [period, errors[`${kind}.${period}`]]));

  const back = (
    <Link
      to="/user/profile"
      className="inline-flex min-h-11 shrink-0 items-center gap-1 rounded-xl px-2 text-sm text-mist-300 hover:bg-white/5"
    >
      <ChevronLeft className="size-5" aria-hidden="true" />
      {t('back')}
    </Link>
  );

  return (
    <Page title={t('title')} action={back}>
      <StateBanner view={view} />
      <p className="mb-4 px-1 text-sm text-mist-300">{t('intro')}</p>
      <form noValidate onSubmit={(event) => void submit(event)} className="space-y-4">
        <LimitFields
          currency={currency}
          kind="deposit"
          remaining={view.depositRemaining}
          view={view.deposit}
          draft={shown.deposit}
          errors={errorsOf('deposit')}
          onChange={change('deposit')}
        />
        <LimitFields
          currency={currency}
          kind="loss"
          view={view.loss}
          draft={shown.loss}
          errors={errorsOf('loss')}
          onChange={change('loss')}
        />
        <div className="card p-4">
          <SelectField
            label={t('realityCheck.title')}
            hint={t('realityCheck.hint')}
            name="realityCheck"
            placeholder={t('realityCheck.off')}
            value={shown.realityCheck}
            onChange={(event) => setDraft({ ...shown, realityCheck: event.target.value })}
            options={REALITY_CHECK_MINUTES.map((minutes) => ({
              value: String(minutes),
              label: t('realityCheck.every', { minutes }),
            }))}
          />
        </div>
        {failure ? <ErrorAlert>{failure}</ErrorAlert> : null}
        <Button type="submit" block loading={save.isPending}>
          {t('save')}
        </Button>
        {confirmable ? (
          <Button
            variant="secondary"
            block
            loading={confirm.isPending}
            onClick={() =>
              confirm.mutate(undefined, {
                onSuccess: (confirmed) => {
                  setDraft(draftOf(confirmed, currency));
                  toast.show('success', t('confirmed'));
                },
                onError: (error) => setFailure(errorText(errorCodeOf(error))),
              })
            }
          >
            {t('confirm')}
          </Button>
        ) : null}
      </form>
      <div className="mt-6 space-y-4">
        <BreakChoices excluded={view.selfExclusion !== null} />
      </div>
    </Page>
  );
}
