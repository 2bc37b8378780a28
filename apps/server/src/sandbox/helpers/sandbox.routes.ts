import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ServiceStateRequest, ServiceStateResponse } from '@wallet/contract/http/sandbox';
import { SandboxSmsResponse } from '@wallet/contract/http/otp';
import { StaffCreate, StaffProfile } from '@wallet/contract/http/console';
import { SlipWindow } from '@wallet/contract/http/deposit';
import type { SandboxSmsSender } from './sandbox-sms-sender';
import type { LookupsService } from '../../modules/lookups/lookups.service';
import type { SpinwheelService } from '../../modules/spinwheel/spinwheel.service';

export interface SandboxRoutesOptions {
  lookups: LookupsService;
  spinwheel: SpinwheelService;
  sms: SandboxSmsSender;
  /** Makes a console staff member, as `npm run staff:create` does (which needs the server stopped on the embedded database). */
  createStaff: (input: StaffCreate) => Promise<StaffProfile>;
}

/**
 * Helpers that let tests and demos drive the outside world. Registered only when
 * APP_MODE=sandbox; in production every /api/sandbox path answers 404.
 */
export const sandboxRoutes: FastifyPluginAsyncZod<SandboxRoutesOptions> = async (
  app,
  { lookups, spinwheel, sms, createStaff },
) => {
  app.post(
    '/api/sandbox/staff',
    {
      schema: {
        tags: ['sandbox'],
        summary:
          'Make a console staff member (TOTP enrolled at the first sign-in), as npm run staff:create does',
        body: StaffCreate,
        response: { 200: StaffProfile },
      },
    },
    async (request) => createStaff(request.body),
  );

  app.get(
    '/api/sandbox/sms',
    {
      schema: {
        tags: ['sandbox'],
        summary: 'The messages the sandbox SMS gateway delivered to a phone, newest first',
        querystring: z.object({ phone: z.string().min(1) }),
        response: { 200: SandboxSmsResponse },
      },
    },
    async (request) => ({
      messages: sms.messagesTo(request.query.phone).map((message) => ({
        ...message,
        createdAt: message.createdAt.toISOString(),
      })),
    }),
  );

  app.post(
    '/api/sandbox/sms/failing',
    {
      schema: {
        tags: ['sandbox'],
        summary: 'Make the sandbox SMS gateway refuse (or accept again) messages to a phone',
        body: z.object({ phone: z.string().min(1), failing: z.boolean() }),
        response: { 200: z.object({ failing: z.boolean() }) },
      },
    },
    async (request) => {
      sms.failFor(request.body.phone, request.body.failing);
      return { failing: request.body.failing };
    },
  );

  app.post(
    '/api/sandbox/service',
    {
      schema: {
        tags: ['sandbox'],
        summary: 'Switch the whole service off (terminated) or on again',
        body: ServiceStateRequest,
        response: { 200: ServiceStateResponse },
      },
    },
    async (request) => {
      await lookups.setTerminated(request.body.terminated);
      return { terminated: request.body.terminated };
    },
  );

  app.post(
    '/api/sandbox/settings/register-otp',
    {
      schema: {
        tags: ['sandbox'],
        summary: 'Switch the OTP step of registration on or off',
        body: z.object({ enabled: z.boolean() }),
        response: { 200: z.object({ enabled: z.boolean() }) },
      },
    },
    async (request) => {
      await lookups.setRegisterOtp(request.body.enabled);
      return { enabled: request.body.enabled };
    },
  );

  const SpinSettings = z.object({
    weights: z.record(z.string(), z.number().int().min(0).max(1_000_000)).optional(),
    stock: z.record(z.string(), z.number().int().min(0).nullable()).optional(),
    withdrawn: z.record(z.string(), z.boolean()).optional(),
    coinRules: z
      .object({
        deposit: z.object({
          per: z.partialRecord(z.enum(['BAHT', 'LAK']), z.string().regex(/^\d{1,15}$/)),
          coins: z.number().int().min(0).max(1_000),
        }),
        daily: z.number().int().min(0).max(100),
      })
      .partial()
      .optional(),
    couponHours: z.number().int().min(1).max(8_760).optional(),
    active: z.boolean().optional(),
  });
  app.post(
    '/api/sandbox/settings/spinwheel',
    {
      schema: {
        tags: ['sandbox'],
        summary:
          'Set the wheel as staff would: slice weights, stock, withdrawn slices, coin rules, on or off',
        body: SpinSettings,
        response: { 200: z.object({ ok: z.literal(true) }) },
      },
    },
    async (request) => {
      await spinwheel.configure(request.body);
      return { ok: true as const };
    },
  );

  app.post(
    '/api/sandbox/settings/slip-window',
    {
      schema: {
        tags: ['sandbox'],
        summary: 'Set the daily window closed to slip uploads (both null: never closed)',
        body: SlipWindow,
        response: { 200: SlipWindow },
      },
    },
    async (request) => {
      await lookups.setSlipWindow(request.body.closedFrom, request.body.closedTo);
      return request.body;
    },
  );
};
