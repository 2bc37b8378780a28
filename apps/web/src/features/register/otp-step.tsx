import { ArrowRight, CircleCheck, ShieldCheck } from 'lucide-react';
import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { OtpVerifyRefusal, OtpVerifyRequest } from '@wallet/contract/http/otp';
import { Button } from '../../components/ui/button';
import { TextField } from '../../components/ui/field';
import { ApiError } from '../../lib/api-client';
import { errorText } from '../../lib/i18n';
import { storage } from '../../lib/storage';
import { useSendOtp, useVerifyOtp } from './register-api';

/** A new code may be asked for once a minute (the server refuses sooner). */
const RESEND_SECONDS = 60;

/** Refusals of a code that are about the code itself: told on its field, not in a toast. */
const CODE_ERRORS = new Set([
  'OTP_CODE_INVALID',
  'OTP_BLOCK',
  'OTP_EXPIRED',
  'OTP_NOT_EXIST',
  'FIELD_REQUIRED',
]);

/**
 * The text of a refused code: a wrong one says how many tries are left (issue 16), the last one
 * that a new code is needed.
 */
export function useCodeError() {
  const { t } = useTranslation();
  return (error: { code: string; triesLeft?: number | undefined }) =>
    error.code === 'OTP_CODE_INVALID' && error.triesLeft !== undefined
      ? t(error.triesLeft === 1 ? 'register.wrongCodeLast' : 'register.wrongCode', { count: error.triesLeft })
      : errorText(error.code);
}

/** The code and tries left of a failed check, when the refusal is about the code. */
export function codeRefusalOf(failure: unknown): { code: string; triesLeft?: number | undefined } | null {
  if (!(failure instanceof ApiError) || !CODE_ERRORS.has(failure.code)) return null;
  const body = OtpVerifyRefusal.safeParse(failure.body);
  return { code: failure.code, triesLeft: body.success ? body.data.triesLeft : undefined };
}

interface OtpStepProps {
  phone: string;
  otp: { token: string; ref: string } | null;
  /** The phone's code was right already (the visitor came back from the next step). */
  verified: boolean;
  onResent: (otp: { token: string; ref: string }) => void;
  onError: (error: unknown) => void;
  onBack: () => void;
  onDone: () => void;
}

/** Step 2: the code the SMS brought, with its reference; once right, it stays right. */
export function OtpStep({ phone, otp, verified, onResent, onError, onBack, onDone }: OtpStepProps) {
  const { t } = useTranslation();
  const codeError = useCodeError();
  const [code, setCode] = useState('');
  const [error, setError] = useState<{ code: string; triesLeft?: number | undefined }>();
  const verify = useVerifyOtp();
  const send = useSendOtp();
  const busy = verify.isPending || send.isPending;
  const [wait, setWait] = useState(RESEND_SECONDS);

  useEffect(() => {
    if (wait <= 0 || verified) return;
    const timer = setTimeout(() => setWait((seconds) => seconds - 1), 1000);
    return () => clearTimeout(timer);
  }, [wait, verified]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!otp) return;
    const parsed = OtpVerifyRequest.safeParse({ otpToken: otp.token, otpCode: code });
    if (!parsed.success) {
      setError({ code: parsed.error.issues[0]!.message });
      return;
    }
    setError(undefined);
    try {
      await verify.mutateAsync(parsed.data);
      // The verified code's token is the proof the registration carries.
      storage.setOtpToken(phone, parsed.data.otpToken);
      onDone();
    } catch (failure) {
      const refusal = codeRefusalOf(failure);
      if (refusal) setError(refusal);
      else onError(failure);
    }
  }

  async function resend() {
    try {
      const answer = await send.mutateAsync({
        phoneNumber: phone,
        otpToken: storage.getOtpToken(phone) ?? undefined,
      });
      if (answer.otpToken && answer.otpRef) onResent({ token: answer.otpToken, ref: answer.otpRef });
      else onDone();
      setWait(RESEND_SECONDS);
      setCode('');
      setError(undefined);
    } catch (failure) {
      onError(failure);
    }
  }

  if (verified) {
    return (
      <div className="space-y-5">
        <p className="flex items-start gap-3 rounded-xl bg-emerald-500/10 px-4 py-3 text-[15px] text-emerald-300">
          <CircleCheck className="mt-0.5 size-5 shrink-0" aria-hidden="true" />
          <span>{t('register.phoneVerified', { phone })}</span>
        </p>
        <Button block onClick={onDone} icon={<ArrowRight className="size-5" aria-hidden="true" />}>
          {t('register.next')}
        </Button>
        <Button variant="ghost" onClick={onBack}>
          {t('register.changePhone')}
        </Button>
      </div>
    );
  }

  const blocked =
    error?.code === 'OTP_BLOCK' || error?.code === 'OTP_EXPIRED' || error?.code === 'OTP_NOT_EXIST';
  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="space-y-5">
      <p className="text-[15px] text-mist-300">{t('register.otpIntro', { phone })}</p>
      <p className="rounded-xl bg-ink-900 px-4 py-3 text-sm text-mist-300">
        {t('register.otpRef')}{' '}
        <strong className="text-base tabular-nums tracking-widest text-gold-300">{otp?.ref}</strong>
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
        error={error ? codeError(error) : undefined}
      />
      <Button
        type="submit"
        block
        loading={busy}
        disabled={blocked}
        icon={<ShieldCheck className="size-5" aria-hidden="true" />}
      >
        {t('register.verify')}
      </Button>
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1 [&>button]:grow">
        <Button variant="ghost" onClick={onBack}>
          {t('register.changePhone')}
        </Button>
        <Button
          variant={blocked && wait <= 0 ? 'secondary' : 'ghost'}
          disabled={wait > 0 || busy}
          onClick={() => void resend()}
        >
          {wait > 0 ? t('register.resendIn', { seconds: wait }) : t('register.resend')}
        </Button>
      </div>
    </form>
  );
}
