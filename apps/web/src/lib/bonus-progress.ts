import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { BonusProgressResponse } from '@wallet/contract/http/bonus';
import { apiRequest } from './api-client';

/**
 * Every bonus and promotion answer is cached under this prefix, so one invalidation after a
 * claim or a cancel reloads them all (the bonus page's and the withdraw dialog's).
 */
export const BONUS_KEY = ['bonus'];

/**
 * Where the running grant stands in numbers (turnover done, required, missing, expiry), or null
 * when none runs. Shared by the bonus page and the withdraw dialog, whose BONUS_CONDITION refusal
 * shows these numbers; features do not import each other.
 */
export function useBonusProgress(enabled = true) {
  const { i18n } = useTranslation();
  return useQuery({
    // The offer's name is in the request's language.
    queryKey: [...BONUS_KEY, 'progress', i18n.language],
    queryFn: () => apiRequest('/api/bonus/progress', { schema: BonusProgressResponse }),
    enabled,
  });
}
