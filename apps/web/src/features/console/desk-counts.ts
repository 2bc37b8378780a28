import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { DeskCounts } from '@wallet/contract/http/console';
import { SOCKET_EVENTS } from '@wallet/contract/socket';
import { queryKeys } from '../../lib/query-keys';
import { consoleRequest, hasStaffSession } from './console-api';
import { openConsoleSocket } from './inbox-socket';

/**
 * What waits for staff now (decision 050): read once, then kept current by the staff socket's
 * `desk` events; read again every minute in case a socket was down when a count changed.
 */
export function useDeskCounts() {
  const queryClient = useQueryClient();
  const counts = useQuery({
    queryKey: queryKeys.console.desk,
    queryFn: () => consoleRequest('/api/console/desk/counts', { schema: DeskCounts }),
    refetchInterval: 60_000,
    enabled: hasStaffSession(),
  });

  useEffect(() => {
    if (!hasStaffSession()) return;
    const socket = openConsoleSocket();
    socket.on(SOCKET_EVENTS.desk, (data: never) => {
      const parsed = DeskCounts.safeParse(data);
      if (parsed.success) queryClient.setQueryData(queryKeys.console.desk, parsed.data);
    });
    // Back after a break: what changed meanwhile is read again.
    socket.on('connect', () => void queryClient.invalidateQueries({ queryKey: queryKeys.console.desk }));
    return () => void socket.disconnect();
  }, [queryClient]);

  return counts.data;
}
