import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { OkResponse } from '@wallet/contract/http/account';
import { StaffPushRemove, StaffPushRequest, StaffPushState } from '@wallet/contract/http/console';
import { errorResponses } from '../../platform/errors';
import { staffOf } from '../../platform/staff-auth';
import type { StaffPush } from './staff-push';

const errors = errorResponses(400, 401, 403);

/**
 * Web push of the desk's counts (issue 27 section 7, decision 053). Any signed-in staff member may
 * turn it on for their own browsers; what they are told of follows their role's permissions. The
 * endpoint is a capability address: the audit says that a browser was added, never which.
 */
export const staffPushRoutes: FastifyPluginAsyncZod<{ staffPush: StaffPush }> = async (
  app,
  { staffPush },
) => {
  const schema = (summary: string) => ({ tags: ['console'], summary, security: [{ bearer: [] }] });
  const secured = { onRequest: app.requirePermission('members.read') };

  app.get(
    '/api/console/push',
    {
      ...secured,
      schema: {
        ...schema('The key to subscribe with, and how many of my browsers get notices'),
        response: { 200: StaffPushState, ...errors },
      },
    },
    async (request) => ({
      pushKey: staffPush.pushKey,
      devices: await staffPush.subscribed(staffOf(request).id),
    }),
  );

  app.put(
    '/api/console/push',
    {
      ...secured,
      schema: {
        ...schema('This browser gets a notice when work waiting for me rises'),
        body: StaffPushRequest,
        response: { 200: OkResponse, ...errors },
      },
    },
    async (request) => {
      const { locale, ...subscription } = request.body;
      const staffId = staffOf(request).id;
      const before = await staffPush.subscribed(staffId);
      if (await staffPush.subscribe(staffId, subscription, locale)) {
        await app.staffAudit.record(request, 'staff.push.on', `staff:${staffId}`, {
          before: { devices: before },
          after: { devices: await staffPush.subscribed(staffId), locale },
        });
      }
      return { ok: true as const };
    },
  );

  app.delete(
    '/api/console/push',
    {
      ...secured,
      schema: {
        ...schema('This browser no longer gets notices'),
        body: StaffPushRemove,
        response: { 200: OkResponse, ...errors },
      },
    },
    async (request) => {
      const staffId = staffOf(request).id;
      const before = await staffPush.subscribed(staffId);
      if (await staffPush.unsubscribe(staffId, request.body.endpoint)) {
        await app.staffAudit.record(request, 'staff.push.off', `staff:${staffId}`, {
          before: { devices: before },
          after: { devices: before - 1 },
        });
      }
      return { ok: true as const };
    },
  );
};
