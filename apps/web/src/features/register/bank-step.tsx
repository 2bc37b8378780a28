import { UserPlus } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { Market } from '@wallet/contract/constants';
import { bankStepSchema, currencySchema } from '@wallet/contract/http/account';
import type { Currency } from '@wallet/contract/money';
import { joinAccountName, needsEnglishName } from '@wallet/contract/rules';
import { SelectField, TextField } from '../../components/ui/field';
import { fieldErrors } from '../../lib/form-errors';
import { errorText } from '../../lib/i18n';
import { useLookup } from '../../lib/lookups';
import type { ProfileValues } from './profile-step';
import { storage } from '../../lib/storage';
import { StepActions } from './step-actions';
import { register } from './register-api';

interface BankStepProps {
  market: Market;
  profile: ProfileValues;
  disabled: boolean;
  onError: (error: unknown) => void;
  onBack: () => void;
  onDone: () => void;
}

/** Step 4: the bank account the member deposits from and withdraws to. */
export function BankStep({ market, profile, disabled, onError, onBack, onDone }: BankStepProps) {
  const { t, i18n } = useTranslation();
  const banks = useLookup('banks');
  const [values, setValues] = useState({
    bankCode: '',
    bankAccountNo: '',
    firstName: '',
    lastName: '',
    currency: market === 'LA' ? 'LAK' : ('BAHT' satisfies Currency),
  });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const englishOnly = needsEnglishName(values.bankCode);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const found: Record<string, string> = {};
    if (!values.firstName.trim()) found.firstName = 'FIELD_REQUIRED';
    if (!values.lastName.trim()) found.lastName = 'FIELD_REQUIRED';
    const bank = bankStepSchema.safeParse({
      bankCode: values.bankCode,
      bankAccountNo: values.bankAccountNo,
      bankAccountName: joinAccountName(values.firstName, values.lastName),
    });
    if (!bank.success) {
      const bankErrors = fieldErrors(bank.error);
      // The account name is typed as two names: show its rule under both.
      if (bankErrors.bankAccountName && !found.firstName && !found.lastName) {
        found.firstName = bankErrors.bankAccountName;
        found.lastName = bankErrors.bankAccountName;
      }
      if (bankErrors.bankCode) found.bankCode = bankErrors.bankCode;
      if (bankErrors.bankAccountNo) found.bankAccountNo = bankErrors.bankAccountNo;
    }
    const currency = currencySchema(market).safeParse(values.currency);
    if (!currency.success) found.currency = currency.error.issues[0]!.message;
    setErrors(found);
    if (!bank.success || !currency.success || Object.keys(found).length > 0) return;
    setBusy(true);
    try {
      await register({ ...profile, ...bank.data, currency: currency.data });
      storage.clearOtpToken(profile.username);
      onDone();
    } catch (failure) {
      onError(failure);
      setBusy(false);
    }
  }

  const error = (field: string) => (errors[field] ? errorText(errors[field]) : undefined);
  // Names are upper-cased as typed, as banks print them (spec section 5).
  const name = (field: 'firstName' | 'lastName') => (event: { target: { value: string } }) =>
    setValues({ ...values, [field]: event.target.value.toUpperCase() });

  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="space-y-4">
      <SelectField
        label={t('register.bank')}
        name="bankCode"
        placeholder={t('register.choose')}
        options={(banks.data?.banks ?? []).map((bank) => ({
          value: bank.code,
          label: i18n.language === 'th' ? bank.nameTH : bank.nameEN,
        }))}
        value={values.bankCode}
        onChange={(event) => setValues({ ...values, bankCode: event.target.value })}
        error={error('bankCode')}
      />
      <TextField
        label={t('register.accountNo')}
        name="bankAccountNo"
        inputMode="numeric"
        value={values.bankAccountNo}
        onChange={(event) =>
          setValues({ ...values, bankAccountNo: event.target.value.replace(/[^\d]/g, '') })
        }
        error={error('bankAccountNo')}
      />
      <div className="grid grid-cols-1 gap-4 min-[360px]:grid-cols-2">
        <TextField
          label={t('register.firstName')}
          name="firstName"
          autoComplete="given-name"
          value={values.firstName}
          onChange={name('firstName')}
          error={error('firstName')}
        />
        <TextField
          label={t('register.lastName')}
          name="lastName"
          autoComplete="family-name"
          value={values.lastName}
          onChange={name('lastName')}
          error={error('lastName')}
        />
      </div>
      <p className="text-xs text-mist-500">
        {t(englishOnly ? 'register.englishNameHint' : 'register.nameHint')}
      </p>
      {market === 'LA' ? (
        <SelectField
          label={t('register.currency')}
          name="currency"
          placeholder={t('register.choose')}
          options={[
            { value: 'LAK', label: t('register.currencyLAK') },
            { value: 'BAHT', label: t('register.currencyBAHT') },
          ]}
          value={values.currency}
          onChange={(event) => setValues({ ...values, currency: event.target.value })}
          error={error('currency')}
        />
      ) : null}
      <StepActions
        onBack={onBack}
        busy={busy}
        disabled={disabled}
        icon={<UserPlus className="size-5" aria-hidden="true" />}
        label={t('register.submit')}
      />
    </form>
  );
}
