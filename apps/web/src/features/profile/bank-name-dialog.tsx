import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { BankAccountNameRequest } from '@wallet/contract/http/account';
import { Button } from '../../components/ui/button';
import { Dialog } from '../../components/ui/dialog';
import { TextField } from '../../components/ui/field';
import { useToast } from '../../components/ui/toast';
import { errorCodeOf } from '../../lib/api-client';
import { errorText } from '../../lib/i18n';
import { useChangeBankAccountName } from './profile-api';

/** KTB, TMB and BBL need the account name in English letters; the member may correct it once. */
export function BankNameDialog({
  open,
  bankCode,
  onClose,
}: {
  open: boolean;
  bankCode: string;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const toast = useToast();
  const [name, setName] = useState('');
  const [error, setError] = useState<string>();
  const save = useChangeBankAccountName();

  async function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = BankAccountNameRequest.safeParse({ bankCode, bankAccountName: name });
    if (!parsed.success) return setError(errorText(parsed.error.issues[0]!.message));
    setError(undefined);
    try {
      await save.mutateAsync(parsed.data);
      toast.show('success', t('profile.accountNameChanged'), { after: 'close' });
      onClose();
    } catch (failure) {
      setError(errorText(errorCodeOf(failure)));
    }
  }

  return (
    <Dialog open={open} onClose={onClose} title={t('profile.editAccountName')}>
      <form noValidate onSubmit={(event) => void submit(event)} className="space-y-4">
        <p className="text-sm text-mist-300">{t('profile.accountNameIntro')}</p>
        <TextField
          label={t('profile.accountName')}
          name="bankAccountName"
          autoCapitalize="characters"
          value={name}
          onChange={(event) => setName(event.target.value.toUpperCase())}
          error={error}
        />
        <Button type="submit" block loading={save.isPending}>
          {t('profile.save')}
        </Button>
      </form>
    </Dialog>
  );
}
