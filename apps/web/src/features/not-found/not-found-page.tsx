import { Compass } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/** Any path the site does not have. */
export function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <section className="mx-auto flex min-h-[70dvh] w-full max-w-md flex-col items-center justify-center px-6 text-center">
      <span className="mb-5 inline-flex size-20 items-center justify-center rounded-3xl bg-ink-700 text-gold-300">
        <Compass className="size-10" aria-hidden="true" />
      </span>
      <p className="text-sm font-semibold tracking-widest text-mist-500">404</p>
      <h1 className="mt-1 text-2xl font-bold">{t('notFound.title')}</h1>
      <p className="mt-3 text-mist-400">{t('notFound.text')}</p>
      <Link
        to="/"
        className="gold-gradient mt-8 inline-flex min-h-11 items-center rounded-xl px-6 font-semibold text-ink-950"
      >
        {t('notFound.home')}
      </Link>
    </section>
  );
}
