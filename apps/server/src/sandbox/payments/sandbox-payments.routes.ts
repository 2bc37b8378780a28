import { randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { anyId } from 'promptparse/generate';
import { z } from 'zod';
import { QrIdParam, SandboxVoucherRequest, SandboxVoucherResponse } from '@wallet/contract/http/deposit';
import { ErrorResponse } from '@wallet/contract/errors';
import {
  CreateQrBody,
  PAYMENT_KEY_HEADER,
  WEBHOOK_SIGNATURE_HEADER,
  WEBHOOK_TIMESTAMP_HEADER,
  type PaymentEvent,
} from '../../adapters/payment-provider/payment-provider';
import { signWebhook } from '../../adapters/payment-provider/webhook-signature';
import { RedeemBody, VOUCHER_KEY_HEADER, giftLinkOf } from '../../adapters/voucher/voucher-service';
import { sameSecret } from '../../platform/crypto';
import type { Database } from '../../platform/db/database';
import { uniqueViolation } from '../../platform/db/unique-violation';
import { AppError } from '../../platform/errors';
import { laoQrPayload } from './lao-qr';
import { sandboxPaymentOrders, sandboxVouchers } from './sandbox-payments.tables';

export interface SandboxPaymentsOptions {
  db: Database;
  /** The merchant keys our HttpPaymentProvider and HttpVoucherService send. */
  key: string;
  voucherKey: string;
  /** Signs the webhooks, as the real gateway does with the secret it shares with us. */
  webhookSecret: string;
  /** Where webhooks go: this server's own /api/webhooks/qrcode/{provider}, known once it listens. */
  webhookUrl: (provider: string) => string;
  /** The operator's PromptPay id the QR payloads pay to. */
  promptPayId: string;
}

/** Where the sandbox's kip QR codes pay to: the operator's BCEL kip account a new site seeds. */
const SANDBOX_LAO_QR_MERCHANT = {
  bankCode: 'BCEL',
  accountNo: '0101100458723',
  merchantName: 'LUCKY WALLET',
};

const newId = () => randomBytes(12).toString('base64url');
const DELIVERY_ATTEMPTS = 3;

/**
 * The sandbox QR payment gateway and prepaid-wallet voucher service (decision 013). Reached over
 * HTTP like real ones, under /api/sandbox/payment-api and /api/sandbox/voucher-api, with tables
 * of their own; a payer and a voucher issuer for tests and demos under /api/sandbox. Only
 * registered in sandbox mode.
 */
export const sandboxPaymentsRoutes: FastifyPluginAsyncZod<SandboxPaymentsOptions> = async (app, options) => {
  const { db, key } = options;

  app.addHook('onRequest', async (request, reply) => {
    // NOTE: the matched route, not the raw URL: a percent-encoded path reaches the same route.
    const route = request.routeOptions.url ?? '';
    const guarded = route.startsWith('/api/sandbox/payment-api/')
      ? { header: PAYMENT_KEY_HEADER, expected: key }
      : route.startsWith('/api/sandbox/voucher-api/')
        ? { header: VOUCHER_KEY_HEADER, expected: options.voucherKey }
        : null;
    if (!guarded) return;
    const given = request.headers[guarded.header];
    if (typeof given !== 'string' || !sameSecret(given, guarded.expected)) {
      return reply.status(401).send({ error: 'BAD_KEY' });
    }
  });

  // --- The gateway's merchant API -------------------------------------------------------------

  app.post(
    '/api/sandbox/payment-api/orders',
    { schema: { hide: true, body: CreateQrBody } },
    async (request, reply) => {
      const order = request.body;
      const [earlier] = await db
        .select()
        .from(sandboxPaymentOrders)
        .where(eq(sandboxPaymentOrders.reference, order.reference));
      if (earlier) {
        // The same order again (a retry) gets the same answer; another one under it is refused.
        const same = earlier.provider === order.provider && earlier.amount === BigInt(order.amount);
        if (!same) return reply.status(409).send({ error: 'REFERENCE_REUSED' });
        return { id: earlier.id, reference: earlier.reference, payload: earlier.payload };
      }
      // A PromptPay payload for exactly this amount (promptparse computes the CRC); the Lao QR
      // channel's is an EMVCo code in kip to the operator's BCEL account.
      const payload =
        order.provider === 'LAOQR'
          ? laoQrPayload({ ...SANDBOX_LAO_QR_MERCHANT, amount: order.amount, reference: order.reference })
          : anyId({
              type: options.promptPayId.length === 13 ? 'NATID' : 'MSISDN',
              target: options.promptPayId,
              amount: order.amount / 100,
            });
      const row = {
        reference: order.reference,
        id: newId(),
        provider: order.provider,
        amount: BigInt(order.amount),
        payload,
        status: 'open' as const,
        expiresAt: new Date(order.expiresAt),
      };
      try {
        await db.insert(sandboxPaymentOrders).values(row);
      } catch (error) {
        if (!uniqueViolation(error)) throw error;
        return reply.status(409).send({ error: 'REFERENCE_REUSED' });
      }
      return { id: row.id, reference: row.reference, payload };
    },
  );

  app.post(
    '/api/sandbox/payment-api/orders/:reference/cancel',
    { schema: { hide: true, params: z.object({ reference: z.string() }) } },
    async (request, reply) => {
      const cancelled = await db
        .update(sandboxPaymentOrders)
        .set({ status: 'cancelled' })
        .where(
          and(
            eq(sandboxPaymentOrders.reference, request.params.reference),
            eq(sandboxPaymentOrders.status, 'open'),
          ),
        )
        .returning({ reference: sandboxPaymentOrders.reference });
      if (cancelled.length === 0) return reply.status(409).send({ error: 'NOT_OPEN' });
      return { reference: request.params.reference, status: 'cancelled' };
    },
  );

  // --- The voucher service's merchant API -----------------------------------------------------

  const voucherParams = z.object({ code: z.string().max(100) });

  app.get(
    '/api/sandbox/voucher-api/vouchers/:code',
    { schema: { hide: true, params: voucherParams } },
    async (request, reply) => {
      const [voucher] = await db
        .select()
        .from(sandboxVouchers)
        .where(eq(sandboxVouchers.code, request.params.code));
      if (!voucher) return reply.status(404).send({ code: request.params.code, status: 'not_found' });
      return voucher.redeemedReference
        ? { code: voucher.code, status: 'redeemed' }
        : { code: voucher.code, status: 'available', amount: Number(voucher.amount) };
    },
  );

  app.post(
    '/api/sandbox/voucher-api/vouchers/:code/redeem',
    { schema: { hide: true, params: voucherParams, body: RedeemBody } },
    async (request, reply) => {
      const { code } = request.params;
      const { reference } = request.body;
      // Once: only an available voucher is taken; under the same reference again, the same answer.
      await db
        .update(sandboxVouchers)
        .set({ redeemedReference: reference, redeemedAt: new Date() })
        .where(and(eq(sandboxVouchers.code, code), isNull(sandboxVouchers.redeemedReference)));
      const [voucher] = await db.select().from(sandboxVouchers).where(eq(sandboxVouchers.code, code));
      if (!voucher) return reply.status(404).send({ code, status: 'not_found' });
      if (voucher.redeemedReference !== reference) return { code, status: 'used' };
      return { code, status: 'redeemed', amount: Number(voucher.amount), reference };
    },
  );

  // --- Sandbox controls: a payer and a voucher issuer ------------------------------------------

  /** Sends the event as the real gateway would, signed, retrying a few times like it does. */
  async function deliver(event: PaymentEvent): Promise<number> {
    const body = JSON.stringify(event);
    let status = 0;
    for (let attempt = 1; attempt <= DELIVERY_ATTEMPTS; attempt += 1) {
      const timestamp = Math.floor(Date.now() / 1000);
      try {
        const response = await fetch(options.webhookUrl(event.provider), {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            [WEBHOOK_TIMESTAMP_HEADER]: String(timestamp),
            [WEBHOOK_SIGNATURE_HEADER]: signWebhook(options.webhookSecret, timestamp, body),
          },
          body,
          signal: AbortSignal.timeout(10_000),
        });
        status = response.status;
        if (response.ok) return status;
      } catch {
        status = 0;
      }
      await sleep(200 * attempt);
    }
    return status;
  }

  app.post(
    '/api/sandbox/qrcode/:qrcodeId/pay',
    {
      schema: {
        tags: ['sandbox'],
        summary:
          'The sandbox payer pays an open QR (`amount`: another amount than its own, which staff review); ' +
          'the gateway then sends its signed webhook',
        params: QrIdParam,
        querystring: z.object({ amount: z.coerce.number().int().positive().optional() }),
        response: {
          200: z.object({ status: z.literal('paid'), webhookStatus: z.number().int() }),
          404: ErrorResponse,
          409: ErrorResponse,
        },
      },
    },
    async (request) => {
      const [paid] = await db
        .update(sandboxPaymentOrders)
        .set({ status: 'paid', paidAt: new Date() })
        .where(
          and(
            eq(sandboxPaymentOrders.reference, request.params.qrcodeId),
            eq(sandboxPaymentOrders.status, 'open'),
            // An expired QR cannot be paid any more, as at a real gateway.
            gt(sandboxPaymentOrders.expiresAt, new Date()),
          ),
        )
        .returning();
      if (!paid) {
        const [order] = await db
          .select({ status: sandboxPaymentOrders.status })
          .from(sandboxPaymentOrders)
          .where(eq(sandboxPaymentOrders.reference, request.params.qrcodeId));
        throw order ? new AppError('QR_FAIL', 409) : new AppError('NO_DATA', 404);
      }
      const webhookStatus = await deliver({
        eventId: `evt_${paid.id}_paid`,
        reference: paid.reference,
        provider: paid.provider as PaymentEvent['provider'],
        status: 'PAID',
        amount: request.query.amount ?? Number(paid.amount),
        occurredAt: paid.paidAt!.toISOString(),
      });
      return { status: 'paid' as const, webhookStatus };
    },
  );

  app.post(
    '/api/sandbox/voucher',
    {
      schema: {
        tags: ['sandbox'],
        summary: 'The sandbox voucher service issues a gift link worth `amount`',
        body: SandboxVoucherRequest,
        response: { 200: SandboxVoucherResponse },
      },
    },
    async (request) => {
      const code = randomBytes(18).toString('hex');
      await db.insert(sandboxVouchers).values({ code, amount: BigInt(request.body.amount) });
      return { link: giftLinkOf(code) };
    },
  );
};
