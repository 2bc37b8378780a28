import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  DepositResult,
  ManualDepositRequest,
  QrChannelsResponse,
  QrCreateRequest,
  QrIdParam,
  QrProviderParam,
  QrState,
  TruelinkRequest,
} from '@wallet/contract/http/deposit';
import { memberOf } from '../../platform/auth';
import { errorResponses } from '../../platform/errors';
import type { Idempotent } from '../../platform/idempotency/idempotency';
import type { DepositNoticesService } from './deposit-notices.service';
import type { GiftLinksService } from './gift-links.service';
import type { QrPaymentsService } from './qr-payments.service';

export interface DepositsRoutesOptions {
  qrPayments: QrPaymentsService;
  giftLinks: GiftLinksService;
  notices: DepositNoticesService;
  idempotent: Idempotent;
}

const refusals = errorResponses(400, 401, 403, 404, 409);

/** The member's deposit calls (spec section 7: QR, Wallet truelink and add). */
export const depositsRoutes: FastifyPluginAsyncZod<DepositsRoutesOptions> = async (
  app,
  { qrPayments, giftLinks, notices, idempotent },
) => {
  const security = [{ bearer: [] }];

  app.get(
    '/api/qrcode',
    {
      preHandler: app.requireMember,
      schema: {
        tags: ['deposit'],
        summary: 'The QR channels a member can choose, with their names and minimums',
        security,
        response: { 200: QrChannelsResponse, ...refusals },
      },
    },
    async (request) => ({ channels: await qrPayments.channels(memberOf(request).id) }),
  );

  app.get(
    '/api/qrcode/:provider',
    {
      preHandler: app.requireMember,
      schema: {
        tags: ['deposit'],
        summary: 'The member’s open QR at a provider',
        security,
        params: QrProviderParam,
        response: { 200: QrState, ...refusals },
      },
    },
    async (request) => qrPayments.state(memberOf(request).id, request.params.provider),
  );

  app.post(
    '/api/qrcode/:provider',
    {
      preHandler: app.requireMember,
      schema: {
        tags: ['deposit'],
        summary: 'Opens a QR payment (hasQrcode false and a message when it cannot)',
        security,
        params: QrProviderParam,
        body: QrCreateRequest,
        response: { 200: QrState, ...refusals },
      },
    },
    async (request, reply) =>
      idempotent(request, reply, async () => ({
        status: 200,
        body: await qrPayments.create(memberOf(request).id, request.params.provider, request.body.amount),
      })),
  );

  app.delete(
    '/api/qrcode/:qrcodeId',
    {
      preHandler: app.requireMember,
      schema: {
        tags: ['deposit'],
        summary: 'Cancels the member’s open QR',
        security,
        params: QrIdParam,
        response: { 200: QrState, ...refusals },
      },
    },
    async (request) => qrPayments.cancel(memberOf(request).id, request.params.qrcodeId),
  );

  app.post(
    '/api/wallet/truelink',
    {
      preHandler: app.requireMember,
      schema: {
        tags: ['deposit'],
        summary: 'Deposits a prepaid-wallet gift link',
        security,
        body: TruelinkRequest,
        response: { 200: DepositResult, ...refusals },
      },
    },
    async (request, reply) =>
      idempotent(request, reply, async (key) => ({
        status: 200,
        body: await giftLinks.redeem(memberOf(request).id, request.body.link, key),
      })),
  );

  app.post(
    '/api/wallet/add',
    {
      preHandler: app.requireMember,
      schema: {
        tags: ['deposit'],
        summary: 'Records a manual deposit notice for staff',
        security,
        body: ManualDepositRequest,
        response: { 200: DepositResult, ...refusals },
      },
    },
    async (request, reply) =>
      idempotent(request, reply, async () => ({
        status: 200,
        body: await notices.notify(memberOf(request).id, request.body.amount),
      })),
  );
};
