import { Landmark } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { formatBankAccountNo } from '@wallet/contract/rules';
import { CopyButton } from '../../components/copy-button';
import { ErrorAlert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Loading } from '../../components/ui/loading';
import { ApiError } from '../../lib/api-client';
import { errorText } from '../../lib/i18n';
import type { MoneyRequester } from '../../lib/idempotency';
import { useLookup } from '../../lib/lookups';
import { useProfile } from '../../lib/profile';
import type { DepositTabProps } from './deposit-dialog';
import { ManualDepositForm } from './manual-deposit-form';
import { SlipUpload } from './slip-upload';

const codeOf = (error: unknown) => (error instanceof ApiError ? error.code : 'INTERNAL_SERVER_ERROR');

/** A bank's name in the member's language: Thai names serve Thai and Lao readers. */
function useBankName() {
  const { i18n } = useTranslation();
  return (bank: { nameTH: string; nameEN: string }) => (i18n.language === 'en' ? bank.nameEN : bank.nameTH);
}

/**
 * Bank transfer (spec sections 2, 5 and 9): the operator's receiving accounts, the rules of a
 * transfer, the slip upload, and, where the operator allows it, a manual deposit notice.
 */
export function BankTab({ money, currency, onDeposited }: DepositTabProps & { money: MoneyRequester }) {
  const { t } = useTranslation();
  const deposit = useLookup('deposit');
  const slip = useLookup('slip');
  const profile = useProfile();
  const bankName = useBankName();
  const own = profile.data?.bankAccount;
  const minutes = slip.data?.slip.maxAgeMinutes;

  return (
    // NOTE: compact, so the slip upload's button is in view at 390 x 844 as the tab opens: a
    // member back from the banking app comes for it.
    <div className="space-y-4">
      <section className="space-y-2">
        <h3 className="text-sm font-medium text-mist-300">{t('deposit.bank.to')}</h3>
        {deposit.isPending ? (
          <Loading />
        ) : deposit.isError ? (
          <ErrorAlert
            action={
              <Button variant="secondary" className="px-3 text-sm" onClick={() => void deposit.refetch()}>
                {t('action.retry')}
              </Button>
            }
          >
            {errorText(codeOf(deposit.error))}
          </ErrorAlert>
        ) : deposit.data.banks.length === 0 ? (
          <p className="rounded-xl bg-ink-900 px-4 py-3 text-sm text-mist-300">{t('deposit.bank.none')}</p>
        ) : (
          <ul className="space-y-2">
            {deposit.data.banks.map((bank) => {
              const name = bankName(bank.bank);
              return (
                <li
                  key={`${bank.bankCode}-${bank.bankAccountNo}`}
                  className="flex items-center gap-3 rounded-xl bg-ink-900 py-2 pr-1.5 pl-4"
                >
                  {/* No room for the icon beside a whole account number on the narrowest phones. */}
                  <span className="hidden size-10 shrink-0 items-center justify-center rounded-xl bg-ink-700 text-gold-300 min-[360px]:inline-flex">
                    <Landmark className="size-5" aria-hidden="true" />
                  </span>
                  <div className="min-w-0 flex-1">
                    <p className="text-[15px] leading-snug font-medium break-words">{name}</p>
                    <p className="text-[13px] leading-snug break-words text-mist-300">
                      {bank.bankAccountName}
                    </p>
                    <p className="text-[17px] leading-snug font-semibold tracking-wide break-all text-gold-300 tabular-nums">
                      {formatBankAccountNo(bank.bankAccountNo)}
                    </p>
                  </div>
                  <CopyButton text={bank.bankAccountNo} label={t('deposit.bank.copy', { bank: name })} />
                </li>
              );
            })}
          </ul>
        )}
        <ul className="list-disc space-y-1 pl-5 text-sm text-mist-300 marker:text-gold-400">
          <li>
            {own
              ? t('deposit.bank.fromOwn', {
                  bank: bankName(own.bank),
                  account: formatBankAccountNo(own.bankAccountNo),
                })
              : t('deposit.bank.fromOwnAny')}
          </li>
          {minutes ? <li>{t('deposit.bank.slipWithin', { count: minutes })}</li> : null}
        </ul>
      </section>
      <SlipUpload money={money} currency={currency} slip={slip.data?.slip} onDeposited={onDeposited} />
      {deposit.data?.isManual ? <ManualDepositForm money={money} currency={currency} /> : null}
    </div>
  );
}
