import { Download, Share2 } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { StatementStatus } from '@wallet/contract/http/statement';
import type { Currency } from '@wallet/contract/money';
import { formatBankAccountNo } from '@wallet/contract/rules';
import { useBankName } from '../lib/banks';
import { formatDateTime, formatMoney } from '../lib/format';
import { receiptPng } from '../lib/receipt-image';
import { useReceiptTranslation } from '../lib/receipt-texts';
import { BankBadge } from './bank-badge';
import { ErrorAlert } from './ui/alert';
import { Button } from './ui/button';

export interface WithdrawalReceiptData {
  /** The statement row id (decision 026): the reference staff find the withdrawal by. */
  id: string;
  createdAt: string;
  status: StatementStatus;
  amount: number;
  currency: Currency;
  bank: { code: string; accountNo: string };
  /** The holder's name, when known to be this account's; else the line is left out. */
  holder: string | null;
}

const TONES = { SUCCESS: 'success', PENDING: 'pending', FAILED: 'failed' } as const;
const PILLS: Record<StatementStatus, string> = {
  SUCCESS: 'bg-mint-400/15 text-mint-400',
  FAILED: 'bg-rose-400/15 text-rose-400',
  PENDING: 'bg-amber-400/15 text-amber-400',
};

/**
 * A withdrawal's receipt (issue 31 item 5, decision 071): amount, status, the account it went to,
 * time and reference, on screen and as a PNG the member saves or shares. Shown after the
 * withdrawal and again from its statement row.
 */
export function WithdrawalReceipt({ receipt }: { receipt: WithdrawalReceiptData }) {
  const { t } = useTranslation();
  const { t: r } = useReceiptTranslation();
  const bankName = useBankName(receipt.bank.code, undefined);
  const reference = receipt.id.padStart(8, '0');
  const accountNo = formatBankAccountNo(receipt.bank.accountNo);
  const amount = formatMoney(receipt.amount, receipt.currency);
  const status = t(`statement.status.${receipt.status}`);
  const time = formatDateTime(receipt.createdAt);
  const [failed, setFailed] = useState(false);
  const [busy, setBusy] = useState(false);
  const fileName = r('receipt.fileName', { reference });
  const canShare = typeof navigator.canShare === 'function';

  async function picture(): Promise<File | null> {
    const lines: [string, string][] = [
      [r('review.bank'), bankName],
      ...(receipt.holder ? [[r('review.name'), receipt.holder] as [string, string]] : []),
      [r('review.number'), accountNo],
      [t('statement.detail.time'), time],
      [t('statement.detail.reference'), reference],
    ];
    const blob = await receiptPng({
      title: r('receipt.title'),
      amount,
      status: { text: status, tone: TONES[receipt.status] },
      lines,
    }).catch(() => null);
    return blob ? new File([blob], fileName, { type: 'image/png' }) : null;
  }

  /** Shares the picture where the phone can (a chat, the gallery), else downloads it. */
  async function save(share: boolean) {
    setBusy(true);
    setFailed(false);
    try {
      const file = await picture();
      if (!file) return setFailed(true);
      if (share && navigator.canShare?.({ files: [file] })) {
        // A member who closes the share sheet has chosen not to: nothing to say.
        await navigator.share({ files: [file], title: r('receipt.title') }).catch(() => undefined);
        return;
      }
      const url = URL.createObjectURL(file);
      const link = document.createElement('a');
      link.href = url;
      link.download = fileName;
      document.body.append(link);
      link.click();
      link.remove();
      // NOTE: revoked later, not at once: a browser may still be reading it after the click.
      setTimeout(() => URL.revokeObjectURL(url), 60_000);
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="space-y-4">
      <section
        aria-label={r('receipt.title')}
        data-receipt={reference}
        className="rounded-2xl border border-white/5 bg-ink-900 px-4 py-4"
      >
        <p className="text-center text-sm font-semibold text-mist-300">{r('receipt.title')}</p>
        <p className="mt-1 text-center text-2xl font-bold break-words tabular-nums">{amount}</p>
        <p className="mt-2 text-center">
          <span className={`rounded-full px-2.5 py-0.5 text-sm font-medium ${PILLS[receipt.status]}`}>
            {status}
          </span>
        </p>
        <dl className="mt-4 divide-y divide-white/5 border-t border-white/5">
          <Line label={r('review.bank')}>
            <span className="flex items-center gap-2">
              <BankBadge code={receipt.bank.code} size="sm" />
              <span className="min-w-0 break-words">{bankName}</span>
            </span>
          </Line>
          {receipt.holder ? <Line label={r('review.name')}>{receipt.holder}</Line> : null}
          <Line label={r('review.number')}>
            <span className="tabular-nums tracking-wide">{accountNo}</span>
          </Line>
          <Line label={t('statement.detail.time')}>
            <span className="tabular-nums">{time}</span>
          </Line>
          <Line label={t('statement.detail.reference')}>
            <span className="tabular-nums">{reference}</span>
          </Line>
        </dl>
      </section>
      {failed ? <ErrorAlert>{r('receipt.saveFailed')}</ErrorAlert> : null}
      <div className="flex gap-2">
        <Button
          variant="secondary"
          className="flex-1"
          loading={busy}
          icon={<Download className="size-4" aria-hidden="true" />}
          onClick={() => void save(false)}
        >
          {r('receipt.save')}
        </Button>
        {canShare ? (
          <Button
            variant="secondary"
            className="flex-1"
            disabled={busy}
            icon={<Share2 className="size-4" aria-hidden="true" />}
            onClick={() => void save(true)}
          >
            {r('receipt.share')}
          </Button>
        ) : null}
      </div>
    </div>
  );
}

/** A label over its value; a long value (a holder's full name) wraps, never cut. */
function Line({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="py-2.5">
      <dt className="text-xs text-mist-400">{label}</dt>
      <dd className="mt-0.5 text-[15px] break-words text-snow">{children}</dd>
    </div>
  );
}
