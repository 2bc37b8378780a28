import { LIMIT_PERIODS, type LimitPeriod, type LimitsResponse } from '@wallet/contract/http/limits';
import type { Currency } from '@wallet/contract/money';
import { AmountField } from '../../components/ui/field';
import { amountContext, formatDateTime, formatMoney } from '../../lib/format';
import { useLimitsTranslation } from '../../lib/limits-texts';

export type LimitDraft = Record<LimitPeriod, string>;

/** One kind of limit (deposit or loss): a field per period, what it used, a loosening waiting. */
export function LimitFields({
  currency,
  kind,
  view,
  draft,
  errors,
  onChange,
  remaining,
}: {
  /** The wallet's: limits are shown and typed in it (kip in whole kip). */
  currency: Currency;
  kind: 'deposit' | 'loss';
  /** What can still be deposited now (deposit limits only; null: no limit). */
  remaining?: number | null;
  view: LimitsResponse['deposit'];
  draft: LimitDraft;
  errors: Partial<Record<LimitPeriod, boolean>>;
  onChange: (period: LimitPeriod, value: string) => void;
}) {
  const { t } = useLimitsTranslation();
  const money = (minor: number) => formatMoney(minor, currency);
  return (
    <fieldset className="card space-y-4 p-4">
      <legend className="sr-only">{t(`${kind}.title`)}</legend>
      <div>
        <h2 className="text-[17px] font-semibold">{t(`${kind}.title`)}</h2>
        <p className="mt-1 text-sm text-mist-400">{t(`${kind}.hint`)}</p>
        {remaining === undefined || remaining === null ? null : (
          <p className="mt-2 text-sm font-medium text-gold-300">
            {t('remaining', { amount: money(remaining) })}
          </p>
        )}
      </div>
      {LIMIT_PERIODS.map((period) => {
        const limit = view[period];
        const pending = limit.pending;
        return (
          <div key={period}>
            <AmountField
              label={t(`period.${period}`)}
              name={`${kind}-${period}`}
              value={draft[period]}
              onChange={(event) => onChange(period, event.target.value)}
              error={errors[period] ? t('invalidAmount', { context: amountContext(currency) }) : undefined}
              hint={
                limit.value === null
                  ? `${t('noLimit')} · ${t('usedOnly', { used: money(limit.used) })}`
                  : t('used', { used: money(limit.used), limit: money(limit.value) })
              }
            />
            {pending ? (
              <p className="mt-1.5 rounded-lg bg-gold-300/10 px-3 py-2 text-sm text-gold-300">
                {pending.value === null
                  ? t('pendingRemoval', { date: formatDateTime(pending.from) })
                  : t('pending', { value: money(pending.value), date: formatDateTime(pending.from) })}
                {pending.confirmable ? ` · ${t('ready')}` : ''}
              </p>
            ) : null}
          </div>
        );
      })}
    </fieldset>
  );
}
