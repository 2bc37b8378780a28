import { PowerOff, RotateCw } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Button } from '../../components/ui/button';
import { fetchLookup } from '../../lib/lookups';

/** Shown when the operator has switched the service off (the `gone` answer). */
export function TerminatedPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [checking, setChecking] = useState(false);

  // Asks the server directly: a cached answer could say the service is on when it is not.
  async function checkAgain() {
    setChecking(true);
    try {
      const { terminated } = await fetchLookup('active');
      if (!terminated) void navigate('/login', { replace: true });
    } catch {
      // Still unreachable or still gone: stay here.
    } finally {
      setChecking(false);
    }
  }

  return (
    <section className="mx-auto flex min-h-[70dvh] w-full max-w-md flex-col items-center justify-center px-6 text-center">
      <span className="mb-5 inline-flex size-20 items-center justify-center rounded-3xl bg-ink-700 text-gold-300">
        <PowerOff className="size-10" aria-hidden="true" />
      </span>
      <h1 className="text-2xl font-bold">{t('terminated.title')}</h1>
      <p className="mt-3 text-mist-400">{t('terminated.text')}</p>
      <Button
        variant="secondary"
        className="mt-8"
        loading={checking}
        icon={<RotateCw className="size-4" aria-hidden="true" />}
        onClick={() => void checkAgain()}
      >
        {t('terminated.retry')}
      </Button>
    </section>
  );
}
