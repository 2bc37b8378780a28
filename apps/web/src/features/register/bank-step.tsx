import { UserPlus } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { useRegisterTranslation } from './register-texts';
import type { Market } from '@wallet/contract/constants';
import { bankStepSchema, currencySchema } from '@wallet/contract/http/account';
import type { Currency } from '@wallet/contract/money';
import {
  accountNameProblem,
  bankAccountCurrencies,
  bankAccountNoProblem,
  joinAccountName,
  needsEnglishName,
} from '@wallet/contract/rules';
import { BankBadge } from '../../components/bank-badge';
import { SelectField, TextField } from '../../components/ui/field';
import { ApiError } from '../../lib/api-client';
import { fieldErrors } from '../../lib/form-errors';
import { errorText } from '../../lib/i18n';
import { useLookup } from '../../lib/lookups';
import { storage } from '../../lib/storage';
import { profilePayload, type ProfileValues } from './profile-step';
import type { RegisterDraft } from './register-draft';
import { useRegister } from './register-api';
import { StepActions } from './step-actions';
import { WayForward } from './way-forward';

type BankValues = RegisterDraft['bank'];

interface BankStepProps {
  market: Market;
  phone: string;
  profile: ProfileValues;
  inviterCode: string | null;
  password: string;
  values: BankValues;
  onChange: (values: BankValues) => void;
  disabled: boolean;
  onError: (error: unknown) => void;
  onBack: () => void;
  onDone: () => void;
}

/**
 * The fields an account name's rule is told on: the name typed wrong when one alone breaks it
 * (a Thai last name at a bank that wants English), else both (Thai and English names mixed).
 */
function nameErrors(bankCode: string, firstName: string, lastName: string, problem: string) {
  const own = {
    firstName: accountNameProblem(bankCode, firstName),
    lastName: accountNameProblem(bankCode, lastName),
  };
  if (own.firstName === null && own.lastName === null) return { firstName: problem, lastName: problem };
  return Object.fromEntries(Object.entries(own).filter(([, code]) => code !== null)) as Record<
    string,
    string
  >;
}

