import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  GameSetting,
  GameSettingsResponse,
  type GameSettingChange,
} from '@wallet/contract/http/console-games';
import { queryKeys } from '../../../lib/query-keys';
import { consoleRequest } from '../console-api';

const BASE = '/api/console/settings/games';

/** The catalogue's games as staff set them, in the carousels' order (decision 064). */
export function useGameSettings() {
  return useQuery({
    queryKey: queryKeys.console.gameSettings,
    queryFn: () => consoleRequest(BASE, { schema: GameSettingsResponse }),
  });
}

/** Sets one game's settings whole; the list shows what the server kept. */
export function useSaveGame() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ code, change }: { code: string; change: GameSettingChange }) =>
      consoleRequest(`${BASE}/${encodeURIComponent(code)}`, {
        method: 'PUT',
        body: change,
        schema: GameSetting,
      }),
    onSuccess: (saved) =>
      queryClient.setQueryData<GameSettingsResponse>(queryKeys.console.gameSettings, (current) =>
        current ? { games: current.games.map((game) => (game.code === saved.code ? saved : game)) } : current,
      ),
  });
}

/** Places the games in this order (every code once); answers the list as it now stands. */
export function useReorderGames() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (codes: string[]) =>
      consoleRequest(`${BASE}/order`, { method: 'PUT', body: { codes }, schema: GameSettingsResponse }),
    onSuccess: (list) => queryClient.setQueryData(queryKeys.console.gameSettings, list),
  });
}
