import { Clock, ExternalLink } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import type { DepositReviewItem } from '@wallet/contract/http/console-deposits';
import { BankBadge } from '../../../components/bank-badge';
import { Button } from '../../../components/ui/button';
import { formatDateTime, formatMoney, timeAgo } from '../../../lib/format';
import { useNow } from '../../../lib/use-now';
import { useConsoleTranslation } from '../console-texts';
import { RiskFlagChip } from '../risk-flag-chip';
import { DecideDialog } from './decide-dialog';

/** Only the server's own signed links are shown as images (never a URL of another origin). */
const SLIP_IMAGE = /^\/api\/slips\/image\/\d+\?/;

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs text-mist-500">{label}</dt>
      <dd className="break-words text-sm text-mist-200 tabular-nums">{children}</dd>
    </div>
  );
}

/** What the item shows as its proof: the slip and the verifier's word, the gateway's event, … */
function Evidence({ item }: { item: DepositReviewItem }) {
  const { t } = useConsoleTranslation();
  const { evidence } = item;
  if (evidence.kind === 'slip') {
    const image = evidence.imageUrl && SLIP_IMAGE.test(evidence.imageUrl) ? evidence.imageUrl : null;
    return (
      <div className="grid gap-3 sm:grid-cols-[minmax(0,12rem)_1fr]">
        {image ? (
          <a href={image} target="_blank" rel="noreferrer" className="group block">
            <img
              src={image}
              alt={t('deposits.slipImage')}
              className="max-h-72 w-full rounded-xl bg-ink-900 object-contain"
            />
            <span className="mt-1 flex items-center gap-1 text-xs text-sky-300 group-hover:underline">
              <ExternalLink className="size-3.5" aria-hidden="true" />
              {t('deposits.openImage')}
            </span>
          </a>
        ) : (
          <p className="rounded-xl bg-ink-900 p-3 text-sm text-mist-400">{t('deposits.noImage')}</p>
        )}
        <dl className="grid grid-cols-2 content-start gap-x-4 gap-y-2">
          <Fact label={t('deposits.reference')}>{evidence.reference ?? t('deposits.unknown')}</Fact>
          <Fact label={t('deposits.sendingBank')}>{evidence.sendingBank ?? t('deposits.unknown')}</Fact>
          <Fact label={t('deposits.paidAt')}>
            {evidence.paidAt ? formatDateTime(evidence.paidAt) : t('deposits.unknown')}
          </Fact>
          <div className="col-span-2">
            <Fact label={t('deposits.sender')}>
              {evidence.sender
                ? [evidence.sender.bankCode, evidence.sender.accountNo, evidence.sender.names.join(' / ')]
                    .filter(Boolean)
                    .join(' · ')
                : t('deposits.senderUnknown')}
            </Fact>
          </div>
          {evidence.unconfirmed ? (
            <div className="col-span-2">
              <Fact label={t('deposits.why')}>
                <span className="text-amber-300">{t(`deposits.unconfirmed.${evidence.unconfirmed}`)}</span>
              </Fact>
            </div>
          ) : null}
        </dl>
      </div>
    );
  }
  return (
    <dl className="grid grid-cols-2 gap-x-4 gap-y-2">
      {evidence.kind === 'qr' ? (
        <>
          <Fact label={t('deposits.qrcode')}>{evidence.qrcodeId}</Fact>
          <Fact label={t('deposits.channel')}>{evidence.provider}</Fact>
          <Fact label={t('deposits.paidAt')}>{formatDateTime(evidence.paidAt)}</Fact>
          <Fact label={t('deposits.event')}>{evidence.eventId}</Fact>
        </>
      ) : evidence.kind === 'gift' ? (
        <>
          <Fact label={t('deposits.voucher')}>{evidence.voucherCode}</Fact>
          <Fact label={t('deposits.why')}>{t('deposits.attempts', { count: evidence.attempts })}</Fact>
        </>
      ) : (
        <Fact label={t('deposits.notice')}>{evidence.reference}</Fact>
      )}
    </dl>
  );
}

/**
 * One deposit waiting for staff: what arrived against what was expected, the member and their
 * registered bank, the evidence, and, for staff who may decide, Credit and Refuse (Refuse only,
 * with the way back, for money in another currency than the wallet's).
 */
