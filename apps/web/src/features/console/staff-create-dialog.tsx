import { UserPlus } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { StaffCreateRequest, type StaffCreateResponse } from '@wallet/contract/http/console';
import type { StaffRole } from '@wallet/contract/staff-roles';
import { CopyButton } from '../../components/copy-button';
import { ErrorAlert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Dialog } from '../../components/ui/dialog';
import { SelectField, TextField } from '../../components/ui/field';
import { errorCodeOf } from '../../lib/api-client';
import { fieldErrors } from '../../lib/form-errors';
import { errorText } from '../../lib/i18n';
import { useConsoleTranslation } from './console-texts';
import { useCreateStaff } from './staff-api';

/**
 * Adds a staff member: username, name and a role the signed-in owner may give. The answer's
 * password is shown here once, with a copy button: the server keeps only its hash, and the new
 * member enrols their authenticator at their first sign-in.
 */
export function StaffCreateDialog({
  open,
  onClose,
  roles,
}: {
  open: boolean;
  onClose: () => void;
  /** The roles the signed-in staff member may give (mayGiveRole). */
  roles: readonly StaffRole[];
}) {
  const { t } = useConsoleTranslation();
  const create = useCreateStaff();
  const [form, setForm] = useState({ username: '', name: '', role: 'support' });
  const [errors, setErrors] = useState<{ username?: string; name?: string; role?: string }>({});
  const [made, setMade] = useState<StaffCreateResponse | null>(null);

  function close() {
    // The password goes with the dialog: it is never shown again.
    setMade(null);
    setForm({ username: '', name: '', role: 'support' });
    setErrors({});
    create.reset();
    onClose();
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = StaffCreateRequest.safeParse(form);
    if (!parsed.success || !roles.includes(parsed.data.role)) {
      const codes = parsed.success ? {} : fieldErrors(parsed.error);
      setErrors({
        username: codes.username && t('staff.create.usernameRule'),
        name: codes.name && t('signIn.required'),
        role: codes.role || parsed.success ? t('signIn.required') : undefined,
      });
      return;
    }
    setErrors({});
    create.mutate(parsed.data, { onSuccess: setMade });
  }

  if (made) {
    return (
      <Dialog
        open={open}
        onClose={close}
        title={t('staff.create.madeTitle', { name: made.staff.name })}
        footer={
          <Button block onClick={close}>
            {t('staff.create.done')}
          </Button>
        }
      >
        <div className="space-y-3">
          <p className="text-mist-300">{t('staff.create.madeText', { username: made.staff.username })}</p>
          <div>
            <p className="text-sm font-medium text-mist-300">{t('staff.create.password')}</p>
            <div className="mt-1 flex items-center gap-1 rounded-xl bg-ink-900 pl-4">
              <code
                data-testid="staff-password"
                className="min-w-0 flex-1 font-mono text-[15px] break-all text-snow"
              >
                {made.password}
              </code>
              <CopyButton text={made.password} label={t('staff.create.copy')} />
            </div>
          </div>
          <p className="text-sm text-gold-300">{t('staff.create.once')}</p>
        </div>
      </Dialog>
    );
  }

  return (
    <Dialog open={open} onClose={close} title={t('staff.create.title')}>
      <form noValidate onSubmit={submit} className="space-y-4">
        <TextField
          label={t('staff.create.username')}
          name="username"
          autoCapitalize="none"
          autoComplete="off"
          spellCheck={false}
          value={form.username}
          onChange={(event) => setForm({ ...form, username: event.target.value })}
          error={errors.username}
        />
        <TextField
          label={t('staff.create.name')}
          name="name"
          autoComplete="off"
          value={form.name}
          onChange={(event) => setForm({ ...form, name: event.target.value })}
          error={errors.name}
        />
        <SelectField
          label={t('staff.role')}
          name="role"
          placeholder={t('staff.chooseRole')}
          options={roles.map((role) => ({ value: role, label: t(`staff.roles.${role}`) }))}
          value={form.role}
          onChange={(event) => setForm({ ...form, role: event.target.value })}
          error={errors.role}
        />
        {create.isError ? <ErrorAlert>{errorText(errorCodeOf(create.error))}</ErrorAlert> : null}
        <Button
          type="submit"
          block
          loading={create.isPending}
          icon={<UserPlus className="size-5" aria-hidden="true" />}
        >
          {t('staff.create.submit')}
        </Button>
      </form>
    </Dialog>
  );
}
