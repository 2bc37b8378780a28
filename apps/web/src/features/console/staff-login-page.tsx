import { KeyRound, LogIn, ShieldCheck } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Navigate, useNavigate } from 'react-router';
import { StaffLoginRequest, StaffTotpRequest, type StaffLoginResponse } from '@wallet/contract/http/console';
import { CopyButton } from '../../components/copy-button';
import { ErrorAlert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { TextField } from '../../components/ui/field';
import { ApiError, errorCodeOf } from '../../lib/api-client';
import { fieldErrors } from '../../lib/form-errors';
import { errorText } from '../../lib/i18n';
import { hasStaffSession, useStaffLogin, useStaffTotp } from './console-api';
import { useConsoleTranslation } from './console-texts';
import { QrCode } from '../../components/qr-code';

/** The secret in groups of four, as authenticator apps show it, for typing by hand. */
const grouped = (secret: string) => secret.replace(/(.{4})(?=.)/g, '$1 ');

/**
 * What a refused sign-in says: after too many failed ones (429), how long to wait, in whole
 * minutes (the server answers the seconds, decision 047); else the code's text.
 */
function refusalText(error: unknown, waitText: (minutes: number) => string): string {
  const code = errorCodeOf(error);
  const body = error instanceof ApiError ? (error.body as { retryAfter?: unknown } | undefined) : undefined;
  if (code === 'REQUEST_LIMIT' && typeof body?.retryAfter === 'number') {
    return waitText(Math.max(1, Math.ceil(body.retryAfter / 60)));
  }
  return errorText(code);
}

/**
 * Staff sign-in (decision 023): username and password, then the authenticator's 6-digit code. A
 * staff member without an authenticator yet scans the QR code (or types the key) first.
 */
export function StaffLoginPage() {
  const { t } = useConsoleTranslation();
  const navigate = useNavigate();
  const login = useStaffLogin();
  const totp = useStaffTotp();
  const [credentials, setCredentials] = useState({ username: '', password: '' });
  const [errors, setErrors] = useState<{ username?: string; password?: string; code?: string }>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [step, setStep] = useState<StaffLoginResponse | null>(null);
  const [code, setCode] = useState('');
  const wait = (minutes: number) => t('signIn.wait', { count: minutes });

  if (hasStaffSession() && !totp.isPending && !totp.isSuccess) return <Navigate to="/console/chat" replace />;

  function submitPassword(event: FormEvent) {
    event.preventDefault();
    setFormError(null);
    const parsed = StaffLoginRequest.safeParse(credentials);
    if (!parsed.success) {
      const codes = fieldErrors(parsed.error);
      setErrors({
        username: codes.username && t('signIn.required'),
        password: codes.password && t('signIn.required'),
      });
      return;
    }
    setErrors({});
    login.mutate(parsed.data, {
      onSuccess: (next) => {
        setCode('');
        setStep(next);
      },
      onError: (error) => setFormError(refusalText(error, wait)),
    });
  }

  function submitCode(event: FormEvent) {
    event.preventDefault();
    if (!step) return;
    setFormError(null);
    const parsed = StaffTotpRequest.safeParse({ challenge: step.challenge, code: code.trim() });
    if (!parsed.success) {
      setErrors({ code: t('signIn.codeRule') });
      return;
    }
    setErrors({});
    totp.mutate(parsed.data, {
      // The console's home: the dashboard for finance and owner, the chats for the rest.
      onSuccess: () => void navigate('/console', { replace: true }),
      onError: (error) => {
        // The sign-in took too long: the password again, with the reason shown.
        if (errorCodeOf(error) === 'STAFF_CHALLENGE_EXPIRED') startOver();
        setFormError(refusalText(error, wait));
      },
    });
  }

  function startOver() {
    setStep(null);
    setCode('');
    setErrors({});
    setCredentials((current) => ({ ...current, password: '' }));
  }

  return (
    <section className="mx-auto w-full max-w-md px-4 pt-8 pb-10">
      <div className="mb-6 flex items-start gap-3">
        <span className="inline-flex size-12 shrink-0 items-center justify-center rounded-2xl bg-ink-700 text-gold-300">
          <ShieldCheck className="size-6" aria-hidden="true" />
        </span>
        <div>
          <h1 className="text-[24px] leading-snug font-bold">
            {step === null
              ? t('signIn.title')
              : step.step === 'enrol'
                ? t('signIn.enrolTitle')
                : t('signIn.totpTitle')}
          </h1>
          <p className="mt-1 text-mist-400">
            {step === null
              ? t('signIn.subtitle')
              : step.step === 'enrol'
                ? t('signIn.enrolText')
                : t('signIn.totpText')}
          </p>
        </div>
      </div>

      {step === null ? (
        <form noValidate onSubmit={submitPassword} className="card space-y-4 p-5">
          <TextField
            label={t('signIn.username')}
            name="username"
            autoComplete="username"
            autoCapitalize="none"
            spellCheck={false}
            value={credentials.username}
            onChange={(event) => setCredentials({ ...credentials, username: event.target.value })}
            error={errors.username}
          />
          <TextField
            label={t('signIn.password')}
            name="password"
            type="password"
            autoComplete="current-password"
            value={credentials.password}
            onChange={(event) => setCredentials({ ...credentials, password: event.target.value })}
            error={errors.password}
          />
          {formError ? <ErrorAlert>{formError}</ErrorAlert> : null}
          <Button
            type="submit"
            block
            loading={login.isPending}
            icon={<LogIn className="size-5" aria-hidden="true" />}
          >
            {t('signIn.submit')}
          </Button>
        </form>
      ) : (
        <form noValidate onSubmit={submitCode} className="card space-y-4 p-5">
          {step.step === 'enrol' ? (
            <div className="space-y-3">
              <QrCode text={step.otpauthUrl} label={t('signIn.qrLabel')} className="mx-auto size-52" />
              <div>
                <p className="text-sm font-medium text-mist-300">{t('signIn.secret')}</p>
                <div className="mt-1 flex items-center gap-1 rounded-xl bg-ink-900 pl-4">
                  <code
                    data-testid="totp-secret"
                    className="min-w-0 flex-1 font-mono text-[15px] tracking-wider break-all text-snow"
                  >
                    {grouped(step.secret)}
                  </code>
                  <CopyButton text={step.secret} label={t('signIn.copySecret')} />
                </div>
              </div>
            </div>
          ) : null}
          <TextField
            label={t('signIn.code')}
            name="code"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            placeholder="000000"
            value={code}
            onChange={(event) => setCode(event.target.value.replace(/\D/g, ''))}
            error={errors.code}
            autoFocus
          />
          {formError ? <ErrorAlert>{formError}</ErrorAlert> : null}
          <Button
            type="submit"
            block
            loading={totp.isPending}
            icon={<KeyRound className="size-5" aria-hidden="true" />}
          >
            {t('signIn.verify')}
          </Button>
          <Button block variant="ghost" onClick={startOver}>
            {t('signIn.startOver')}
          </Button>
        </form>
      )}
    </section>
  );
}
