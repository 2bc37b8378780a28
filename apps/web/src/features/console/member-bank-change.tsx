import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { MemberBankResponse } from '@wallet/contract/http/console-member-actions';
import type { MemberViewResponse } from '@wallet/contract/http/console-members';
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
 * bank, number and holder's name, and why; the server checks them as at registration.
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
  const change = useMutation({
    mutationFn: () =>
      consoleRequest(`/api/console/members/${memberId}/bank`, {
        method: 'PUT',
        body: values,
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
            options={(banks.data?.banks ?? []).map((bank) => ({ value: bank.code, label: bank.name }))}
          />
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
