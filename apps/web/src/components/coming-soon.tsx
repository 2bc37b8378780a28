import { Hourglass } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Page } from './page';

/** An honest stand-in for a screen that is not open yet. */
export function ComingSoonPage({ titleKey }: { titleKey: string }) {
  const { t } = useTranslation();
  return (
    <Page title={t(titleKey)}>
      <div className="card flex flex-col items-center gap-3 px-6 py-10 text-center">
        <span className="gold-gradient inline-flex size-14 items-center justify-center rounded-2xl text-ink-950">
          <Hourglass className="size-7" aria-hidden="true" />
        </span>
        <p className="text-lg font-semibold">{t('comingSoon.title')}</p>
        <p className="text-sm text-mist-400">{t('comingSoon.text')}</p>
      </div>
    </Page>
  );
}