export function DepositCard({ item, mayDecide }: { item: DepositReviewItem; mayDecide: boolean }) {
  const { t } = useConsoleTranslation();
  const [asking, setAsking] = useState<'credit' | 'refuse' | null>(null);
  const money = (minor: number | null) =>
    minor === null ? t('deposits.unknown') : formatMoney(minor, item.currency);
  const headline = item.paid ?? item.expected;
  const now = useNow();
  const age = timeAgo(Date.parse(item.createdAt), now);
  const mismatch = item.expected !== null && item.paid !== null && item.expected !== item.paid;
  // Money in another currency than the wallet's is never credited (decision 078): refuse and return.
  const otherCurrency = item.currency !== item.walletCurrency;
  const kindLabel = t(otherCurrency ? 'deposits.mismatch.kind' : `deposits.kinds.${item.kind}`);

  return (
    <article
      className="card space-y-3 p-4"
      aria-label={`${kindLabel} · ${headline === null ? '' : money(headline)} · ${item.member.name}`}
    >
      <div className="flex flex-wrap items-start justify-between gap-x-4 gap-y-1">
        <div className="min-w-0">
          <p className="text-xs font-semibold tracking-wide text-amber-300 uppercase">{kindLabel}</p>
          <p className="text-2xl font-bold tabular-nums">
            {headline === null ? t('deposits.unknown') : money(headline)}
          </p>
          <p className="break-words">
            <span className="font-semibold">{item.member.name}</span>{' '}
            <span className="text-sm text-mist-400 tabular-nums">
              {item.member.username} · {t('deposits.member', { id: item.member.id })}
            </span>
          </p>
          {item.flags.length > 0 ? (
            <ul className="mt-1.5 flex flex-wrap gap-1.5" aria-label={t('memberActions.risk')}>
              {item.flags.map((flag) => (
                <RiskFlagChip key={flag} flag={flag} />
              ))}
            </ul>
          ) : null}
        </div>
        <p className="flex items-center gap-1.5 text-sm text-mist-400">
          <Clock className="size-4" aria-hidden="true" />
          <span>
            {t('deposits.received', { time: formatDateTime(item.createdAt) })}
            <span className="font-semibold text-amber-300">
              {' · '}
              {age ? t(`time.ago.${age.unit}`, { count: age.count }) : t('time.justNow')}
            </span>
          </span>
        </p>
      </div>
      <dl className="grid grid-cols-2 gap-x-4 gap-y-2 rounded-xl bg-ink-900/60 p-3">
        <Fact label={t('deposits.expected')}>
          {/* A slip or a gift link answers no order of the member's: nothing was asked. */}
          {item.expected === null ? t('deposits.nothingAsked') : money(item.expected)}
        </Fact>
        <Fact label={t('deposits.paid')}>
          <span className={mismatch ? 'font-semibold text-amber-300' : undefined}>{money(item.paid)}</span>
        </Fact>
        <div className="col-span-2">
          <dt className="text-xs text-mist-500">{t('deposits.registeredBank')}</dt>
          <dd className="mt-0.5 flex items-center gap-2 text-sm text-mist-200">
            <BankBadge code={item.member.bank.code} size="sm" />
            <span className="min-w-0 break-words tabular-nums">
              {item.member.bank.code} {item.member.bank.accountNo} · {item.member.bank.accountName}
            </span>
          </dd>
        </div>
        {otherCurrency ? (
          <>
            <Fact label={t('deposits.mismatch.paidIn')}>
              <span className="font-semibold text-rose-300">{t(`settings.currency.${item.currency}`)}</span>
            </Fact>
            <Fact label={t('deposits.mismatch.walletIn')}>
              {t(`settings.currency.${item.walletCurrency}`)}
            </Fact>
          </>
        ) : null}
      </dl>
      {otherCurrency ? (
        <p
          role="note"
          className="rounded-xl border border-rose-400/40 bg-rose-500/10 p-3 text-sm text-rose-100"
        >
          {t('deposits.mismatch.body', {
            amount: money(item.paid),
            paid: t(`settings.currency.${item.currency}`),
            wallet: t(`settings.currency.${item.walletCurrency}`),
            name: item.member.name,
          })}
        </p>
      ) : null}
      <Evidence item={item} />
      {mayDecide ? (
        <div className="flex flex-wrap gap-2 pt-1 [&>button]:flex-1 [&>button]:px-3 sm:[&>button]:flex-none sm:[&>button]:px-5">
          {otherCurrency ? null : <Button onClick={() => setAsking('credit')}>{t('deposits.credit')}</Button>}
          <Button variant="danger" onClick={() => setAsking('refuse')}>
            {t(otherCurrency ? 'deposits.mismatch.refuse' : 'deposits.refuse')}
          </Button>
        </div>
      ) : null}
      {asking ? <DecideDialog item={item} action={asking} onClose={() => setAsking(null)} /> : null}
    </article>
  );
}
