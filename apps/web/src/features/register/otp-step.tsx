import { ShieldCheck } from 'lucide-react';
import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { OtpVerifyRequest } from '@wallet/contract/http/otp';
import { Button } from '../../components/ui/button';
import { TextField } from '../../components/ui/field';
import { errorText } from '../../lib/i18n';
import { storage } from '../../lib/storage';
import { sendOtp, verifyOtp } from './register-api';

/** A new code may be asked for once a minute (the server refuses sooner). */
const RESEND_SECONDS = 60;

interface OtpStepProps {
  phone: string;
  otp: { token: string; ref: string };
  onResent: (otp: { token: string; ref: string }) => void;
  onError: (error: unknown) => void;
  onBack: () => void;
  onDone: () => void;
}

/** Step 2: the code the SMS brought, with its reference. */
export function OtpStep({ phone, otp, onResent, onError, onBack, onDone }: OtpStepProps) {
  const { t } = useTranslation();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const [wait, setWait] = useState(RESEND_SECONDS);

  useEffect(() => {
    if (wait <= 0) return;
    const timer = setTimeout(() => setWait((seconds) => seconds - 1), 1000);
    return () => clearTimeout(timer);
  }, [wait]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = OtpVerifyRequest.safeParse({ otpToken: otp.token, otpCode: code });
    if (!parsed.success) {
      setError(errorText(parsed.error.issues[0]!.message));
      return;
    }
    setError(undefined);
    setBusy(true);
    try {
      await verifyOtp(parsed.data.otpToken, parsed.data.otpCode);
      // The verified code's token is the proof the registration carries.
      storage.setOtpToken(phone, parsed.data.otpToken);
      onDone();
    } catch (failure) {
      onError(failure);
    } finally {
      setBusy(false);
    }
  }

  async function resend() {
    setBusy(true);
    try {
      const answer = await sendOtp(phone, storage.getOtpToken(phone) ?? undefined);
      if (answer.otpToken && answer.otpRef) onResent({ token: answer.otpToken, ref: answer.otpRef });
      else onDone();
      setWait(RESEND_SECONDS);
      setCode('');
    } catch (failure) {
      onError(failure);
    } finally {
      setBusy(false);
    }
  }

  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="space-y-5">
      <p className="text-[15px] text-mist-300">{t('register.otpIntro', { phone })}</p>
      <p className="rounded-xl bg-ink-900 px-4 py-3 text-sm text-mist-300">
        {t('register.otpRef')}{' '}
        <strong className="text-base tabular-nums tracking-widest text-gold-300">{otp.ref}</strong>
      </p>
      <TextField
        label={t('register.otpCode')}
        name="otpCode"
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={6}
        placeholder="••••••"
        value={code}
        onChange={(event) => setCode(event.target.value.replace(/\D/g, ''))}
        error={error}
      />
      <Button type="submit" block loading={busy} icon={<ShieldCheck className="size-5" aria-hidden="true" />}>
        {t('register.verify')}
      </Button>
      <div className="flex items-center justify-between gap-3">
        <Button variant="ghost" onClick={onBack}>
          {t('register.changePhone')}
        </Button>
        <Button variant="ghost" disabled={wait > 0 || busy} onClick={() => void resend()}>
          {wait > 0 ? t('register.resendIn', { seconds: wait }) : t('register.resend')}
        </Button>
      </div>
    </form>
  );
}
