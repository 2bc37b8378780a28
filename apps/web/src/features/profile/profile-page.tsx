import { ChevronRight, CirclePlay, Lock, Pencil, Phone, ShieldCheck, UserRound } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatBankAccountNo } from '@wallet/contract/rules';
import { BankBadge } from '../../components/bank-badge';
import { Page } from '../../components/page';
import { Loading } from '../../components/ui/loading';
import { errorText } from '../../lib/i18n';
import { ApiError } from '../../lib/api-client';
import { useBankName } from '../../lib/banks';
import { formatDate } from '../../lib/format';
import { useLimitsTranslation } from '../../lib/limits-texts';
import { useProfile } from '../../lib/profile';
import { BankNameDialog } from './bank-name-dialog';
import { ChangePasswordDialog } from './change-password-dialog';

function Row({
  icon,
  badge,
  label,
  value,
  wrap = false,
  action,
}: {
  icon?: ReactNode;
  /** Drawn in place of the icon's square (a bank's badge). */
  badge?: ReactNode;
  label: string;
  value: ReactNode;
  /** Long values (a bank's name) wrap instead of being cut. */
  wrap?: boolean;
  action?: ReactNode;
}) {
  return (
    <li className="flex items-center gap-3 px-4 py-3">
      {badge ?? (
        <span className="inline-flex size-10 shrink-0 items-center justify-center rounded-xl bg-ink-700 text-gold-300">
          {icon}
        </span>
      )}
      <div className="min-w-0 flex-1">
        <p className="text-xs text-mist-400">{label}</p>
        <p className={`text-[15px] font-medium ${wrap ? 'leading-snug break-words' : 'truncate'}`}>{value}</p>
      </div>
      {action}
    </li>
  );
}

/** The member's own details (spec section 2, Profile). */
export function ProfilePage() {
  const { t } = useTranslation();
  const { t: limitsT } = useLimitsTranslation();
  const profile = useProfile();
  const [dialog, setDialog] = useState<'password' | 'bankName' | null>(null);
  const bank = profile.data?.bankAccount.bank;
  const bankName = useBankName(bank?.code, bank?.name);

  if (profile.isPending) {
    return (
      <Page title={t('profile.title')}>
        <Loading />
      </Page>
    );
  }
  if (profile.isError) {
    const code = profile.error instanceof ApiError ? profile.error.code : 'INTERNAL_SERVER_ERROR';
    return (
      <Page title={t('profile.title')}>
        <p role="alert" className="rounded-xl bg-rose-500/15 px-4 py-3 text-rose-300">
          {errorText(code)}
        </p>
      </Page>
    );
  }
  const { profile: me, bankAccount } = profile.data;
  const iconButton =
    'inline-flex size-11 shrink-0 items-center justify-center rounded-full text-mist-300 hover:bg-white/5 hover:text-gold-300';

  return (
    <Page title={t('profile.title')}>
      <div className="card mb-4 flex items-center gap-4 p-5">
        <span className="gold-gradient inline-flex size-14 shrink-0 items-center justify-center rounded-2xl text-2xl font-bold text-ink-950">
          {me.name.slice(0, 1).toUpperCase()}
        </span>
        <div className="min-w-0 flex-1">
          <p className="truncate text-lg font-semibold">{me.name}</p>
          <p className="text-sm text-mist-400">
            {t('profile.id')} {me._id} · {t('profile.since', { date: formatDate(me.createdAt) })}
          </p>
        </div>
      </div>
      <ul className="card divide-y divide-white/5">
        <Row
          icon={<Phone className="size-5" aria-hidden="true" />}
          label={t('profile.username')}
          value={me.username}
        />
        <Row
          icon={<UserRound className="size-5" aria-hidden="true" />}
          label={t('profile.accountName')}
          value={bankAccount.bankAccountName}
          action={
            bankAccount.nameEditable ? (
              <button
                type="button"
                className={iconButton}
                aria-label={t('profile.editAccountName')}
                onClick={() => setDialog('bankName')}
              >
                <Pencil className="size-5" aria-hidden="true" />
              </button>
            ) : undefined
          }
        />
        <Row
          badge={<BankBadge code={bankAccount.bank.code} />}
          label={t('profile.bank')}
          value={bankName}
          wrap
        />
        <Row
          icon={<span className="text-sm font-bold">#</span>}
          label={t('profile.accountNo')}
          value={
            <span className="tabular-nums tracking-wide">
              {formatBankAccountNo(bankAccount.bankAccountNo)}
            </span>
          }
        />
      </ul>
      <p className="mt-4 px-1 text-xs text-mist-500">{t('profile.bankChangeNote')}</p>
      {/* A row that says what it does, not a bare padlock (issue 16). */}
      <div className="card mt-4">
        <button
          type="button"
          onClick={() => setDialog('password')}
          className="flex min-h-16 w-full items-center gap-3 rounded-[var(--radius-card)] px-4 py-3 text-left hover:bg-white/5"
        >
          <span className="inline-flex size-10 shrink-0 items-center justify-center rounded-xl bg-ink-700 text-gold-300">
            <Lock className="size-5" aria-hidden="true" />
          </span>
          <span className="min-w-0 flex-1">
            <span className="block text-xs text-mist-400">{t('profile.password')}</span>
            <span className="block text-[15px] font-medium">{t('profile.passwordRow')}</span>
          </span>
          <ChevronRight className="size-5 shrink-0 text-mist-400" aria-hidden="true" />
        </button>
      </div>
      {/* Play limits (issue 29): limits, time-out and self-exclusion. */}
      <div className="card mt-4">
        <Link
          to="/user/profile/limits"
          className="flex min-h-16 w-full items-center gap-3 rounded-[var(--radius-card)] px-4 py-3 text-left hover:bg-white/5"
        >
          <span className="inline-flex size-10 shrink-0 items-center justify-center rounded-xl bg-ink-700 text-gold-300">
            <ShieldCheck className="size-5" aria-hidden="true" />
          </span>
          <span className="min-w-0 flex-1">
            <span className="block text-[15px] font-medium">{limitsT('title')}</span>
            <span className="block text-xs text-mist-400">{limitsT('profileRow')}</span>
          </span>
          <ChevronRight className="size-5 shrink-0 text-mist-400" aria-hidden="true" />
        </Link>
      </div>
      {/* The how-to videos without leaving the member area (/howto would sign the member out). */}
      <div className="card mt-4">
        <Link
          to="/user/howto"
          className="flex min-h-16 w-full items-center gap-3 rounded-[var(--radius-card)] px-4 py-3 text-left hover:bg-white/5"
        >
          <span className="inline-flex size-10 shrink-0 items-center justify-center rounded-xl bg-ink-700 text-gold-300">
            <CirclePlay className="size-5" aria-hidden="true" />
          </span>
          <span className="min-w-0 flex-1">
            <span className="block text-[15px] font-medium">{t('howto.title')}</span>
            <span className="block text-xs text-mist-400">{t('howto.subtitle')}</span>
          </span>
          <ChevronRight className="size-5 shrink-0 text-mist-400" aria-hidden="true" />
        </Link>
      </div>
      <ChangePasswordDialog open={dialog === 'password'} onClose={() => setDialog(null)} />
      {bankAccount.nameEditable ? (
        <BankNameDialog
          open={dialog === 'bankName'}
          bankCode={bankAccount.bank.code}
          onClose={() => setDialog(null)}
        />
      ) : null}
    </Page>
  );
}
