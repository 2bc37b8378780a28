import { CalendarClock, type LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import type { BonusProgress } from '@wallet/contract/http/bonus';
import type { Currency } from '@wallet/contract/money';
import { formatDateTime, formatMoney } from '../lib/format';
import { useBonusTranslation } from '../lib/bonus-texts';

/** Whole percent of the turnover done, 0 to 100 (100 when none is required). */
export function turnoverPercent(progress: Pick<BonusProgress, 'done' | 'required'>): number {
  if (progress.required <= 0) return 100;
  return Math.min(100, Math.floor((progress.done * 100) / progress.required));
}

/**
 * A label and its value. Long labels wrap and the value keeps its line; a `short` label (a word
 * or two) keeps its line instead and the value may wrap: a date and time on a 320 px phone.
 */
function Row({
  label,
  icon: Icon,
  short = false,
  children,
}: {
  label: string;
  icon?: LucideIcon;
  short?: boolean;
  children: ReactNode;
}) {
  return (
    <div className="flex items-center justify-between gap-3 py-2">
      <dt
        className={`text-sm text-mist-400 ${short ? 'shrink-0' : 'min-w-0'} ${Icon ? 'inline-flex items-center gap-1.5' : ''}`}
      >
        {Icon ? <Icon className="size-4 shrink-0" aria-hidden="true" /> : null}
        {label}
      </dt>
      <dd className={`text-right text-[15px] font-medium tabular-nums ${short ? 'min-w-0' : 'shrink-0'}`}>
        {children}
      </dd>
    </div>
  );
}

/**
 * Where the running bonus stands, in numbers: the turnover bar with done of required, what is
 * still missing and when the grant expires; `detail` adds the deposit and bonus, each game's
 * share of the turnover, the floor and the cap (the bonus page; the withdraw dialog shows the
 * short form).
 */
export function TurnoverProgress({
  progress,
  currency,
  detail = false,
}: {
  progress: BonusProgress;
  currency: Currency;
  detail?: boolean;
}) {
  const { t } = useBonusTranslation();
  const money = (minor: number) => formatMoney(minor, currency);
  const percent = turnoverPercent(progress);
  const met = progress.missing <= 0;

  return (
    <div className="space-y-3">
      <div>
        <div className="flex items-baseline justify-between gap-3">
          <span className="text-sm text-mist-300">{t('turnover.title')}</span>
          <span className="text-sm font-semibold text-gold-300 tabular-nums">{percent}%</span>
        </div>
        <div
          role="progressbar"
          aria-label={t('turnover.title')}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={percent}
          aria-valuetext={t('turnover.doneOfRequired', {
            done: money(progress.done),
            required: money(progress.required),
          })}
          className="mt-1.5 h-2.5 overflow-hidden rounded-full bg-ink-900"
        >
          <div className="gold-gradient h-full rounded-full" style={{ width: `${percent}%` }} />
        </div>
        <p className="mt-1.5 text-[15px] tabular-nums">
          <span className="font-semibold text-snow">{money(progress.done)}</span>
          <span className="text-mist-400"> / {money(progress.required)}</span>
        </p>
      </div>
      <dl className="divide-y divide-white/5 rounded-xl bg-ink-900 px-4 py-1">
        <Row label={t('turnover.missing')}>
          <span className={met ? 'text-mint-400' : 'text-gold-300'}>{money(progress.missing)}</span>
        </Row>
        {/* On the narrowest phones the time goes under the date, never the label's word apart. */}
        <Row label={t('turnover.expires')} icon={CalendarClock} short>
          {formatDateTime(progress.expiresAt)}
        </Row>
        {detail ? (
          <>
            {/* A free promotion has no deposit: a row of 0.00 would only puzzle. */}
            {progress.deposit > 0 ? <Row label={t('turnover.deposit')}>{money(progress.deposit)}</Row> : null}
            <Row label={t('turnover.bonus')}>{money(progress.bonus)}</Row>
            <Row label={t('turnover.balance')}>{money(progress.balance)}</Row>
            <Row label={t('turnover.floor')}>{money(progress.floor)}</Row>
            <Row label={t('turnover.cap')}>
              {progress.cap === null ? t('turnover.noCap') : money(progress.cap)}
            </Row>
          </>
        ) : null}
      </dl>
      {met ? (
        <p role="status" className="rounded-xl bg-mint-400/10 px-4 py-2.5 text-sm text-mint-400">
          {t('turnover.met')}
        </p>
      ) : null}
      {detail ? <GameShares progress={progress} money={money} /> : null}
    </div>
  );
}

/** Each game's share: the percent of a bet that counts, and the turnover counted from it so far. */
function GameShares({ progress, money }: { progress: BonusProgress; money: (minor: number) => string }) {
  const { t } = useBonusTranslation();
  // Before any game is played the server may list none: the categories that count say enough.
  const rows =
    progress.games.length > 0
      ? progress.games.map((game) => ({
          key: game.code,
          name: game.name,
          category: t(`turnover.category.${game.category}`),
          percent: game.percent,
          turnover: money(game.turnover),
        }))
      : progress.contributions.map((share) => ({
          key: share.category,
          name: t(`turnover.category.${share.category}`),
          category: null,
          percent: share.percent,
          turnover: null,
        }));
  if (rows.length === 0) return null;
  return (
    <section>
      <h3 className="mb-1.5 text-sm font-medium text-mist-300">{t('turnover.games')}</h3>
      <ul className="divide-y divide-white/5 rounded-xl bg-ink-900 px-4 py-1">
        {rows.map((row) => (
          <li key={row.key} className="flex items-center justify-between gap-3 py-2">
            <div className="min-w-0">
              <p className="truncate text-[15px] font-medium">{row.name}</p>
              <p className={`text-xs ${row.percent > 0 ? 'text-mist-400' : 'text-rose-300'}`}>
                {row.category ? `${row.category} · ` : ''}
                {row.percent > 0 ? t('turnover.counts', { percent: row.percent }) : t('turnover.notCounted')}
              </p>
            </div>
            {row.turnover ? (
              <span className="shrink-0 text-[15px] font-medium tabular-nums">{row.turnover}</span>
            ) : null}
          </li>
        ))}
      </ul>
    </section>
  );
}
