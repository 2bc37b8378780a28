import { useTranslation } from 'react-i18next';
import { Spinner } from './spinner';

/** The placeholder of content still on its way from the server. */
export function Loading() {
  const { t } = useTranslation();
  return (
    <div role="status" aria-label={t('loading')} className="flex justify-center py-10 text-mist-400">
      <Spinner className="size-7" />
    </div>
  );
}
