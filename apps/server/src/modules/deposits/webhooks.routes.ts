import type { FastifyPluginAsync } from 'fastify';
import { QR_PROVIDERS } from '@wallet/contract/http/deposit';
import {
  PaymentEvent,
  WEBHOOK_SIGNATURE_HEADER,
  WEBHOOK_TIMESTAMP_HEADER,
} from '../../adapters/payment-provider/payment-provider';
import { checkWebhook } from '../../adapters/payment-provider/webhook-signature';
import type { QrPaymentsService } from './qr-payments.service';

export interface WebhooksRoutesOptions {
  qrPayments: QrPaymentsService;
  secret: string;
  toleranceSeconds: number;
}

const header = (value: string | string[] | undefined) => (typeof value === 'string' ? value : undefined);

/**
 * POST /api/webhooks/qrcode/{provider}: the payment gateway tells us a QR was paid. The
 * signature is checked over the raw body before anything in it is believed (bad: 401, nothing
 * credited); a timestamp outside the tolerance is refused (a replay of an old capture); a
 * replayed or reordered event credits nothing twice (qr-payments.service.ts); a payment of another
 * amount is held for staff review.
 */
export const webhooksRoutes: FastifyPluginAsync<WebhooksRoutesOptions> = async (
  app,
  { qrPayments, secret, toleranceSeconds },
) => {
  // NOTE: encapsulated to this plugin: the signature is over the bytes as sent, so the body is
  // kept as text and parsed only after the check.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'string', bodyLimit: 64 * 1024 }, (_request, body, done) => {
    done(null, body);
  });

  app.post<{ Params: { provider: string }; Body: string }>(
    '/api/webhooks/qrcode/:provider',
    { schema: { hide: true } },
    async (request, reply) => {
      const provider = request.params.provider;
      if (!(QR_PROVIDERS as readonly string[]).includes(provider))
        return reply.status(404).send({ message: 'NOT_FOUND' });
      const rawBody = typeof request.body === 'string' ? request.body : '';
      const check = checkWebhook({
        secret,
        timestampHeader: header(request.headers[WEBHOOK_TIMESTAMP_HEADER]),
        signatureHeader: header(request.headers[WEBHOOK_SIGNATURE_HEADER]),
        rawBody,
        now: new Date(),
        toleranceSeconds,
      });
      if (!check.ok) {
        request.log.warn({ provider, reason: check.reason }, 'webhook refused');
        return reply.status(401).send({ message: 'UNAUTHORIZED' });
      }
      let json: unknown;
      try {
        json = JSON.parse(rawBody);
      } catch {
        return reply.status(400).send({ message: 'MALFORMED_JSON' });
      }
      const event = PaymentEvent.safeParse(json);
      if (!event.success || event.data.provider !== provider) {
        return reply.status(400).send({ message: 'INVALID_INPUT' });
      }
      const outcome = await qrPayments.applyEvent(event.data);
      if (outcome === 'unknown-order') return reply.status(404).send({ message: 'NO_DATA' });
      // NOTE: a payment of another amount answers 200 (outcome `review`) once its review is stored:
      // the gateway would only retry an error, and a retry can add nothing (decision 017).
      return { received: true, outcome };
    },
  );
};
