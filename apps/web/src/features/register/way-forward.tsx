import { Headset, LogIn } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { normalizePhone } from '@wallet/contract/rules';

/**
 * Under a field the server refused as registered already: the way on from there (issue 16). A
 * member's phone leads to sign-in with the number filled in; a bank account of another member to
 * support, who can look into it.
 */
export function WayForward({ kind, phone }: { kind: 'signIn' | 'support'; phone?: string }) {
  const { t } = useTranslation();
  const Icon = kind === 'signIn' ? LogIn : Headset;
  return (
    <p className="flex flex-wrap items-center gap-x-2 text-sm text-mist-300">
      <span>{t(kind === 'signIn' ? 'register.memberAlready' : 'register.bankTaken')}</span>
      <Link
        to={kind === 'signIn' ? '/login' : '/contact'}
        // The wizard lets these through without asking: leaving is the way forward here, and what
        // was typed stays for this tab's session.
        state={{
          leavesRegistration: true,
          ...(kind === 'signIn' ? { username: normalizePhone(phone ?? '') } : {}),
        }}
        className="inline-flex min-h-11 items-center gap-1.5 font-semibold text-gold-300 underline-offset-4 hover:underline"
      >
        <Icon className="size-4" aria-hidden="true" />
        {t(kind === 'signIn' ? 'register.signInInstead' : 'register.contactSupport')}
      </Link>
    </p>
  );
}
