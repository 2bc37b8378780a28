import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { PAGE_SIZE } from '@wallet/contract/constants';
import {
  StatementResponse,
  type StatementListRequest,
  type StatementType,
} from '@wallet/contract/http/statement';
import { apiRequest } from '../../lib/api-client';
import { queryKeys } from '../../lib/query-keys';

/**
 * One page of the member's statement, newest first, of one type or of all (`type` undefined);
 * the page shown stays while the next loads.
 */
export function useStatement(page: number, type: StatementType | undefined) {
  const body: StatementListRequest = { page, limit: PAGE_SIZE.statement, ...(type ? { type } : {}) };
  return useQuery({
    queryKey: queryKeys.statement.page(type, page),
    queryFn: () => apiRequest('/api/statement', { method: 'POST', body, schema: StatementResponse }),
    placeholderData: keepPreviousData,
  });
}
