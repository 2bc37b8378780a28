import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ConsoleWheelResponse, type WheelSettings } from '@wallet/contract/http/console-offers';
import { queryKeys } from '../../../lib/query-keys';
import { consoleRequest } from '../console-api';

/** The spin wheel as staff edit it, with the odds members are shown (offers.manage). */
export function useWheel() {
  return useQuery({
    queryKey: queryKeys.console.wheel,
    queryFn: () => consoleRequest('/api/console/wheel', { schema: ConsoleWheelResponse }),
    staleTime: 0,
  });
}

/** Saves the whole wheel; the answer (as stored, odds recomputed) replaces what was read. */
export function useSaveWheel() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (wheel: WheelSettings) =>
      consoleRequest('/api/console/wheel', { method: 'PUT', body: wheel, schema: ConsoleWheelResponse }),
    onSuccess: (answer) => queryClient.setQueryData(queryKeys.console.wheel, answer),
  });
}
