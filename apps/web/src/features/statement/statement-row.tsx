import {
  ArrowDownToLine,
  ArrowLeftRight,
  ArrowUpFromLine,
  Flag,
  Gift,
  Trophy,
  type LucideIcon,
} from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { StatementRow as Row, StatementStatus, StatementType } from '@wallet/contract/http/statement';
import { formatMajorAmount } from '@wallet/contract/money';
import { formatDateTime } from '../../lib/format';

const ICONS: Record<StatementType, LucideIcon> = {
  deposit: ArrowDownToLine,
  bonus: Gift,
  finish_bonus: Flag,
  withdraw: ArrowUpFromLine,
  transfer: ArrowLeftRight,
  luckydraw: Trophy,
};

/**
 * Money in is +, money out is -, a move between the member's own accounts has no sign (spec
 * section 9). The end of a bonus shows what it took back, so it is money out.
 */
export function signOf(type: StatementType): '+' | '-' | '' {
  if (type === 'deposit' || type === 'bonus' || type === 'luckydraw') return '+';
  if (type === 'withdraw' || type === 'finish_bonus') return '-';
  return '';
}

const AMOUNT_STYLE = { '+': 'text-mint-400', '-': 'text-rose-400', '': 'text-snow' } as const;

/** SUCCESS, FAILED, and anything else shown as in progress in the warning colour (spec section 4). */
export const STATUS_STYLE: Record<StatementStatus, string> = {
  SUCCESS: 'bg-mint-400/15 text-mint-400',
  FAILED: 'bg-rose-400/15 text-rose-400',
  PENDING: 'bg-amber-400/15 text-amber-400',
};

/** One line of the statement: what happened, when, how much, and how it ended. */
export function StatementRow({ row }: { row: Row }) {
  const { t } = useTranslation();
  const Icon = ICONS[row.statementType];
  const sign = signOf(row.statementType);
  const place = (value: string) =>
    ['wallet', 'bank', 'operator'].includes(value) ? t(`place.${value}`) : value;
  // Where a deposit came from: a bank transfer (slip), a gift link, or a QR payment channel.
  const depositChannel = (from: string) =>
    from === 'bank' || from === 'TRUEWALLET' || from === 'sandbox'
      ? t(`statement.depositFrom.${from}`)
      : t('statement.depositFrom.qr', { channel: from });
  const detail =
    row.statementType === 'transfer' && row.from && row.to
      ? `${place(row.from)} → ${place(row.to)}`
      : row.statementType === 'deposit' && row.from
        ? depositChannel(row.from)
        : (row.bonus ?? row.promotion ?? row.invite ?? row.refund ?? row.luckydraw)?.description;

  return (
    <li data-status={row.status} className="flex items-start gap-3 px-4 py-3">
      <span className="mt-0.5 inline-flex size-10 shrink-0 items-center justify-center rounded-xl bg-ink-700 text-gold-300">
        <Icon className="size-5" aria-hidden="true" />
      </span>
      <div className="min-w-0 flex-1">
        <p className="truncate text-[15px] font-medium">{t(`statement.type.${row.statementType}`)}</p>
        {detail ? <p className="truncate text-sm text-mist-300">{detail}</p> : null}
        <p className="text-xs text-mist-400 tabular-nums">{formatDateTime(row.createdAt)}</p>
      </div>
      <div className="flex shrink-0 flex-col items-end gap-1">
        <p className={`text-[15px] font-semibold tabular-nums ${AMOUNT_STYLE[sign]}`}>
          {sign}
          {formatMajorAmount(row.amount)}
        </p>
        <span className={`rounded-full px-2 py-0.5 text-xs font-medium ${STATUS_STYLE[row.status]}`}>
          {t(`statement.status.${row.status}`)}
        </span>
      </div>
    </li>
  );
}
