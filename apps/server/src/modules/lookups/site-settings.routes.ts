import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  SITE_SETTING_KEYS,
  siteSettingRequest,
  SiteSettingsResponse,
  type SiteSettingKey,
  type SiteSettings,
} from '@wallet/contract/http/console-settings';
import { errorResponses } from '../../platform/errors';
import type { LookupsService } from './lookups.service';

const errors = errorResponses(400, 401, 403);

/** What the audit keeps of a value: a QR image is told by its length, not copied into every row. */
function audited<K extends SiteSettingKey>(key: K, value: SiteSettings[K]): unknown {
  if (key !== 'contact') return value;
  const contact = value as SiteSettings['contact'];
  return {
    ...contact,
    lineQR: contact.lineQR === null ? null : `(image, ${contact.lineQR.length} characters)`,
  };
}

/**
 * The site's settings on the console (issue 28 section 2, decision 059), `settings.manage` to read
 * and to change. One PUT per setting, its body the schema members' lookups are read by; each change
 * writes its audit row (before → after) in its own transaction.
 */
export const siteSettingsRoutes: FastifyPluginAsyncZod<{ lookups: LookupsService }> = async (
  app,
  { lookups },
) => {
  const schema = (summary: string) => ({ tags: ['console'], summary, security: [{ bearer: [] }] });
  const secured = { onRequest: app.requirePermission('settings.manage') };

  app.get(
    '/api/console/settings/site',
    {
      ...secured,
      schema: {
        ...schema("The site's settings members are shown"),
        response: { 200: SiteSettingsResponse, ...errors },
      },
    },
    async () => lookups.siteSettings(),
  );

  for (const key of SITE_SETTING_KEYS) {
    const body = siteSettingRequest(key);
    app.put(
      `/api/console/settings/site/${key}`,
      {
        ...secured,
        schema: {
          ...schema(`Replaces the site setting "${key}" (HTML cleaned); members read it at their next call`),
          body,
          response: { 200: body, ...errors },
        },
      },
      async (request) => {
        const value = await lookups.replaceSiteSetting(key, request.body.value, (tx, before, after) =>
          app.staffAudit.recordIn(tx, request, 'settings.site', `setting:${key}`, {
            before: audited(key, before),
            after: audited(key, after),
          }),
        );
        return { value };
      },
    );
  }
};
