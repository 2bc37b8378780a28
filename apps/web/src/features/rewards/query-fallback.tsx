import type { UseQueryResult } from '@tanstack/react-query';
import { ErrorAlert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Loading } from '../../components/ui/loading';
import { errorCodeOf } from '../../lib/api-client';
import { errorText } from '../../lib/i18n';
import { useRewardsTranslation } from '../../lib/rewards-texts';

/**
 * What a rewards dialog shows before its first answer: loading, or the failure with a retry; null
 * once there is data (a failed refetch keeps the data shown).
 */
export function QueryFallback({ query }: { query: UseQueryResult<unknown> }) {
  const { t } = useRewardsTranslation();
  if (query.data) return null;
  if (!query.isError) return <Loading />;
  return (
    <ErrorAlert
      action={
        <Button variant="secondary" className="px-3 text-sm" onClick={() => void query.refetch()}>
          {t('action.retry')}
        </Button>
      }
    >
      {errorText(errorCodeOf(query.error))}
    </ErrorAlert>
  );
}
