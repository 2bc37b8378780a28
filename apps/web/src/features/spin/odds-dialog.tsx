import type { SpinSlice } from '@wallet/contract/http/spinwheel';
import { ServerHtml } from '../../components/server-html';
import { Dialog } from '../../components/ui/dialog';
import { usePrizeText } from './prize-text';
import { useSpinTranslation } from './spin-texts';

/** A published chance as written: up to two decimals, no trailing zeros ("12.5 %"). */
export const oddsText = (odds: number) =>
  `${new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 }).format(odds)}%`;

/**
 * The "chances" sheet (issue 13): every slice with its colour, label, prize and published odds;
 * a slice out of stock or budget for today is marked so. Descriptions are the server's HTML,
 * sanitised again here.
 */
export function OddsDialog({
  open,
  slices,
  onClose,
}: {
  open: boolean;
  slices: SpinSlice[];
  onClose: () => void;
}) {
  const { t } = useSpinTranslation();
  const prizes = usePrizeText();
  return (
    <Dialog open={open} onClose={onClose} title={t('odds.title')}>
      <p className="text-sm text-mist-300">{t('odds.intro')}</p>
      <ul className="mt-3 divide-y divide-white/5 rounded-xl bg-ink-900 px-4">
        {slices.map((slice) => (
          <li key={slice.code} data-slice={slice.code} className="flex items-start gap-3 py-3">
            <span
              aria-hidden="true"
              className="mt-1 size-5 shrink-0 rounded-md border border-white/20"
              style={{ background: slice.bgColor }}
            />
            <div className="min-w-0 flex-1">
              <p
                className={`text-[15px] leading-snug font-semibold ${slice.available ? '' : 'text-mist-400'}`}
              >
                {slice.label}
              </p>
              <p className="text-sm leading-snug text-mist-400">{prizes.describe(slice.prize)}</p>
              {slice.available ? null : (
                <p className="mt-1 inline-block rounded-full bg-amber-400/15 px-2 py-0.5 text-xs font-medium text-amber-400">
                  {t('odds.out')}
                </p>
              )}
              {slice.htmlDescription.trim() ? (
                <ServerHtml html={slice.htmlDescription} className="mt-1 text-xs text-mist-400" />
              ) : null}
            </div>
            <p className="shrink-0 text-right">
              <span className="sr-only">{t('odds.chance')} </span>
              <span
                data-odds
                className={`text-[15px] font-semibold tabular-nums ${slice.available ? 'text-gold-300' : 'text-mist-500'}`}
              >
                {oddsText(slice.odds)}
              </span>
            </p>
          </li>
        ))}
      </ul>
      {slices.some((slice) => !slice.available) ? (
        <p className="mt-3 text-xs text-mist-400">{t('odds.outNote')}</p>
      ) : null}
    </Dialog>
  );
}
