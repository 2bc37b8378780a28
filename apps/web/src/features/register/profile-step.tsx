import { ArrowRight } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { Market } from '@wallet/contract/constants';
import { profileStepSchema } from '@wallet/contract/http/account';
import { SelectField, TextField } from '../../components/ui/field';
import { fieldErrors } from '../../lib/form-errors';
import { errorText } from '../../lib/i18n';
import { useLookup } from '../../lib/lookups';
import { storage } from '../../lib/storage';
import { StepActions } from './step-actions';
import { validateRegistration } from './register-api';

export interface ProfileValues {
  name: string;
  username: string;
  password: string;
  sourceCode: string;
  inviteCode: string;
  otpToken?: string | undefined;
}

interface ProfileStepProps {
  market: Market;
  phone: string;
  inviterCode: string | null;
  initial: ProfileValues | null;
  onError: (error: unknown) => void;
  onBack: () => void;
  onDone: (values: ProfileValues) => void;
}

/** Step 3: profile name, password twice, how they heard of us, and the inviter's code. */
export function ProfileStep({
  market,
  phone,
  inviterCode,
  initial,
  onError,
  onBack,
  onDone,
}: ProfileStepProps) {
  const { t } = useTranslation();
  const sources = useLookup('sources');
  const [values, setValues] = useState({
    name: initial?.name ?? '',
    password: initial?.password ?? '',
    confirm: initial?.password ?? '',
    sourceCode: initial?.sourceCode ?? '',
    inviteCode: inviterCode ?? initial?.inviteCode ?? '',
  });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const set = (field: keyof typeof values) => (event: { target: { value: string } }) =>
    setValues({ ...values, [field]: event.target.value });

  async function submit(event: FormEvent) {
    event.preventDefault();
    const { confirm, ...rest } = values;
    const otpToken = storage.getOtpToken(phone) ?? undefined;
    const parsed = profileStepSchema(market).safeParse({ ...rest, username: phone, otpToken });
    const found = parsed.success ? {} : fieldErrors(parsed.error);
    if (!confirm) found.confirm ??= 'FIELD_REQUIRED';
    else if (confirm !== values.password && !found.password) found.confirm = 'PASSWORDS_DO_NOT_MATCH';
    setErrors(found);
    if (!parsed.success || Object.keys(found).length > 0) return;
    setBusy(true);
    try {
      await validateRegistration(parsed.data);
      onDone(parsed.data);
    } catch (failure) {
      onError(failure);
    } finally {
      setBusy(false);
    }
  }

  const error = (field: string) => (errors[field] ? errorText(errors[field]) : undefined);

  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="space-y-4">
      <TextField label={t('register.phone')} value={phone} readOnly name="username" />
      <TextField
        label={t('register.name')}
        name="name"
        autoComplete="nickname"
        value={values.name}
        onChange={set('name')}
        error={error('name')}
      />
      <TextField
        label={t('register.password')}
        name="password"
        type="password"
        autoComplete="new-password"
        value={values.password}
        onChange={set('password')}
        error={error('password')}
        hint={t('register.passwordHint')}
      />
      <TextField
        label={t('register.confirmPassword')}
        name="confirm"
        type="password"
        autoComplete="new-password"
        value={values.confirm}
        onChange={set('confirm')}
        error={error('confirm')}
      />
      <SelectField
        label={t('register.source')}
        name="sourceCode"
        placeholder={t('register.choose')}
        options={(sources.data?.sources ?? []).map((source) => ({
          value: source.code,
          label: source.description,
        }))}
        value={values.sourceCode}
        onChange={set('sourceCode')}
        error={error('sourceCode')}
      />
      <TextField
        label={t('register.inviteCode')}
        name="inviteCode"
        autoCapitalize="characters"
        placeholder={t('register.optional')}
        value={values.inviteCode}
        onChange={(event) => setValues({ ...values, inviteCode: event.target.value.toUpperCase() })}
        readOnly={inviterCode !== null}
        error={error('inviteCode')}
      />
      <StepActions
        onBack={onBack}
        busy={busy}
        icon={<ArrowRight className="size-5" aria-hidden="true" />}
        label={t('register.next')}
      />
    </form>
  );
}
