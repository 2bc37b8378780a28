import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { BankAccountNameRequest } from '@wallet/contract/http/account';
import { Button } from '../../components/ui/button';
import { Dialog } from '../../components/ui/dialog';
import { TextField } from '../../components/ui/field';
import { useToast } from '../../components/ui/toast';
import { ApiError } from '../../lib/api-client';
import { errorText } from '../../lib/i18n';
import { changeBankAccountName, useSetProfile } from './profile-api';

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
  const setProfile = useSetProfile();
  const [name, setName] = useState('');
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = BankAccountNameRequest.safeParse({ bankCode, bankAccountName: name });
    if (!parsed.success) return setError(errorText(parsed.error.issues[0]!.message));
    setError(undefined);
    setBusy(true);
    try {
      setProfile(await changeBankAccountName(parsed.data.bankCode, parsed.data.bankAccountName));
      toast.show('success', t('profile.accountNameChanged'));
      onClose();
    } catch (failure) {
      setError(errorText(failure instanceof ApiError ? failure.code : 'INTERNAL_SERVER_ERROR'));
    } finally {
      setBusy(false);
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
        <Button type="submit" block loading={busy}>
          {t('profile.save')}
        </Button>
      </form>
    </Dialog>
  );
}
