import { ArrowRight, X } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { useRegisterTranslation } from './register-texts';
import type { Market } from '@wallet/contract/constants';
import { profileStepSchema } from '@wallet/contract/http/account';
import { SelectField, TextField } from '../../components/ui/field';
import { Button } from '../../components/ui/button';
import { ApiError } from '../../lib/api-client';
import { fieldErrors } from '../../lib/form-errors';
import { errorText } from '../../lib/i18n';
import { useLookup } from '../../lib/lookups';
import { storage } from '../../lib/storage';
import type { RegisterDraft } from './register-draft';
import type { Secret } from './register-page';
import { StepActions } from './step-actions';
import { useValidateRegistration } from './register-api';
import { WayForward } from './way-forward';

export type ProfileValues = RegisterDraft['profile'];

interface ProfileStepProps {
  market: Market;
  phone: string;
  inviterCode: string | null;
  /** A code from a link that no member has, dropped as the page opened (issue 31). */
  droppedCode?: string | null;
  /** Forgets the remembered inviter code: the field can be typed in again. */
  onRemoveInviterCode?: () => void;
  values: ProfileValues;
  secret: Secret;
  /** The draft came back after a reload: the password, never stored, is to be typed again. */
  askPasswordAgain: boolean;
  onChange: (values: ProfileValues) => void;
  onSecretChange: (secret: Secret) => void;
  onError: (error: unknown) => void;
  onBack: () => void;
  onDone: () => void;
}

/** The profile step's payload as the contract checks it (the bank step sends it again). */
export const profilePayload = (
  market: Market,
  phone: string,
  values: ProfileValues,
  password: string,
  inviterCode: string | null,
) =>
  profileStepSchema(market).safeParse({
    ...values,
    inviteCode: inviterCode ?? values.inviteCode,
    password,
    username: phone,
    otpToken: storage.getOtpToken(phone) ?? undefined,
  });

/** Step 3: profile name, password twice, how they heard of us, and the inviter's code. */
export function ProfileStep(props: ProfileStepProps) {
  const { market, phone, inviterCode, values, secret, onChange, onSecretChange, onError } = props;
  const { t } = useRegisterTranslation();
  const sources = useLookup('sources');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const validate = useValidateRegistration();
  const set = (field: keyof ProfileValues) => (event: { target: { value: string } }) =>
    onChange({ ...values, [field]: event.target.value });
  const setSecret = (field: keyof Secret) => (event: { target: { value: string } }) =>
    onSecretChange({ ...secret, [field]: event.target.value });

  async function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = profilePayload(market, phone, values, secret.password, inviterCode);
    const found = parsed.success ? {} : fieldErrors(parsed.error);
    if (!secret.confirm) found.confirm ??= 'FIELD_REQUIRED';
    else if (secret.confirm !== secret.password && !found.password) found.confirm = 'PASSWORDS_DO_NOT_MATCH';
    setErrors(found);
    if (!parsed.success || Object.keys(found).length > 0) return;
    try {
      await validate.mutateAsync(parsed.data);
      props.onDone();
    } catch (failure) {
      // Registered since the code was sent: told on the phone, with the way to sign in.
      if (failure instanceof ApiError && failure.code === 'EXISTING_USER')
        setErrors({ username: failure.code });
      else if (failure instanceof ApiError && failure.code === 'INVITE_CODE_INVALID')
        setErrors({ inviteCode: failure.code });
      else onError(failure);
    }
  }

  const error = (field: string) => (errors[field] ? errorText(errors[field]) : undefined);

  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="space-y-4">
      <div>
        <TextField
          label={t('register.phone')}
          value={phone}
          readOnly
          name="username"
          error={error('username')}
        />
        {errors.username === 'EXISTING_USER' ? <WayForward kind="signIn" phone={phone} /> : null}
      </div>
      <TextField
        label={t('register.name')}
        name="name"
        autoComplete="nickname"
        value={values.name}
        onChange={set('name')}
        error={error('name')}
      />
      {props.askPasswordAgain ? (
        <p role="status" className="rounded-xl bg-ink-900 px-4 py-3 text-sm text-mist-300">
          {t('register.passwordAgain')}
        </p>
      ) : null}
      <TextField
        label={t('register.password')}
        name="password"
        type="password"
        autoComplete="new-password"
        value={secret.password}
        onChange={setSecret('password')}
        error={error('password')}
        hint={t('register.passwordHint')}
      />
      <TextField
        label={t('register.confirmPassword')}
        name="confirm"
        type="password"
        autoComplete="new-password"
        value={secret.confirm}
        onChange={setSecret('confirm')}
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
      <div className="space-y-2">
        <TextField
          label={t('register.inviteCode')}
          name="inviteCode"
          autoCapitalize="characters"
          placeholder={t('register.optional')}
          value={inviterCode ?? values.inviteCode}
          onChange={(event) => onChange({ ...values, inviteCode: event.target.value.toUpperCase() })}
          readOnly={inviterCode !== null}
          error={error('inviteCode')}
        />
        {props.droppedCode && inviterCode === null ? (
          <p role="status" className="rounded-xl bg-ink-900 px-4 py-3 text-sm text-mist-300">
            {t('register.inviteCodeDropped', { code: props.droppedCode })}
          </p>
        ) : null}
        {inviterCode !== null && props.onRemoveInviterCode ? (
          <Button
            variant="ghost"
            className="-ml-2 px-2 text-sm text-gold-300"
            icon={<X className="size-4" aria-hidden="true" />}
            onClick={() => {
              setErrors(({ inviteCode: _dropped, ...rest }) => rest);
              props.onRemoveInviterCode?.();
            }}
          >
            {t('register.inviteCodeClear')}
          </Button>
        ) : null}
      </div>
      <StepActions
        onBack={props.onBack}
        busy={validate.isPending}
        icon={<ArrowRight className="size-5" aria-hidden="true" />}
        label={t('register.next')}
      />
    </form>
  );
}
