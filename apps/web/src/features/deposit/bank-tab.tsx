import { useDepositTranslation } from '../../lib/deposit-texts';
import { useQuery } from '@tanstack/react-query';
import { formatBankAccountNo } from '@wallet/contract/rules';
import { BankBadge } from '../../components/bank-badge';
import { CopyButton } from '../../components/copy-button';
import { ErrorAlert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Loading } from '../../components/ui/loading';
import { ApiError } from '../../lib/api-client';
import { useBankName } from '../../lib/banks';
import { formatMoney } from '../../lib/format';
import { errorText } from '../../lib/i18n';
import { limitsQuery } from '../../lib/limits';
import { useLimitsTranslation } from '../../lib/limits-texts';
import type { MoneyRequester } from '../../lib/idempotency';
import { useLookup } from '../../lib/lookups';
import { useProfile } from '../../lib/profile';
import type { DepositTabProps } from './deposit-dialog';
import { ManualDepositForm } from './manual-deposit-form';
import { SlipUpload } from './slip-upload';

const codeOf = (error: unknown) => (error instanceof ApiError ? error.code : 'INTERNAL_SERVER_ERROR');

/**
 * Bank transfer (spec sections 2, 5 and 9): the operator's receiving accounts, the rules of a
 * transfer, the slip upload, and, where the operator allows it, a manual deposit notice.
 */
export function BankTab({ money, currency, onDeposited }: DepositTabProps & { money: MoneyRequester }) {
  const { t } = useDepositTranslation();
  const deposit = useLookup('deposit');
  const slip = useLookup('slip');
  const profile = useProfile();
  const own = profile.data?.bankAccount;
  const ownBankName = useBankName(own?.bank.code, own?.bank.name);
  const minutes = slip.data?.slip.maxAgeMinutes;
  // Only the operator's accounts in the wallet's currency (issue 32 section 2): a transfer to one
  // in another currency cannot be credited to this wallet.
  const ours = (deposit.data?.banks ?? []).filter((bank) => bank.currency === currency);
  const ownOtherCurrency = own !== undefined && own.currency !== currency;
  // What the member's deposit limits still allow, said before they transfer (issue 29).
  const remaining = useQuery(limitsQuery).data?.depositRemaining ?? null;
  const { t: limitsT } = useLimitsTranslation();

  return (
    // NOTE: compact, so the slip upload's button is in view at 390 x 844 as the tab opens: a
    // member back from the banking app comes for it.
    <div className="space-y-4">
      {remaining === null ? null : (
        <p role="status" className="rounded-xl bg-gold-500/10 px-4 py-2.5 text-sm font-medium text-gold-300">
          {limitsT('remaining', { amount: formatMoney(remaining, currency) })}
        </p>
      )}
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
        ) : ours.length === 0 ? (
          <p className="rounded-xl bg-ink-900 px-4 py-3 text-sm text-mist-300">{t('deposit.bank.none')}</p>
        ) : (
          <ul className="space-y-2">
            {ours.map((bank) => {
              // Named by the deposit lookup, asked in the current language.
              const name = bank.bank.name;
              return (
                <li
                  key={`${bank.bankCode}-${bank.bankAccountNo}`}
                  className="grid grid-cols-[auto_minmax(0,1fr)_auto] items-center gap-x-3 rounded-xl bg-ink-900 py-2 pr-1.5 pl-4"
                >
                  {/* NOTE: below 360 px the names run over the copy button's column and the number
                      under the badge, so a name is not squeezed into a narrow column and a 13-digit
                      number stays on one line beside the copy button, which moves down to it.
                      Placed by start and end lines only: a span utility resets the start. */}
                  <span className="col-start-1 row-start-1 inline-flex min-[360px]:row-end-3">
                    <BankBadge code={bank.bankCode} />
                  </span>
                  <div className="col-start-2 col-end-4 row-start-1 min-w-0 min-[360px]:col-end-3">
                    <p className="text-[15px] leading-snug font-medium break-words">{name}</p>
                    <p className="text-[13px] leading-snug break-words text-mist-300">
                      {bank.bankAccountName}
                    </p>
                  </div>
                  <p className="col-start-1 col-end-3 row-start-2 text-[17px] leading-snug font-semibold tracking-wide break-all text-gold-300 tabular-nums min-[360px]:col-start-2">
                    <span className="whitespace-nowrap">{formatBankAccountNo(bank.bankAccountNo)}</span>
                    {/* Beside the number, not the bank's name: a long English name and its label
                        took a second line and pushed the slip upload below the fold. */}
                    <span
                      data-currency={bank.currency}
                      className="ml-2 inline-block rounded-md bg-gold-500/15 px-1.5 py-0.5 align-[3px] text-[11px] leading-none font-semibold tracking-normal whitespace-nowrap text-gold-300"
                    >
                      {t(`deposit.bank.currency.${bank.currency}`)}
                    </span>
                  </p>
                  <span className="col-start-3 row-start-2 inline-flex min-[360px]:row-start-1 min-[360px]:row-end-3">
                    <CopyButton text={bank.bankAccountNo} label={t('deposit.bank.copy', { bank: name })} />
                  </span>
                </li>
              );
            })}
          </ul>
        )}
        <ul className="list-disc space-y-1 pl-5 text-sm text-mist-300 marker:text-gold-400">
          <li>
            {own
              ? t('deposit.bank.fromOwn', {
                  bank: ownBankName,
                  account: formatBankAccountNo(own.bankAccountNo),
                })
              : t('deposit.bank.fromOwnAny')}
          </li>
          {minutes ? <li>{t('deposit.bank.slipWithin', { count: minutes })}</li> : null}
        </ul>
        {/* Said before money moves (decision 069): a transfer in another currency is not credited. */}
        {ownOtherCurrency ? (
          <p
            data-reason="currency"
            role="alert"
            className="rounded-xl bg-amber-400/10 px-4 py-3 text-sm text-amber-300"
          >
            {t('deposit.bank.ownOtherCurrency', {
              account: t(`deposit.bank.currency.${own.currency}`),
              wallet: t(`deposit.bank.currency.${currency}`),
            })}
          </p>
        ) : null}
      </section>
      <SlipUpload money={money} currency={currency} slip={slip.data?.slip} onDeposited={onDeposited} />
      {deposit.data?.isManual ? <ManualDepositForm money={money} currency={currency} /> : null}
    </div>
  );
}
