import { ReceiptText } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { StatementRow } from '@wallet/contract/http/statement';
import { CopyButton } from '../../components/copy-button';
import { Button } from '../../components/ui/button';
import { Dialog } from '../../components/ui/dialog';
import { WithdrawalReceipt } from '../../components/withdrawal-receipt';
import { formatDateTime } from '../../lib/format';
import { useProfile } from '../../lib/profile';
import { useReceiptTranslation } from '../../lib/receipt-texts';
import { AMOUNT_STYLE, ICONS, STATUS_STYLE } from './statement-row';
import { signOf, type StatementTexts } from './statement-texts';

/**
 * One movement in full: amount, status, channel, what a reward was for, time and reference.
 * The reference is the statement's own number of the movement (the ledger's), the one staff
 * find it by when the member asks about it; shown 8 digits long, as on a bank's receipt.
 */
export function StatementDetailDialog({
  row,
  texts,
  onClose,
}: {
  row: StatementRow | null;
  texts: StatementTexts;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Dialog open={row !== null} onClose={onClose} title={row ? t(`statement.type.${row.statementType}`) : ''}>
      {/* Keyed by row: another row opens on its details, not on the last one's receipt. */}
      {row ? <Details key={row.id} row={row} texts={texts} /> : null}
    </Dialog>
  );
}

function Details({ row, texts }: { row: StatementRow; texts: StatementTexts }) {
  const { t } = useTranslation();
  const { t: r } = useReceiptTranslation();
  const Icon = ICONS[row.statementType];
  const channel = texts.channel(row);
  const description = texts.description(row);
  const reference = row.id.padStart(8, '0');
  const [receipt, setReceipt] = useState(false);
  const profile = useProfile();
  const bank = row.statementType === 'withdraw' ? row.bank : undefined;

  if (bank && receipt) {
    // The holder's name is the profile's, said only while the account is still the one paid to.
    const own = profile.data?.bankAccount;
    const holder = own && own.bankAccountNo === bank.accountNo ? own.bankAccountName : null;
    return (
      <div className="space-y-3">
        <WithdrawalReceipt
          receipt={{
            id: row.id,
            createdAt: row.createdAt,
            status: row.status,
            amount: row.amount,
            currency: texts.currency,
            bank,
            holder,
          }}
        />
        <Button block variant="secondary" onClick={() => setReceipt(false)}>
          {r('receipt.back')}
        </Button>
      </div>
    );
  }

  return (
    <div>
      <div className="flex items-center gap-3 pb-4">
        <span className="inline-flex size-12 shrink-0 items-center justify-center rounded-2xl bg-ink-700 text-gold-300">
          <Icon className="size-6" aria-hidden="true" />
        </span>
        <dl className="min-w-0">
          <dt className="text-xs text-mist-400">{t('statement.detail.amount')}</dt>
          <dd className={`text-2xl font-bold break-words tabular-nums ${AMOUNT_STYLE[signOf(row)]}`}>
            {texts.signed(row)}
          </dd>
        </dl>
      </div>
      <dl className="divide-y divide-white/5 border-t border-white/5">
        <Item label={t('statement.detail.status')}>
          <span className={`rounded-full px-2 py-0.5 text-sm font-medium ${STATUS_STYLE[row.status]}`}>
            {t(`statement.status.${row.status}`)}
          </span>
        </Item>
        {channel ? <Item label={t('statement.detail.channel')}>{channel}</Item> : null}
        {description ? <Item label={t('statement.detail.for')}>{description}</Item> : null}
        {row.refusal ? <Item label={t('statement.detail.refusal')}>{row.refusal.description}</Item> : null}
        <Item label={t('statement.detail.time')}>
          <span className="tabular-nums">{formatDateTime(row.createdAt)}</span>
        </Item>
        <Item
          label={t('statement.detail.reference')}
          action={<CopyButton text={reference} label={t('statement.detail.copyReference')} />}
        >
          <span className="break-all tabular-nums">{reference}</span>
        </Item>
        {row.balanceAfter != null ? (
          <Item label={r('balance.label')}>
            <span className="tabular-nums">{texts.money(row.balanceAfter)}</span>
          </Item>
        ) : null}
      </dl>
      {bank ? (
        <Button
          block
          variant="secondary"
          className="mt-2"
          icon={<ReceiptText className="size-4" aria-hidden="true" />}
          onClick={() => setReceipt(true)}
        >
          {r('receipt.open')}
        </Button>
      ) : null}
    </div>
  );
}

/** A label over its value, so a long Thai or Lao value has the whole width of a 320 px phone. */
function Item({ label, children, action }: { label: string; children: ReactNode; action?: ReactNode }) {
  return (
    <div className="py-3">
      <dt className="text-xs text-mist-400">{label}</dt>
      <dd className="mt-0.5 flex items-center justify-between gap-2 text-[15px] text-snow">
        <span className="min-w-0">{children}</span>
        {/* The 44 px target reaches into the padding: the row stays as tall as its text. */}
        {action ? <span className="-my-3 -mr-2 shrink-0">{action}</span> : null}
      </dd>
    </div>
  );
}
