import { UserRoundX, Wallet } from 'lucide-react';
import { useId, type ReactNode } from 'react';
import type { ConsoleConversation, MemberContextResponse } from '@wallet/contract/http/console';
import type { SlipRow } from '@wallet/contract/http/deposit';
import type { StatementRow } from '@wallet/contract/http/statement';
import { BankBadge } from '../../components/bank-badge';
import { ErrorAlert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Loading } from '../../components/ui/loading';
import { errorCodeOf } from '../../lib/api-client';
import { formatDate, formatDateTime, formatMoney } from '../../lib/format';
import { errorText } from '../../lib/i18n';
import { useConsoleTranslation } from './console-texts';
import { useMemberContext } from './inbox-api';

/** The colours of a status, as the member's statement shows them. */
const STATUS_STYLE: Record<string, string> = {
  SUCCESS: 'bg-mint-400/15 text-mint-400',
  FAILED: 'bg-rose-400/15 text-rose-400',
  PENDING: 'bg-amber-400/15 text-amber-400',
  REVIEW: 'bg-amber-400/15 text-amber-400',
};

/**
 * What staff see beside a member's conversation: the wallet, the latest deposits and withdrawals
 * with their status, and the slips' statuses. A guest has no account, so nothing to show.
 */
export function MemberPanel({ conversation }: { conversation: ConsoleConversation }) {
  const { t } = useConsoleTranslation();
  const memberId = conversation.member?.id ?? null;
  const context = useMemberContext(memberId);

  if (memberId === null) {
    return (
      <div className="flex flex-col items-center gap-2 px-6 py-10 text-center text-mist-400">
        <UserRoundX className="size-8" aria-hidden="true" />
        <p>{t('member.guest')}</p>
      </div>
    );
  }
  if (context.isPending) return <Loading />;
  if (context.isError) {
    return (
      <div className="p-4">
        <ErrorAlert
          action={
            <Button variant="secondary" onClick={() => void context.refetch()}>
              {t('action.retry')}
            </Button>
          }
        >
          {errorText(errorCodeOf(context.error))}
        </ErrorAlert>
      </div>
    );
  }
  return <MemberDetails context={context.data} />;
}

/**
 * The member's profile, wallet and latest money: the panel's body, and the profile card of the
 * members screen's member view (one component, two places).
 */
export function MemberDetails({ context }: { context: MemberContextResponse }) {
  const { t } = useConsoleTranslation();
  const { member, wallet } = context;
  const walletId = useId();
  return (
    <div className="space-y-5 p-4">
      <div>
        <p className="text-lg font-bold break-words">{member.name}</p>
        <dl className="mt-1 grid grid-cols-[auto_1fr] gap-x-3 gap-y-0.5 text-sm">
          <dt className="text-mist-500">{t('member.phone')}</dt>
          <dd className="tabular-nums">{member.username}</dd>
          {member.bank ? (
            <>
              <dt className="text-mist-500">{t('member.bank')}</dt>
              <dd className="flex min-w-0 items-start gap-2 break-words">
                <BankBadge code={member.bank.bankCode} size="sm" />
                <span className="min-w-0">
                  {member.bank.bankCode} · <span className="tabular-nums">{member.bank.accountNo}</span>
                  <span className="block text-mist-400">{member.bank.accountName}</span>
                  {/* The account's currency (decision 069); a payout goes only to one in the wallet's. */}
                  {member.bank.currency === member.currency ? (
                    <span className="block text-mist-400">
                      {t('member.bankCurrency', { currency: t(`settings.currency.${member.bank.currency}`) })}
                    </span>
                  ) : (
                    <span className="block font-semibold text-amber-300">
                      {t('member.bankCurrencyDiffers', {
                        account: t(`settings.currency.${member.bank.currency}`),
                        wallet: t(`settings.currency.${member.currency}`),
                      })}
                    </span>
                  )}
                </span>
              </dd>
            </>
          ) : null}
          <dt className="text-mist-500">{t('member.since')}</dt>
          <dd className="tabular-nums">{formatDate(member.createdAt)}</dd>
        </dl>
      </div>
      <section aria-labelledby={walletId} className="rounded-2xl bg-ink-700 p-4">
        <h3 id={walletId} className="flex items-center gap-2 text-sm text-mist-300">
          <Wallet className="size-4 text-gold-300" aria-hidden="true" />
          {t('member.wallet')}
        </h3>
        <p data-testid="member-wallet" className="mt-1 text-2xl font-bold text-gold-300 tabular-nums">
          {formatMoney(wallet.amount, wallet.currency)}
        </p>
      </section>
      <MoneyList title={t('member.deposits')} rows={context.deposits} currency={wallet.currency} />
      <MoneyList title={t('member.withdrawals')} rows={context.withdrawals} currency={wallet.currency} />
      <Section title={t('member.slips')} empty={context.slips.length === 0}>
        {context.slips.map((slip, index) => (
          <SlipLine key={`${slip.createdAt}-${index}`} slip={slip} currency={wallet.currency} />
        ))}
      </Section>
    </div>
  );
}

function Section({ title, empty, children }: { title: string; empty: boolean; children: ReactNode }) {
  const { t } = useConsoleTranslation();
  return (
    <section>
      <h3 className="mb-1.5 text-sm font-semibold text-mist-300">{title}</h3>
      {empty ? (
        <p className="text-sm text-mist-500">{t('member.none')}</p>
      ) : (
        <ul aria-label={title} className="divide-y divide-white/5 rounded-xl bg-ink-900">
          {children}
        </ul>
      )}
    </section>
  );
}

/** A money row's status as the member's statement colours it. */
export function MoneyStatus({ status }: { status: string }) {
  const { t } = useConsoleTranslation();
  return (
    <span className={`shrink-0 rounded-full px-2 py-0.5 text-xs font-medium ${STATUS_STYLE[status] ?? ''}`}>
      {t(`statement.status.${status}`)}
    </span>
  );
}

function MoneyList({
  title,
  rows,
  currency,
}: {
  title: string;
  rows: StatementRow[];
  currency: MemberContextResponse['wallet']['currency'];
}) {
  return (
    <Section title={title} empty={rows.length === 0}>
      {rows.map((row) => (
        <li key={row.id} data-status={row.status} className="flex items-center gap-2 px-3 py-2">
          <span className="min-w-0 flex-1">
            <span className="block font-semibold tabular-nums">{formatMoney(row.amount, currency)}</span>
            <span className="block truncate text-xs text-mist-500 tabular-nums">
              {formatDateTime(row.createdAt)}
              {row.from !== 'bank' && row.from !== 'wallet' ? ` · ${row.from}` : ''}
            </span>
          </span>
          <MoneyStatus status={row.status} />
        </li>
      ))}
    </Section>
  );
}

function SlipLine({
  slip,
  currency,
}: {
  slip: SlipRow;
  currency: MemberContextResponse['wallet']['currency'];
}) {
  return (
    <li data-status={slip.status} className="flex items-center gap-2 px-3 py-2">
      <span className="min-w-0 flex-1">
        <span className="block font-semibold tabular-nums">
          {slip.amount === null ? '—' : formatMoney(slip.amount, slip.currency ?? currency)}
        </span>
        <span className="block truncate text-xs text-mist-500 tabular-nums">
          {formatDateTime(slip.createdAt)}
          {slip.reference ? ` · ${slip.reference}` : ''}
        </span>
        {slip.note ? <span className="block text-xs text-rose-300">{errorText(slip.note)}</span> : null}
      </span>
      <MoneyStatus status={slip.status} />
    </li>
  );
}
