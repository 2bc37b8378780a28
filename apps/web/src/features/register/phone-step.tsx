import { ArrowRight } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { Market } from '@wallet/contract/constants';
import { phoneRule } from '@wallet/contract/rules';
import { Button } from '../../components/ui/button';
import { TextField } from '../../components/ui/field';
import { ApiError } from '../../lib/api-client';
import { errorText } from '../../lib/i18n';
import { storage } from '../../lib/storage';
import { WayForward } from './way-forward';
import { useSendOtp } from './register-api';

interface PhoneStepProps {
  market: Market;
  otpEnabled: boolean;
  phone: string;
  onChange: (phone: string) => void;
  onError: (error: unknown) => void;
  /** `sent` is the code's token and reference, or null when no code is needed. */
  onDone: (phone: string, sent: { token: string; ref: string } | null) => void;
}

/** Step 1: the phone number, which becomes the username. */
export function PhoneStep({ market, otpEnabled, phone, onChange, onError, onDone }: PhoneStepProps) {
  const { t } = useTranslation();
  const [error, setError] = useState<string>();
  const send = useSendOtp();

  async function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = phoneRule(market).safeParse(phone);
    if (!parsed.success) {
      setError(parsed.error.issues[0]!.message);
      return;
    }
    setError(undefined);
    if (!otpEnabled) return onDone(parsed.data, null);
    try {
      const answer = await send.mutateAsync({
        phoneNumber: parsed.data,
        otpToken: storage.getOtpToken(parsed.data) ?? undefined,
      });
      // OTP_VERIFIED: this visitor verified this phone recently; no new code (spec section 4).
      onDone(
        parsed.data,
        answer.otpToken && answer.otpRef ? { token: answer.otpToken, ref: answer.otpRef } : null,
      );
    } catch (failure) {
      // A member's phone is told on the field, with the way to sign in (issue 16).
      if (failure instanceof ApiError && failure.code === 'EXISTING_USER') setError(failure.code);
      else onError(failure);
    }
  }

  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="space-y-5">
      <p className="text-[15px] text-mist-300">{t('register.phoneIntro')}</p>
      <div>
        <TextField
          label={t('register.phone')}
          name="phone"
          type="tel"
          inputMode="numeric"
          autoComplete="tel"
          placeholder={t('login.phonePlaceholder')}
          value={phone}
          onChange={(event) => {
            onChange(event.target.value);
            if (error) setError(undefined);
          }}
          error={error ? errorText(error) : undefined}
        />
        {error === 'EXISTING_USER' ? <WayForward kind="signIn" phone={phone} /> : null}
      </div>
      <Button
        type="submit"
        block
        loading={send.isPending}
        icon={<ArrowRight className="size-5" aria-hidden="true" />}
      >
        {t(otpEnabled ? 'register.sendCode' : 'register.next')}
      </Button>
    </form>
  );
}
