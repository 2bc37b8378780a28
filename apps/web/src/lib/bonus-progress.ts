import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { BonusProgressResponse } from '@wallet/contract/http/bonus';
import { apiRequest } from './api-client';
import { queryKeys } from './query-keys';

/**
 * Where the running grant stands in numbers (turnover done, required, missing, expiry), or null
 * when none runs. Shared by the bonus page and the withdraw dialog, whose BONUS_CONDITION refusal
 * shows these numbers; features do not import each other.
 */
export function useBonusProgress(enabled = true) {
  const { i18n } = useTranslation();
  return useQuery({
    // The offer's name is in the request's language.
    queryKey: queryKeys.bonus.progress(i18n.language),
    queryFn: () => apiRequest('/api/bonus/progress', { schema: BonusProgressResponse }),
    enabled,
  });
}
