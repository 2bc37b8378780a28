import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ChangePasswordRequest } from '@wallet/contract/http/account';
import { Button } from '../../components/ui/button';
import { Dialog } from '../../components/ui/dialog';
import { TextField } from '../../components/ui/field';
import { useToast } from '../../components/ui/toast';
import { errorCodeOf } from '../../lib/api-client';
import { errorText } from '../../lib/i18n';
import { useChangePassword } from './profile-api';

const EMPTY = { oldPassword: '', newPassword: '', confirm: '' };
/** The field a refusal of the server is about. */
const FIELD_OF: Record<string, keyof typeof EMPTY> = {
  WRONG_PASSWORD: 'oldPassword',
  PASSWORD_LENGTH: 'newPassword',
  PASSWORD_TOO_COMMON: 'newPassword',
  PASSWORD_SAME_AS_OLD: 'newPassword',
};

/** Old, new and confirmed new password (spec section 5, Change password). */
export function ChangePasswordDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const toast = useToast();
  const [values, setValues] = useState(EMPTY);
  /** A broken rule or a refusal is told on its field; any other failure above the button. */
  const [errors, setErrors] = useState<Partial<Record<keyof typeof EMPTY, string>>>({});
  const [error, setError] = useState<string | null>(null);
  const save = useChangePassword();

  const close = () => {
    setValues(EMPTY);
    setErrors({});
    setError(null);
    onClose();
  };

  async function submit(event: FormEvent) {
    event.preventDefault();
    setError(null);
    // All three are required, and an empty one says so on its field (issue 16; the spec's "silently
    // nothing" left members guessing). The contract's rules, then the confirmation.
    const parsed = ChangePasswordRequest.safeParse(values);
    const found: Partial<Record<keyof typeof EMPTY, string>> = {};
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] as keyof typeof EMPTY;
        found[field] ??= issue.message;
      }
    }
    if (!values.confirm) found.confirm = 'FIELD_REQUIRED';
    else if (!found.newPassword && values.newPassword !== values.confirm)
      found.confirm = 'PASSWORD_NOT_EQUAL';
    setErrors(found);
    if (!parsed.success || Object.keys(found).length > 0) return;
    try {
      await save.mutateAsync(parsed.data);
      toast.show('success', t('profile.passwordChanged'), { after: 'close' });
      close();
    } catch (failure) {
      const code = errorCodeOf(failure);
      const field = FIELD_OF[code];
      if (field) setErrors({ [field]: code });
      else setError(errorText(code));
    }
  }

  const set = (field: keyof typeof EMPTY) => (event: { target: { value: string } }) =>
    setValues({ ...values, [field]: event.target.value });
  const fieldError = (field: keyof typeof EMPTY) => (errors[field] ? errorText(errors[field]) : undefined);

  return (
    <Dialog open={open} onClose={close} title={t('profile.changePassword')}>
      <form id="change-password" noValidate onSubmit={(event) => void submit(event)} className="space-y-4">
        <TextField
          label={t('profile.oldPassword')}
          name="oldPassword"
          type="password"
          autoComplete="current-password"
          value={values.oldPassword}
          onChange={set('oldPassword')}
          error={fieldError('oldPassword')}
        />
        <TextField
          label={t('profile.newPassword')}
          name="newPassword"
          type="password"
          autoComplete="new-password"
          value={values.newPassword}
          onChange={set('newPassword')}
          error={fieldError('newPassword')}
          hint={t('register.passwordHint')}
        />
        <TextField
          label={t('profile.confirmNewPassword')}
          name="confirm"
          type="password"
          autoComplete="new-password"
          value={values.confirm}
          onChange={set('confirm')}
          error={fieldError('confirm')}
        />
        {error ? (
          <div role="alert" className="rounded-xl bg-rose-500/15 px-4 py-3 text-sm text-rose-300">
            <p className="font-semibold">{t('error.title')}</p>
            <p>{error}</p>
          </div>
        ) : null}
        <Button type="submit" block loading={save.isPending}>
          {t('profile.savePassword')}
        </Button>
      </form>
    </Dialog>
  );
}
