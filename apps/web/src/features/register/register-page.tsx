import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { TIMING } from '@wallet/contract/constants';
import type { Market } from '@wallet/contract/constants';
import { Page } from '../../components/page';
import { Loading } from '../../components/ui/loading';
import { useToast } from '../../components/ui/toast';
import { ApiError } from '../../lib/api-client';
import { errorText } from '../../lib/i18n';
import { useLookup } from '../../lib/lookups';
import { storage } from '../../lib/storage';
import { BankStep } from './bank-step';
import { OtpStep } from './otp-step';
import { PhoneStep } from './phone-step';
import { ProfileStep, type ProfileValues } from './profile-step';
import { StepIndicator } from './step-indicator';

export type WizardStep = 'phone' | 'otp' | 'profile' | 'bank';

/** The four-step registration wizard (spec sections 2, 4 and 5, Register). */
export function RegisterPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const toast = useToast();
  const [search] = useSearchParams();
  const otpLookup = useLookup('registerOTP', { fresh: true });
  const marketLookup = useLookup('market');
  const [step, setStep] = useState<WizardStep>('phone');
  const [phone, setPhone] = useState('');
  const [otp, setOtp] = useState<{ token: string; ref: string } | null>(null);
  const [profile, setProfile] = useState<ProfileValues | null>(null);
  const [done, setDone] = useState(false);

  // An inviter code in the link is remembered, then shown locked (spec section 2).
  const linkCode = search.get('code');
  const [inviterCode] = useState(() => {
    if (linkCode) storage.setInviterCode(linkCode.toUpperCase());
    return storage.getInviterCode();
  });

  useEffect(() => {
    if (!done) return;
    const timer = setTimeout(() => void navigate('/login', { replace: true }), TIMING.registerRedirectMs);
    return () => clearTimeout(timer);
  }, [done, navigate]);

  /** Errors of the wizard are 4-second red toasts (spec section 8). */
  const showError = (error: unknown) =>
    toast.show('error', errorText(error instanceof ApiError ? error.code : 'INTERNAL_SERVER_ERROR'));

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

  return (
    <Page title={t('register.title')}>
      <StepIndicator steps={steps} current={step} />
      <div className="card mt-4 p-5">
        {step === 'phone' ? (
          <PhoneStep
            market={market}
            otpEnabled={otpEnabled}
            initial={phone}
            onError={showError}
            onDone={(normalized, sent) => {
              setPhone(normalized);
              setOtp(sent);
              setStep(sent ? 'otp' : 'profile');
            }}
          />
        ) : null}
        {step === 'otp' && otp ? (
          <OtpStep
            phone={phone}
            otp={otp}
            onResent={setOtp}
            onError={showError}
            onBack={() => setStep('phone')}
            onDone={() => setStep('profile')}
          />
        ) : null}
        {step === 'profile' ? (
          <ProfileStep
            market={market}
            phone={phone}
            inviterCode={inviterCode}
            initial={profile}
            onError={showError}
            onBack={() => setStep('phone')}
            onDone={(values) => {
              setProfile(values);
              setStep('bank');
            }}
          />
        ) : null}
        {step === 'bank' && profile ? (
          <BankStep
            market={market}
            profile={profile}
            disabled={done}
            onError={showError}
            onBack={() => setStep('profile')}
            onDone={() => {
              toast.show('success', t('register.success'));
              setDone(true);
            }}
          />
        ) : null}
      </div>
    </Page>
  );
}
