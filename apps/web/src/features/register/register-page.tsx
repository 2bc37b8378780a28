import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useBlocker, useLocation, useNavigate, useSearchParams } from 'react-router';
import { TIMING } from '@wallet/contract/constants';
import type { Market } from '@wallet/contract/constants';
import { Page } from '../../components/page';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { Loading } from '../../components/ui/loading';
import { useToast } from '../../components/ui/toast';
import { ApiError } from '../../lib/api-client';
import { errorText } from '../../lib/i18n';
import { useLookup } from '../../lib/lookups';
import { storage } from '../../lib/storage';
import { BankStep } from './bank-step';
import { OtpStep } from './otp-step';
import { PhoneStep } from './phone-step';
import { ProfileStep } from './profile-step';
import { useInviteCodeCheck } from './register-api';
import {
  clearDraft,
  isDirty,
  loadDraft,
  saveDraft,
  type RegisterDraft,
  type WizardStep,
} from './register-draft';
import { StepIndicator } from './step-indicator';

export type { WizardStep } from './register-draft';

/** The password and its confirmation: in memory only, never in the stored draft. */
export interface Secret {
  password: string;
  confirm: string;
}

/** The step a restored draft opens at: one whose inputs are all still there. */
function resumeStep(draft: RegisterDraft): WizardStep {
  if (draft.step === 'otp' && !draft.otp && !draft.verified) return 'phone';
  // The password is not kept: the bank step waits until it is typed again.
  if (draft.step === 'bank') return 'profile';
  return draft.step;
}

