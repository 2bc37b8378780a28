import { Eye, EyeOff, LogIn, Phone, Lock } from 'lucide-react';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { LoginRequest } from '@wallet/contract/http/login';
import { Button } from '../../components/ui/button';
import { errorCodeOf } from '../../lib/api-client';
import { fieldErrors } from '../../lib/form-errors';
import { errorText } from '../../lib/i18n';
import { useLookup } from '../../lib/lookups';
import { useLogin } from './login-api';

type Field = 'username' | 'password';

/**
 * The public home: phone and password (spec section 2, Login). `prefetch` fetches the member
 * area's code ahead (issue 15): when the member first touches the form, else on sign-in.
 */
export function LoginPage({ prefetch }: { prefetch?: () => Promise<void> }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const active = useLookup('active', { fresh: true });
  // A new member (after registering) or one who reset the password arrives with the phone filled in.
  const arrived = (useLocation().state as { username?: unknown } | null)?.username;
  const [values, setValues] = useState({
    username: typeof arrived === 'string' ? arrived : '',
    password: '',
  });
  const [remember, setRemember] = useState(true);
  const [showPassword, setShowPassword] = useState(false);
  const [errors, setFieldErrors] = useState<Partial<Record<Field, string>>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const login = useLogin();
  const ids = { username: useId(), password: useId(), error: useId() };

  // Once, on the first touch of the form: a member typing a phone and a password gives the member
  // area seconds to arrive, and a visit that never signs in (or a page measured for its first
  // load) neither downloads nor runs it. Fetched when idle instead, its parsing competed with the
  // page's own first seconds on a slow phone (bench/results/web-2026-11-24-*).
  const prefetched = useRef(false);
  const prefetchOnce = () => {
    if (prefetched.current || !prefetch) return;
    prefetched.current = true;
    void prefetch().catch(() => {
      prefetched.current = false;
    });
  };

  // The login path checks that the service is still on (spec section 2).
  useEffect(() => {
    if (active.data?.terminated) void navigate('/terminated', { replace: true });
  }, [active.data, navigate]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setFormError(null);
    const parsed = LoginRequest.safeParse(values);
    if (!parsed.success) {
      const codes = fieldErrors(parsed.error);
      setFieldErrors({
        username: codes.username && errorText(codes.username),
        password: codes.password && errorText(codes.password),
      });
      return;
    }
    setFieldErrors({});
    try {
      await login.mutateAsync({ body: parsed.data, remember });
      prefetchOnce();
      void navigate('/user', { replace: true });
    } catch (error) {
      setFormError(errorText(errorCodeOf(error)));
    }
  }

  const inputClass =
    'h-12 w-full rounded-xl border border-white/10 bg-ink-900 pl-11 text-[16px] text-snow placeholder:text-mist-500 focus:border-gold-400 focus:outline-none aria-[invalid=true]:border-rose-400';

  return (
    <section className="mx-auto w-full max-w-md px-4 pt-6 pb-8">
      <div className="mb-6">
        <h1 className="text-[26px] leading-snug font-bold">{t('login.title')}</h1>
        <p className="mt-1 text-mist-400">{t('login.subtitle')}</p>
      </div>
      <form
        noValidate
        onSubmit={(event) => void submit(event)}
        onFocusCapture={prefetchOnce}
        onPointerDownCapture={prefetchOnce}
        className="card space-y-4 p-5"
        aria-describedby={formError ? ids.error : undefined}
      >
        <div>
          <label htmlFor={ids.username} className="mb-1.5 block text-sm font-medium text-mist-300">
            {t('login.phone')}
          </label>
          <div className="relative">
            <Phone
              className="pointer-events-none absolute top-3.5 left-3.5 size-5 text-mist-500"
              aria-hidden="true"
            />
            <input
              id={ids.username}
              name="username"
              type="tel"
              inputMode="numeric"
              autoComplete="username"
              placeholder={t('login.phonePlaceholder')}
              value={values.username}
              onChange={(event) => setValues({ ...values, username: event.target.value })}
              aria-invalid={errors.username ? true : undefined}
              className={inputClass}
            />
          </div>
          {errors.username ? <p className="mt-1 text-sm text-rose-400">{errors.username}</p> : null}
        </div>
        <div>
          <div className="mb-1.5 flex items-end justify-between gap-3">
            <label htmlFor={ids.password} className="block text-sm font-medium text-mist-300">
              {t('login.password')}
            </label>
            <Link
              to="/forgot-password"
              state={values.username ? { username: values.username } : undefined}
              className="-my-3 inline-flex min-h-11 items-center text-sm font-medium text-gold-300 underline-offset-4 hover:underline"
            >
              {t('login.forgotPassword')}
            </Link>
          </div>
          <div className="relative">
            <Lock
              className="pointer-events-none absolute top-3.5 left-3.5 size-5 text-mist-500"
              aria-hidden="true"
            />
            <input
              id={ids.password}
              name="password"
              type={showPassword ? 'text' : 'password'}
              autoComplete="current-password"
              placeholder={t('login.passwordPlaceholder')}
              value={values.password}
              onChange={(event) => setValues({ ...values, password: event.target.value })}
              aria-invalid={errors.password ? true : undefined}
              className={`${inputClass} pr-12`}
            />
            <button
              type="button"
              onClick={() => setShowPassword((value) => !value)}
              // The label says what a tap does; with aria-pressed as well, a screen reader would
              // read "Hide password, pressed".
              aria-label={t(showPassword ? 'login.hidePassword' : 'login.showPassword')}
              className="absolute top-0.5 right-0.5 inline-flex size-11 items-center justify-center rounded-xl text-mist-400 hover:text-snow"
            >
              {showPassword ? (
                <EyeOff className="size-5" aria-hidden="true" />
              ) : (
                <Eye className="size-5" aria-hidden="true" />
              )}
            </button>
          </div>
          {errors.password ? <p className="mt-1 text-sm text-rose-400">{errors.password}</p> : null}
        </div>
        <label className="flex min-h-11 cursor-pointer items-center gap-3 text-[15px] text-mist-300">
          <input
            type="checkbox"
            checked={remember}
            onChange={(event) => setRemember(event.target.checked)}
            className="size-5 accent-gold-400"
          />
          {t('login.remember')}
        </label>
        {formError ? (
          <p
            id={ids.error}
            role="alert"
            className="rounded-xl bg-rose-500/15 px-4 py-3 text-sm text-rose-300"
          >
            {formError}
          </p>
        ) : null}
        <Button
          type="submit"
          block
          loading={login.isPending}
          icon={<LogIn className="size-5" aria-hidden="true" />}
        >
          {t('login.submit')}
        </Button>
      </form>
      <p className="mt-6 text-center text-mist-400">
        {t('login.noAccount')}{' '}
        <Link
          to="/register"
          className="inline-flex min-h-11 items-center font-semibold text-gold-300 underline-offset-4 hover:underline"
        >
          {t('login.register')}
        </Link>
      </p>
    </section>
  );
}
