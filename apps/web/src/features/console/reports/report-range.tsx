import { useSearchParams } from 'react-router';
import { ReportRange } from '@wallet/contract/http/console-reports';
import { errorText } from '../../../lib/i18n';
import { useConsoleTranslation } from '../console-texts';
import { addDays, marketDayOf } from './reports-api';

export interface ReportRangeState {
  from: string;
  to: string;
  /** Today's market day (UTC+7): the last day a range may end on. */
  today: string;
  /** Whether the server takes this range (real days, in order, at most 400): no call otherwise. */
  valid: boolean;
  set: (range: { from: string; to: string }) => void;
}

/**
 * The reports' range, kept in the address (?from&to) so it follows the staff member from one report
 * to the next and a link names what it shows. Seven market days to today unless the address says.
 */
export function useReportRange(): ReportRangeState {
  const [params, setParams] = useSearchParams();
  const today = marketDayOf(new Date());
  const from = params.get('from') ?? addDays(today, -6);
  const to = params.get('to') ?? today;
  return {
    from,
    to,
    today,
    valid: ReportRange.safeParse({ from, to }).success,
    set: (range) =>
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          next.set('from', range.from);
          next.set('to', range.to);
          return next;
        },
        { replace: true },
      ),
  };
}

/** The first day of `day`'s month. */
const monthStart = (day: string) => `${day.slice(0, 8)}01`;

/** Two market days and the ranges an operator asks for most, one tap each. */
export function RangePicker({ range }: { range: ReportRangeState }) {
  const { t } = useConsoleTranslation();
  const { from, to, today, valid, set } = range;
  const presets = [
    { key: 'today', from: today, to: today },
    { key: 'yesterday', from: addDays(today, -1), to: addDays(today, -1) },
    { key: 'last7', from: addDays(today, -6), to: today },
    { key: 'last30', from: addDays(today, -29), to: today },
    { key: 'thisMonth', from: monthStart(today), to: today },
  ];
  const input =
    'h-11 w-full min-w-0 rounded-xl border border-white/10 bg-ink-900 px-3 text-[16px] text-snow [color-scheme:dark] focus:border-gold-400 focus:outline-none aria-[invalid=true]:border-rose-400';
  return (
    <fieldset className="mt-4 rounded-2xl bg-ink-900/60 p-3">
      <legend className="sr-only">{t('reportPages.range.legend')}</legend>
      <div className="grid grid-cols-2 gap-2 sm:flex sm:items-end">
        <label className="block text-xs font-semibold text-mist-400 sm:w-44">
          {t('reportPages.range.from')}
          <input
            type="date"
            className={`${input} mt-1`}
            value={from}
            max={today}
            aria-invalid={!valid || undefined}
            onChange={(event) => set({ from: event.target.value, to })}
          />
        </label>
        <label className="block text-xs font-semibold text-mist-400 sm:w-44">
          {t('reportPages.range.to')}
          <input
            type="date"
            className={`${input} mt-1`}
            value={to}
            max={today}
            aria-invalid={!valid || undefined}
            onChange={(event) => set({ from, to: event.target.value })}
          />
        </label>
        <p className="col-span-2 text-xs text-mist-500 sm:mb-3 sm:ml-1">{t('reportPages.range.legend')}</p>
      </div>
      <div role="group" aria-label={t('reportPages.range.presets')} className="mt-2 flex flex-wrap gap-1.5">
        {presets.map((preset) => {
          const chosen = preset.from === from && preset.to === to;
          return (
            <button
              key={preset.key}
              type="button"
              aria-pressed={chosen}
              onClick={() => set(preset)}
              className={`min-h-11 rounded-lg px-3 text-sm font-semibold ${chosen ? 'bg-ink-700 text-snow' : 'text-mist-400 hover:bg-white/5'}`}
            >
              {t(`reportPages.range.${preset.key}`)}
            </button>
          );
        })}
      </div>
      {valid ? null : (
        <p role="alert" className="mt-2 text-sm text-rose-400">
          {errorText('REPORT_RANGE_INVALID')}
        </p>
      )}
    </fieldset>
  );
}
