import { ArrowRight } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { Market } from '@wallet/contract/constants';
import { phoneRule } from '@wallet/contract/rules';
import { Button } from '../../components/ui/button';
import { TextField } from '../../components/ui/field';
import { errorText } from '../../lib/i18n';
import { storage } from '../../lib/storage';
import { sendOtp } from './register-api';

interface PhoneStepProps {
  market: Market;
  otpEnabled: boolean;
  initial: string;
  onError: (error: unknown) => void;
  /** `sent` is the code's token and reference, or null when no code is needed. */
  onDone: (phone: string, sent: { token: string; ref: string } | null) => void;
}

/** Step 1: the phone number, which becomes the username. */
export function PhoneStep({ market, otpEnabled, initial, onError, onDone }: PhoneStepProps) {
  const { t } = useTranslation();
  const [phone, setPhone] = useState(initial);
  const [error, setError] = useState<string>();
  const [sending, setSending] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = phoneRule(market).safeParse(phone);
    if (!parsed.success) {
      setError(errorText(parsed.error.issues[0]!.message));
      return;
    }
    setError(undefined);
    if (!otpEnabled) return onDone(parsed.data, null);
    setSending(true);
    try {
      const answer = await sendOtp(parsed.data, storage.getOtpToken(parsed.data) ?? undefined);
      // OTP_VERIFIED: this visitor verified this phone recently; no new code (spec section 4).
      onDone(
        parsed.data,
        answer.otpToken && answer.otpRef ? { token: answer.otpToken, ref: answer.otpRef } : null,
      );
    } catch (failure) {
      onError(failure);
    } finally {
      setSending(false);
    }
  }

  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="space-y-5">
      <p className="text-[15px] text-mist-300">{t('register.phoneIntro')}</p>
      <TextField
        label={t('register.phone')}
        name="phone"
        type="tel"
        inputMode="numeric"
        autoComplete="tel"
        placeholder={t('login.phonePlaceholder')}
        value={phone}
        onChange={(event) => setPhone(event.target.value)}
        error={error}
      />
      <Button
        type="submit"
        block
        loading={sending}
        icon={<ArrowRight className="size-5" aria-hidden="true" />}
      >
        {t(otpEnabled ? 'register.sendCode' : 'register.next')}
      </Button>
    </form>
  );
}
