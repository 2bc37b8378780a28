import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { PAGE_SIZE } from '@wallet/contract/constants';
import { StatementResponse } from '@wallet/contract/http/statement';
import { apiRequest } from '../../lib/api-client';

/** One page of the member's statement, newest first; the page shown stays while the next loads. */
export function useStatement(page: number) {
  return useQuery({
    queryKey: ['statement', page],
    queryFn: () =>
      apiRequest('/api/statement', {
        method: 'POST',
        body: { page, limit: PAGE_SIZE.statement },
        schema: StatementResponse,
      }),
    placeholderData: keepPreviousData,
  });
}
