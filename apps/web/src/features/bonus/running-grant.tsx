import { Gift, TicketPercent, XCircle } from 'lucide-react';
import { useId, useState } from 'react';
import type { ActiveCheckResponse, BonusProgress } from '@wallet/contract/http/bonus';
import type { Currency } from '@wallet/contract/money';
import { ServerHtml } from '../../components/server-html';
import { TurnoverProgress } from '../../components/turnover-progress';
import { ErrorAlert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { Loading } from '../../components/ui/loading';
import { useToast } from '../../components/ui/toast';
import { useBonusProgress } from '../../lib/bonus-progress';
import { formatMoney } from '../../lib/format';
import { errorText } from '../../lib/i18n';
import { useClearGrant, useCurrentPromotion } from './bonus-api';
import { codeOf, RefusalAlert } from './offer-details';
import { useSingleSubmit } from '../../lib/single-submit';
import { useBonusTranslation } from '../../lib/bonus-texts';
import { fillOfferAmounts } from '../../lib/offer-amounts';

/**
 * The grant that runs now (spec section 2, Bonus): whether it is a bonus or a promotion, its
 * name, where its turnover stands, and a cancel button whose confirm step says what is lost.
 */
export function RunningGrant({ active, currency }: { active: ActiveCheckResponse; currency: Currency }) {
  const { t } = useBonusTranslation();
  const titleId = useId();
  const progress = useBonusProgress();
  const isPromotion = active.type === 'promotion';
  const promotion = useCurrentPromotion(isPromotion);
  const [confirming, setConfirming] = useState(false);
  const numbers = progress.data?.progress ?? null;
  const Icon = isPromotion ? TicketPercent : Gift;
  const current = isPromotion ? promotion.data?.promotion : undefined;
  const description = current ? fillOfferAmounts(current.description, current, currency) : undefined;

  return (
    <section aria-labelledby={titleId} className="card space-y-4 p-4">
      <div className="flex items-start gap-3">
        <span className="gold-gradient inline-flex size-11 shrink-0 items-center justify-center rounded-xl text-ink-950">
          <Icon className="size-6" aria-hidden="true" />
        </span>
        <div className="min-w-0 flex-1">
          <p className="text-xs font-semibold tracking-wide text-gold-300">
            {t(isPromotion ? 'bonus.running.promotion' : 'bonus.running.bonus')}
          </p>
          <h2 id={titleId} className="text-lg leading-snug font-semibold break-words">
            {active.name ?? numbers?.name ?? active.code ?? t('bonus.title')}
          </h2>
        </div>
      </div>

      {numbers ? (
        <TurnoverProgress progress={numbers} currency={currency} detail />
      ) : progress.isPending ? (
        <Loading />
      ) : progress.isError ? (
        <ErrorAlert
          action={
            <Button variant="secondary" className="px-3 text-sm" onClick={() => void progress.refetch()}>
              {t('action.retry')}
            </Button>
          }
        >
          {errorText(codeOf(progress.error))}
        </ErrorAlert>
      ) : null}

      {description ? (
        <details className="rounded-xl bg-ink-900 px-4 py-3 text-sm">
          <summary className="cursor-pointer font-medium text-mist-300">{t('bonus.promotion.about')}</summary>
          <ServerHtml html={description} className="mt-2 text-mist-300" />
        </details>
      ) : null}

      <Button
        block
        variant="secondary"
        icon={<XCircle className="size-5 text-rose-400" aria-hidden="true" />}
        onClick={() => setConfirming(true)}
      >
        {t('bonus.cancel.button')}
      </Button>
      <CancelDialog
        open={confirming}
        name={active.name ?? numbers?.name ?? ''}
        progress={numbers}
        currency={currency}
        onClose={() => setConfirming(false)}
      />
    </section>
  );
}

/** The confirm step of a cancel: what would be taken back now, and the offer's percentFail. */
function CancelDialog({
  open,
  name,
  progress,
  currency,
  onClose,
}: {
  open: boolean;
  name: string;
  progress: BonusProgress | null;
  currency: Currency;
  onClose: () => void;
}) {
  const { t } = useBonusTranslation();
  const toast = useToast();
  const clear = useClearGrant();
  const once = useSingleSubmit();

  const close = () => {
    clear.reset();
    onClose();
  };

  const confirm = () =>
    once(async () => {
      const answer = await clear.mutateAsync();
      const ended = errorText(answer.message);
      toast.show(
        'success',
        answer.forfeited > 0
          ? `${ended} ${t('bonus.cancel.forfeited', { amount: formatMoney(answer.forfeited, currency) })}`
          : ended,
        { after: 'close' },
      );
      close();
    });

  const refusal = clear.isError ? codeOf(clear.error) : null;

  return (
    <ConfirmDialog
      open={open}
      onClose={close}
      title={t('bonus.cancel.title')}
      layout="stacked"
      tone="danger"
      notice={
        refusal ? (
          <RefusalAlert
            title={t('bonus.refused.cancel')}
            text={refusal === 'NO_DATA' ? t('bonus.cancel.nothingRunning') : errorText(refusal)}
          />
        ) : null
      }
      confirmLabel={t('bonus.cancel.confirm')}
      pending={clear.isPending}
      onConfirm={confirm}
      cancelLabel={t('bonus.cancel.keep')}
    >
      <div className="space-y-3">
        <p className="text-[15px] text-mist-300">{t('bonus.cancel.text', { name })}</p>
        {progress ? (
          <div className="rounded-xl bg-rose-500/10 px-4 py-3">
            <p className="text-sm text-rose-200">{t('bonus.cancel.lose')}</p>
            <p className="text-2xl font-bold text-rose-300 tabular-nums">
              {formatMoney(progress.forfeitNow, currency)}
            </p>
            <p className="mt-1 text-sm text-rose-200">
              {progress.percentFail > 0
                ? t('bonus.cancel.percentFail', { percent: progress.percentFail })
                : t('bonus.terms.noPercentFail')}
            </p>
          </div>
        ) : null}
        {progress ? (
          // What the member keeps matters as much as what goes: the total (wallet and games) after it.
          <p className="flex items-baseline justify-between gap-3 rounded-xl bg-ink-900 px-4 py-3">
            <span className="min-w-0 text-sm text-mist-300">{t('bonus.cancel.left')}</span>
            <span className="shrink-0 text-[15px] font-semibold tabular-nums">
              {formatMoney(Math.max(0, progress.balance - progress.forfeitNow), currency)}
            </span>
          </p>
        ) : null}
      </div>
    </ConfirmDialog>
  );
}
