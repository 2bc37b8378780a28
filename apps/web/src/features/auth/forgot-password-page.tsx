import { ArrowRight, KeyRound, ShieldCheck } from 'lucide-react';
import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { ResetPasswordRequest } from '@wallet/contract/http/account';
import { OtpVerifyRefusal, OtpVerifyRequest } from '@wallet/contract/http/otp';
import { phoneRule } from '@wallet/contract/rules';
import { Page } from '../../components/page';
import { Button } from '../../components/ui/button';
import { TextField } from '../../components/ui/field';
import { Loading } from '../../components/ui/loading';
import { useToast } from '../../components/ui/toast';
import { ApiError, errorCodeOf } from '../../lib/api-client';
import { fieldErrors } from '../../lib/form-errors';
import { errorText } from '../../lib/i18n';
import { useLookup } from '../../lib/lookups';
import { useResetPassword, useSendResetCode, useVerifyResetCode } from './forgot-password-api';

/** A new code may be asked for once a minute (the server refuses sooner). */
const RESEND_SECONDS = 60;
const STEPS = ['phone', 'code', 'password'] as const;
type Step = (typeof STEPS)[number];

/** A refusal and the tries left, when the server said (OtpVerifyRefusal). */
interface Refusal {
  code: string;
  triesLeft?: number | undefined;
}
const refusalOf = (failure: unknown): Refusal => ({
  code: errorCodeOf(failure),
  triesLeft:
    failure instanceof ApiError ? OtpVerifyRefusal.safeParse(failure.body).data?.triesLeft : undefined,
});
/** Refusals a field tells; any other failure is a toast. */
const CODE_ERRORS = new Set([
  'OTP_CODE_INVALID',
  'OTP_BLOCK',
  'OTP_EXPIRED',
  'OTP_NOT_EXIST',
  'FIELD_REQUIRED',
]);

/**
 * A forgotten password, reset with a code texted to the registered phone (issue 16, decision
 * 022): phone, code, new password; then every session has ended and the sign-in page opens with
 * the phone filled in.
 */