/** The four-step registration wizard (spec sections 2, 4 and 5, Register; issue 16). */
export function RegisterPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const toast = useToast();
  const [search] = useSearchParams();
  const otpLookup = useLookup('registerOTP', { fresh: true });
  const marketLookup = useLookup('market');
  const [draft, setDraft] = useState(() => {
    const restored = loadDraft();
    return { ...restored, step: resumeStep(restored) };
  });
  // A draft that comes back past the phone had a password, perhaps typed already: say why it is empty.
  const [askPasswordAgain] = useState(() => {
    const restored = loadDraft();
    return (
      (restored.step === 'profile' || restored.step === 'bank') &&
      (restored.profile.name !== '' || restored.profile.sourceCode !== '')
    );
  });
  const [secret, setSecret] = useState<Secret>({ password: '', confirm: '' });
  const [done, setDone] = useState(false);

  // An inviter code in the link is remembered, then shown locked (spec section 2), once the server
  // knows it: a code no member has is dropped with a note, else a bad link locked the form on this
  // phone for good (issue 31). The member may remove a remembered code.
  const linkCode = search.get('code');
  const [remembered, setRemembered] = useState(() => {
    if (linkCode) storage.setInviterCode(linkCode.toUpperCase());
    return storage.getInviterCode();
  });
  // A code no member has is forgotten by the check itself (register-api.ts).
  const unknownCode = useInviteCodeCheck(remembered).data?.exists === false;
  const inviterCode = unknownCode ? null : remembered;
  const droppedCode = unknownCode ? remembered : null;
  const removeInviterCode = () => {
    storage.clearInviterCode();
    setRemembered(null);
  };

  useEffect(() => {
    if (!done) saveDraft(draft);
  }, [draft, done]);

  const dirty = !done && isDirty(draft, secret.password);
  // Leaving with something typed asks first: another page of the app (a confirm) or the browser
  // leaving the site (its own prompt). What was typed stays for this tab's session either way.
  // NOTE: only from the wizard's own path: while the next page's chunk loads, this page stays
  // mounted (a transition), and must not hold back a navigation that starts from there.
  const { pathname } = useLocation();
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      dirty &&
      currentLocation.pathname === pathname &&
      nextLocation.pathname !== pathname &&
      !(nextLocation.state as { leavesRegistration?: boolean } | null)?.leavesRegistration,
  );
  useEffect(() => {
    if (!dirty) return;
    const ask = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', ask);
    return () => window.removeEventListener('beforeunload', ask);
  }, [dirty]);

  useEffect(() => {
    if (!done) return;
    // The sign-in page opens with the new member's phone filled in.
    const timer = setTimeout(
      () => void navigate('/login', { replace: true, state: { username: draft.phone } }),
      TIMING.registerRedirectMs,
    );
    return () => clearTimeout(timer);
  }, [done, navigate, draft.phone]);

  /** Errors that belong to no field are 4-second red toasts (spec section 8). */
  const showError = (error: unknown) =>
    toast.show('error', errorText(error instanceof ApiError ? error.code : 'INTERNAL_SERVER_ERROR'));
  const update = (change: Partial<RegisterDraft>) => setDraft((current) => ({ ...current, ...change }));

  if (otpLookup.isPending || marketLookup.isPending) {
    return (
      <Page title={t('register.title')}>
        <Loading />
      </Page>
    );
  }
  const otpEnabled = otpLookup.data?.registerOTP ?? true;
  const market: Market = marketLookup.data?.market ?? 'TH';
  const steps: WizardStep[] = otpEnabled ? ['phone', 'otp', 'profile', 'bank'] : ['phone', 'profile', 'bank'];
  const step = !otpEnabled && draft.step === 'otp' ? 'phone' : draft.step;

  return (
    <Page title={t('register.title')}>
      <StepIndicator steps={steps} current={step} />
      <div className="card mt-4 p-5">
        {step === 'phone' ? (
          <PhoneStep
            market={market}
            otpEnabled={otpEnabled}
            phone={draft.phone}
            onChange={(phone) => update({ phone })}
            onError={showError}
            onDone={(normalized, sent) =>
              update({
                phone: normalized,
                otp: sent,
                // No code sent: the phone is verified already (OTP_VERIFIED) or needs none.
                verified: sent === null && otpEnabled,
                step: sent ? 'otp' : 'profile',
              })
            }
          />
        ) : null}
        {step === 'otp' ? (
          <OtpStep
            phone={draft.phone}
            otp={draft.otp}
            verified={draft.verified}
            onResent={(otp) => update({ otp })}
            onError={showError}
            onBack={() => update({ step: 'phone', otp: null, verified: false })}
            onDone={() => update({ step: 'profile', otp: null, verified: true })}
          />
        ) : null}
        {step === 'profile' ? (
          <ProfileStep
            market={market}
            phone={draft.phone}
            inviterCode={inviterCode}
            droppedCode={droppedCode}
            onRemoveInviterCode={removeInviterCode}
            values={draft.profile}
            secret={secret}
            askPasswordAgain={askPasswordAgain && secret.password === ''}
            onChange={(profile) => update({ profile })}
            onSecretChange={setSecret}
            onError={showError}
            // Back one step: to the verified code (kept), or to the phone when there is no code step.
            onBack={() => update({ step: otpEnabled ? 'otp' : 'phone' })}
            onDone={() => update({ step: 'bank' })}
          />
        ) : null}
        {step === 'bank' ? (
          <BankStep
            market={market}
            phone={draft.phone}
            profile={draft.profile}
            inviterCode={inviterCode}
            password={secret.password}
            values={draft.bank}
            onChange={(bank) => update({ bank })}
            disabled={done}
            onError={showError}
            onBack={() => update({ step: 'profile' })}
            onDone={() => {
              clearDraft();
              setSecret({ password: '', confirm: '' });
              // Told on the way to /login: it passes to the next screen.
              toast.show('success', t('register.success'), { after: 'leave' });
              setDone(true);
            }}
          />
        ) : null}
      </div>
      {/* Staying is the main button: leaving loses what was typed. */}
      <ConfirmDialog
        open={blocker.state === 'blocked'}
        onClose={() => blocker.reset?.()}
        title={t('register.leaveTitle')}
        confirmLabel={t('register.stay')}
        onConfirm={() => blocker.reset?.()}
        cancelLabel={t('register.leave')}
        onCancel={() => blocker.proceed?.()}
      >
        <p className="text-[15px] text-mist-300">{t('register.leaveText')}</p>
      </ConfirmDialog>
    </Page>
  );
}
