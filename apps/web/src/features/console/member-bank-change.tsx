import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { MemberBankResponse } from '@wallet/contract/http/console-member-actions';
import type { MemberViewResponse } from '@wallet/contract/http/console-members';
import type { Currency } from '@wallet/contract/money';
import { bankAccountCurrencies } from '@wallet/contract/rules';
import { Button } from '../../components/ui/button';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { SelectField, TextAreaField, TextField } from '../../components/ui/field';
import { useToast } from '../../components/ui/toast';
import { errorCodeOf } from '../../lib/api-client';
import { errorText } from '../../lib/i18n';
import { useLookup } from '../../lib/lookups';
import { queryKeys } from '../../lib/query-keys';
import { consoleRequest, useStaffCan } from './console-api';
import { useConsoleTranslation } from './console-texts';

/**
 * "Change bank account" for staff who may manage members and read their numbers whole: the new
 * bank, number, holder's name and the account's currency, and why; the server checks them as at
 * registration. The currency offered is the bank's (a Thai bank: baht; a Lao bank: kip or baht,
 * decision 069), the wallet's first where the bank holds it, as registration assumes.
 */
export function BankChangeButton({ view }: { view: MemberViewResponse }) {
  const { t } = useConsoleTranslation();
  const toast = useToast();
  const queryClient = useQueryClient();
  const memberId = view.context.member.id;
  const mayManage = useStaffCan('members.manage');
  const mayReadWhole = useStaffCan('members.personal');
  const allowed = mayManage && mayReadWhole;
  const banks = useLookup('banks', { enabled: allowed });
  const [open, setOpen] = useState(false);
  const [values, setValues] = useState({ bankCode: '', bankAccountNo: '', bankAccountName: '', reason: '' });
  const [currency, setCurrency] = useState<Currency | null>(null);
  const wallet = view.context.member.currency;
  const bank = banks.data?.banks.find((one) => one.code === values.bankCode);
  const offered = bank ? bankAccountCurrencies(bank.market) : [];
  // What staff chose, while the bank holds it; else the wallet's where it can be (the server's rule).
  const chosen =
    currency !== null && offered.includes(currency)
      ? currency
      : offered.includes(wallet)
        ? wallet
        : offered[0];
  const change = useMutation({
    mutationFn: () =>
      consoleRequest(`/api/console/members/${memberId}/bank`, {
        method: 'PUT',
        body: { ...values, ...(chosen ? { currency: chosen } : {}) },
        schema: MemberBankResponse,
      }),
    onSuccess: () => {
      toast.show('success', t('memberActions.bankChanged'), { after: 'close' });
      setOpen(false);
      void queryClient.invalidateQueries({ queryKey: queryKeys.console.memberView(memberId) });
    },
  });
  if (!allowed) return null;
  const set = (field: keyof typeof values) => (event: { target: { value: string } }) =>
    setValues((current) => ({ ...current, [field]: event.target.value }));
  const complete = Object.values(values).every((value) => value.trim() !== '');
  return (
    <>
      <Button variant="secondary" onClick={() => setOpen(true)}>
        {t('memberActions.changeBank')}
      </Button>
      <ConfirmDialog
        open={open}
        onClose={() => {
          setOpen(false);
          change.reset();
        }}
        title={t('memberActions.changeBankTitle', { name: view.context.member.name })}
        confirmLabel={t('memberActions.changeBank')}
        cancelLabel={t('memberActions.cancel')}
        layout="stacked"
        pending={change.isPending}
        notice={
          change.isError ? (
            <span className="text-rose-400">{errorText(errorCodeOf(change.error))}</span>
          ) : null
        }
        onConfirm={() => {
          if (complete) change.mutate();
        }}
      >
        <div className="space-y-3">
          <p>{t('memberActions.changeBankBody')}</p>
          <SelectField
            label={t('memberActions.bank')}
            placeholder={t('memberActions.choose')}
            value={values.bankCode}
            onChange={set('bankCode')}
            options={(banks.data?.banks ?? []).map((one) => ({ value: one.code, label: one.name }))}
          />
          {chosen ? (
            <SelectField
              label={t('memberActions.accountCurrency')}
              placeholder={t('memberActions.choose')}
              value={chosen}
              disabled={offered.length < 2}
              hint={t('memberActions.accountCurrencyHint')}
              onChange={(event) => setCurrency(event.target.value as Currency)}
              options={offered.map((one) => ({ value: one, label: t(`settings.currency.${one}`) }))}
            />
          ) : null}
          {chosen && chosen !== wallet ? (
            <p role="note" className="text-sm font-semibold text-amber-300">
              {t('memberActions.currencyDiffers', {
                account: t(`settings.currency.${chosen}`),
                wallet: t(`settings.currency.${wallet}`),
              })}
            </p>
          ) : null}
          <TextField
            label={t('memberActions.accountNo')}
            inputMode="numeric"
            value={values.bankAccountNo}
            onChange={set('bankAccountNo')}
          />
          <TextField
            label={t('memberActions.accountName')}
            value={values.bankAccountName}
            onChange={set('bankAccountName')}
          />
          <TextAreaField
            label={t('memberActions.reason')}
            maxLength={500}
            value={values.reason}
            onChange={set('reason')}
          />
        </div>
      </ConfirmDialog>
    </>
  );
}