export function ForgotPasswordPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const toast = useToast();
  const market = useLookup('market');
  const arrived = (useLocation().state as { username?: unknown } | null)?.username;
  const [step, setStep] = useState<Step>('phone');
  const [phone, setPhone] = useState(typeof arrived === 'string' ? arrived : '');
  const [sent, setSent] = useState<{ phone: string; token: string; ref: string } | null>(null);
  const [code, setCode] = useState('');
  const [passwords, setPasswords] = useState({ newPassword: '', confirm: '' });
  const [errors, setErrors] = useState<Record<string, Refusal>>({});
  const sendCode = useSendResetCode();
  const verifyCode = useVerifyResetCode();
  const reset = useResetPassword();
  // One step at a time: whichever call is on its way holds every button.
  const busy = sendCode.isPending || verifyCode.isPending || reset.isPending;
  const [wait, setWait] = useState(0);

  useEffect(() => {
    if (wait <= 0) return;
    const timer = setTimeout(() => setWait((seconds) => seconds - 1), 1000);
    return () => clearTimeout(timer);
  }, [wait]);

  if (market.isPending) {
    return (
      <Page title={t('password.forgotTitle')}>
        <Loading />
      </Page>
    );
  }

  const errorOf = (field: string) => {
    const refusal = errors[field];
    if (!refusal) return undefined;
    return refusal.code === 'OTP_CODE_INVALID' && refusal.triesLeft !== undefined
      ? t(refusal.triesLeft === 1 ? 'register.wrongCodeLast' : 'register.wrongCode', {
          count: refusal.triesLeft,
        })
      : errorText(refusal.code);
  };
  const toastFailure = (failure: unknown) => toast.show('error', errorText(errorCodeOf(failure)));

  async function send(event?: FormEvent) {
    event?.preventDefault();
    const parsed = phoneRule(market.data?.market ?? 'TH').safeParse(phone);
    if (!parsed.success) return setErrors({ phone: { code: parsed.error.issues[0]!.message } });
    setErrors({});
    try {
      const answer = await sendCode.mutateAsync(parsed.data);
      setSent({ phone: parsed.data, token: answer.otpToken, ref: answer.otpRef });
      setCode('');
      setWait(RESEND_SECONDS);
      setStep('code');
    } catch (failure) {
      toastFailure(failure);
    }
  }

  async function verify(event: FormEvent) {
    event.preventDefault();
    if (!sent) return;
    const parsed = OtpVerifyRequest.safeParse({ otpToken: sent.token, otpCode: code });
    if (!parsed.success) return setErrors({ code: { code: parsed.error.issues[0]!.message } });
    setErrors({});
    try {
      await verifyCode.mutateAsync(parsed.data);
      setStep('password');
    } catch (failure) {
      const refusal = refusalOf(failure);
      if (CODE_ERRORS.has(refusal.code)) setErrors({ code: refusal });
      else toastFailure(failure);
    }
  }

  async function save(event: FormEvent) {
    event.preventDefault();
    if (!sent) return;
    const parsed = ResetPasswordRequest.safeParse({
      otpToken: sent.token,
      newPassword: passwords.newPassword,
    });
    const found: Record<string, Refusal> = {};
    if (!parsed.success) {
      for (const [field, code] of Object.entries(fieldErrors(parsed.error))) found[field] = { code: code };
    }
    if (!passwords.confirm) found.confirm = { code: 'FIELD_REQUIRED' };
    else if (passwords.confirm !== passwords.newPassword && !found.newPassword)
      found.confirm = { code: 'PASSWORD_NOT_EQUAL' };
    setErrors(found);
    if (!parsed.success || Object.keys(found).length > 0) return;
    try {
      await reset.mutateAsync(parsed.data);
      toast.show('success', t('password.done'), { after: 'leave' });
      void navigate('/login', { replace: true, state: { username: sent.phone } });
    } catch (failure) {
      const refusal = refusalOf(failure);
      // The code ran out meanwhile: back to the code step, which offers a new one.
      if (CODE_ERRORS.has(refusal.code) || refusal.code === 'UNVERIFIED_OTP') {
        setStep('code');
        setErrors({ code: refusal });
      } else if (refusal.code.startsWith('PASSWORD_')) setErrors({ newPassword: refusal });
      else toastFailure(failure);
    }
  }

  const blocked = ['OTP_BLOCK', 'OTP_EXPIRED', 'OTP_NOT_EXIST', 'UNVERIFIED_OTP'].includes(
    errors.code?.code ?? '',
  );
  const at = STEPS.indexOf(step);

  return (
    <Page title={t('password.forgotTitle')}>
      <p className="mb-3 text-sm text-mist-400" aria-live="polite">
        {t('register.progress', { step: at + 1, total: STEPS.length })} · {t(`password.step.${step}`)}
      </p>
      <div className="card p-5">
        {step === 'phone' ? (
          <form noValidate onSubmit={(event) => void send(event)} className="space-y-5">
            <p className="text-[15px] text-mist-300">{t('password.forgotIntro')}</p>
            <TextField
              label={t('login.phone')}
              name="phone"
              type="tel"
              inputMode="numeric"
              autoComplete="username"
              placeholder={t('login.phonePlaceholder')}
              value={phone}
              onChange={(event) => setPhone(event.target.value)}
              error={errorOf('phone')}
            />
            <Button
              type="submit"
              block
              loading={busy}
              icon={<ArrowRight className="size-5" aria-hidden="true" />}
            >
              {t('password.sendCode')}
            </Button>
          </form>
        ) : null}
        {step === 'code' && sent ? (
          <form noValidate onSubmit={(event) => void verify(event)} className="space-y-5">
            <p className="text-[15px] text-mist-300">{t('password.codeIntro', { phone: sent.phone })}</p>
            <p className="rounded-xl bg-ink-900 px-4 py-3 text-sm text-mist-300">
              {t('register.otpRef')}{' '}
              <strong className="text-base tabular-nums tracking-widest text-gold-300">{sent.ref}</strong>
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
              error={errorOf('code')}
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
              <Button variant="ghost" onClick={() => setStep('phone')}>
                {t('register.changePhone')}
              </Button>
              <Button
                variant={blocked && wait <= 0 ? 'secondary' : 'ghost'}
                disabled={wait > 0 || busy}
                onClick={() => void send()}
              >
                {wait > 0 ? t('register.resendIn', { seconds: wait }) : t('register.resend')}
              </Button>
            </div>
          </form>
        ) : null}
        {step === 'password' ? (
          <form noValidate onSubmit={(event) => void save(event)} className="space-y-4">
            <TextField
              label={t('password.newPassword')}
              name="newPassword"
              type="password"
              autoComplete="new-password"
              value={passwords.newPassword}
              onChange={(event) => setPasswords({ ...passwords, newPassword: event.target.value })}
              error={errorOf('newPassword')}
              hint={t('register.passwordHint')}
            />
            <TextField
              label={t('password.confirmNewPassword')}
              name="confirm"
              type="password"
              autoComplete="new-password"
              value={passwords.confirm}
              onChange={(event) => setPasswords({ ...passwords, confirm: event.target.value })}
              error={errorOf('confirm')}
            />
            <p className="text-sm text-mist-400">{t('password.signsOut')}</p>
            <Button
              type="submit"
              block
              loading={busy}
              icon={<KeyRound className="size-5" aria-hidden="true" />}
            >
              {t('password.save')}
            </Button>
          </form>
        ) : null}
      </div>
      <p className="mt-4 text-center">
        <Link
          to="/login"
          state={phone ? { username: phone } : undefined}
          className="inline-flex min-h-11 items-center font-semibold text-gold-300 underline-offset-4 hover:underline"
        >
          {t('password.backToLogin')}
        </Link>
      </p>
    </Page>
  );
}
