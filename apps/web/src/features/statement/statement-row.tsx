import {
  ArrowDownToLine,
  ArrowLeftRight,
  ArrowUpFromLine,
  Flag,
  Gift,
  Scale,
  Trophy,
  type LucideIcon,
} from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { StatementRow as Row, StatementStatus, StatementType } from '@wallet/contract/http/statement';
import { formatDateTime } from '../../lib/format';
import { useReceiptTranslation } from '../../lib/receipt-texts';
import { signOf, type StatementTexts } from './statement-texts';

export const ICONS: Record<StatementType, LucideIcon> = {
  deposit: ArrowDownToLine,
  bonus: Gift,
  finish_bonus: Flag,
  withdraw: ArrowUpFromLine,
  transfer: ArrowLeftRight,
  luckydraw: Trophy,
  adjustment: Scale,
};

export const AMOUNT_STYLE = { '+': 'text-mint-400', '-': 'text-rose-400', '': 'text-snow' } as const;

/** SUCCESS, FAILED, and anything else shown as in progress in the warning colour (spec section 4). */
export const STATUS_STYLE: Record<StatementStatus, string> = {
  SUCCESS: 'bg-mint-400/15 text-mint-400',
  FAILED: 'bg-rose-400/15 text-rose-400',
  PENDING: 'bg-amber-400/15 text-amber-400',
};

/** One line of the statement: what happened, when, how much, and how it ended; a tap opens it. */
export function StatementRow({
  row,
  texts,
  onOpen,
}: {
  row: Row;
  texts: StatementTexts;
  onOpen: (row: Row) => void;
}) {
  const { t } = useTranslation();
  const { t: r } = useReceiptTranslation();
  const Icon = ICONS[row.statementType];
  const detail = texts.description(row) ?? texts.channel(row);

  return (
    <li data-status={row.status}>
      <button
        type="button"
        onClick={() => onOpen(row)}
        className="flex w-full items-start gap-3 px-4 py-3 text-left transition-colors hover:bg-white/[0.03] focus-visible:bg-white/[0.05] focus-visible:outline-none active:bg-white/[0.05]"
      >
        <span className="mt-0.5 inline-flex size-10 shrink-0 items-center justify-center rounded-xl bg-ink-700 text-gold-300">
          <Icon className="size-5" aria-hidden="true" />
        </span>
        <span className="block min-w-0 flex-1">
          <span className="block truncate text-[15px] font-medium">
            {t(`statement.type.${row.statementType}`)}
          </span>
          {detail ? <span className="block truncate text-sm text-mist-300">{detail}</span> : null}
          <span className="block text-xs text-mist-400 tabular-nums">{formatDateTime(row.createdAt)}</span>
        </span>
        <span className="flex shrink-0 flex-col items-end gap-1">
          <span className={`text-[15px] font-semibold tabular-nums ${AMOUNT_STYLE[signOf(row)]}`}>
            {texts.signed(row)}
          </span>
          {/* The wallet's balance after it, as a bank's statement shows (decision 071); a long one
              wraps before its amount rather than squeeze the row's words at 320 px. */}
          {row.balanceAfter != null ? (
            <span data-balance-after className="max-w-[8.5rem] text-right text-xs text-mist-400 tabular-nums">
              {r('balance.after', { amount: texts.money(row.balanceAfter) })}
            </span>
          ) : null}
          <span className={`rounded-full px-2 py-0.5 text-xs font-medium ${STATUS_STYLE[row.status]}`}>
            {t(`statement.status.${row.status}`)}
          </span>
        </span>
      </button>
    </li>
  );
}