/** Step 4: the bank account the member deposits from and withdraws to. */
export function BankStep(props: BankStepProps) {
  const { market, values, onChange, disabled, onError } = props;
  const { t } = useRegisterTranslation();
  const banks = useLookup('banks');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const register = useRegister();
  const englishOnly = needsEnglishName(values.bankCode);
  const currencyValue = values.currency || (market === 'LA' ? 'LAK' : 'BAHT');
  // The chosen bank's account number lengths (decision 035), as the server checks them.
  const chosen = banks.data?.banks.find((bank) => bank.code === values.bankCode);
  const lengths = chosen?.accountNoLengths ?? [];
  // The account's currency (decision 069): a Thai bank's is baht; a Lao bank holds kip and baht
  // accounts, so the member says which, the wallet's unless told.
  const accountCurrencies = chosen ? bankAccountCurrencies(chosen.market) : [];
  const offered: readonly string[] = accountCurrencies;
  const accountCurrency =
    accountCurrencies.length > 1
      ? offered.includes(values.accountCurrency)
        ? values.accountCurrency
        : offered.includes(currencyValue)
          ? currencyValue
          : accountCurrencies[0]!
      : (accountCurrencies[0] ?? currencyValue);
  const currencyDiffers = chosen !== undefined && accountCurrency !== currencyValue;
  // In Laos both countries' banks are offered: each under its country.
  const bankOptions = (banks.data?.banks ?? []).map((bank) => ({
    value: bank.code,
    label: bank.name,
    ...(market === 'LA' ? { group: t(`register.banksOf.${bank.market}`) } : {}),
  }));

  async function submit(event: FormEvent) {
    event.preventDefault();
    let found: Record<string, string> = {};
    if (!values.firstName.trim()) found.firstName = 'FIELD_REQUIRED';
    if (!values.lastName.trim()) found.lastName = 'FIELD_REQUIRED';
    const bank = bankStepSchema.safeParse({
      bankCode: values.bankCode,
      bankAccountNo: values.bankAccountNo,
      bankAccountName: joinAccountName(values.firstName, values.lastName),
    });
    if (!bank.success) {
      const bankErrors = fieldErrors(bank.error);
      // The account name is typed as two names: its rule is told on the name that breaks it.
      if (bankErrors.bankAccountName && !found.firstName && !found.lastName) {
        found = {
          ...found,
          ...nameErrors(values.bankCode, values.firstName, values.lastName, bankErrors.bankAccountName),
        };
      }
      if (bankErrors.bankCode) found.bankCode = bankErrors.bankCode;
      if (bankErrors.bankAccountNo) found.bankAccountNo = bankErrors.bankAccountNo;
    }
    const accountNoProblem = values.bankCode ? bankAccountNoProblem(lengths, values.bankAccountNo) : null;
    if (accountNoProblem && !found.bankAccountNo) found.bankAccountNo = accountNoProblem;
    const currency = currencySchema(market).safeParse(currencyValue);
    if (!currency.success) found.currency = currency.error.issues[0]!.message;
    const profile = profilePayload(market, props.phone, props.profile, props.password, props.inviterCode);
    setErrors(found);
    if (!bank.success || !currency.success || Object.keys(found).length > 0) return;
    // The password is not kept across a reload: the profile step asks for it again.
    if (!profile.success) return props.onBack();
    try {
      await register.mutateAsync({
        ...profile.data,
        ...bank.data,
        currency: currency.data,
        ...(accountCurrencies.length > 1 ? { bankAccountCurrency: accountCurrency as Currency } : {}),
      });
      storage.clearOtpToken(props.phone);
      props.onDone();
    } catch (failure) {
      const code = failure instanceof ApiError ? failure.code : null;
      // Registered already: told where it belongs, with the way forward (issue 16).
      if (code === 'EXISTING_BANK' || code === 'BANK_ACCOUNT_NO_INVALID') setErrors({ bankAccountNo: code });
      else if (code === 'EXISTING_USER') setErrors({ form: code });
      else if (code === 'BANK_ACCOUNT_NAME_ENG' || code === 'BANK_ACCOUNT_NAME_MIXED')
        setErrors(nameErrors(values.bankCode, values.firstName, values.lastName, code));
      else onError(failure);
    }
  }

  const error = (field: string) => (errors[field] ? errorText(errors[field]) : undefined);
  // One rule broken by the two names together (mixed alphabets) is told once, under both.
  const sharedNameError =
    errors.firstName && errors.firstName === errors.lastName && errors.firstName !== 'FIELD_REQUIRED'
      ? errors.firstName
      : null;
  const sharedNameId = useId();
  const nameField = (field: 'firstName' | 'lastName') =>
    sharedNameError ? { 'aria-invalid': true, 'aria-describedby': sharedNameId } : { error: error(field) };
  const set = (field: keyof BankValues, value: string) => {
    onChange({ ...values, [field]: value });
    if (errors[field] || errors.form) setErrors(({ [field]: _, form: __, ...rest }) => rest);
  };
  // Names are upper-cased as typed, as banks print them (spec section 5).
  const name = (field: 'firstName' | 'lastName') => (event: { target: { value: string } }) =>
    set(field, event.target.value.toUpperCase());

  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="space-y-4">
      <SelectField
        label={t('register.bank')}
        name="bankCode"
        placeholder={t('register.choose')}
        // Named by the banks lookup, asked in the current language.
        options={bankOptions}
        leading={values.bankCode ? <BankBadge code={values.bankCode} size="sm" /> : undefined}
        value={values.bankCode}
        onChange={(event) => set('bankCode', event.target.value)}
        error={error('bankCode')}
      />
      <div>
        <TextField
          label={t('register.accountNo')}
          name="bankAccountNo"
          inputMode="numeric"
          value={values.bankAccountNo}
          onChange={(event) => set('bankAccountNo', event.target.value.replace(/[^\d]/g, ''))}
          error={error('bankAccountNo')}
          hint={
            lengths.length > 0 ? t('register.accountNoDigits', { digits: lengths.join(' / ') }) : undefined
          }
        />
        {errors.bankAccountNo === 'EXISTING_BANK' ? <WayForward kind="support" /> : null}
      </div>
      <div className="grid grid-cols-1 gap-4 min-[360px]:grid-cols-2">
        <TextField
          label={t('register.firstName')}
          name="firstName"
          autoComplete="given-name"
          value={values.firstName}
          onChange={name('firstName')}
          {...nameField('firstName')}
        />
        <TextField
          label={t('register.lastName')}
          name="lastName"
          autoComplete="family-name"
          value={values.lastName}
          onChange={name('lastName')}
          {...nameField('lastName')}
        />
      </div>
      {sharedNameError ? (
        <p id={sharedNameId} className="-mt-2 text-sm text-rose-400">
          {errorText(sharedNameError)}
        </p>
      ) : null}
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
          value={currencyValue}
          onChange={(event) => set('currency', event.target.value)}
          error={error('currency')}
        />
      ) : null}
      {market === 'LA' && accountCurrencies.length > 1 ? (
        <SelectField
          label={t('register.accountCurrency')}
          name="accountCurrency"
          placeholder={t('register.choose')}
          options={accountCurrencies.map((one) => ({ value: one, label: t(`register.currency${one}`) }))}
          value={accountCurrency}
          onChange={(event) => set('accountCurrency', event.target.value)}
        />
      ) : null}
      {/* Said before money moves (decision 069): no payout crosses currencies. */}
      {currencyDiffers ? (
        <p
          data-reason="currency"
          role="alert"
          className="rounded-xl bg-amber-400/10 px-4 py-3 text-sm text-amber-300"
        >
          {t('register.accountCurrencyDiffers', {
            account: t(`register.currency${accountCurrency}`),
            wallet: t(`register.currency${currencyValue}`),
          })}
        </p>
      ) : null}
      {errors.form ? (
        <div role="alert" className="rounded-xl bg-rose-500/15 px-4 py-3 text-sm text-rose-300">
          <p>{errorText(errors.form)}</p>
          <WayForward kind="signIn" phone={props.phone} />
        </div>
      ) : null}
      <StepActions
        onBack={props.onBack}
        // Still busy once registered, while the wizard moves on to sign-in.
        busy={register.isPending || register.isSuccess}
        disabled={disabled}
        icon={<UserPlus className="size-5" aria-hidden="true" />}
        label={t('register.submit')}
      />
    </form>
  );
}
