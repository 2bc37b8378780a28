import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  SITE_SETTINGS,
  SiteSettingsResponse,
  type SiteSettingKey,
  type SiteSettings,
} from '@wallet/contract/http/console-settings';
import { z } from 'zod';
import { queryKeys } from '../../../lib/query-keys';
import { consoleRequest } from '../console-api';

/** The site's settings (decision 059), read once for the screen. */
export function useSiteSettings() {
  return useQuery({
    queryKey: queryKeys.console.siteSettings,
    queryFn: () => consoleRequest('/api/console/settings/site', { schema: SiteSettingsResponse }),
  });
}

/** Saves one setting whole; the screen shows what the server kept (HTML cleaned, a QR drawn). */
export function useSaveSetting<K extends SiteSettingKey>(key: K) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (value: SiteSettings[K]) => {
      const saved = await consoleRequest(`/api/console/settings/site/${key}`, {
        method: 'PUT',
        body: { value },
        // NOTE: checked by the key's schema; typed as a value of any key, then narrowed to K.
        schema: z.object({ value: SITE_SETTINGS[key] as z.ZodType }),
      });
      return saved.value as SiteSettings[K];
    },
    onSuccess: (value) =>
      queryClient.setQueryData<SiteSettings>(queryKeys.console.siteSettings, (current) =>
        current ? { ...current, [key]: value } : current,
      ),
  });
}
