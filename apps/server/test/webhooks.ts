import type { FastifyInstance } from 'fastify';
import {
  WEBHOOK_SIGNATURE_HEADER,
  WEBHOOK_TIMESTAMP_HEADER,
  type PaymentEvent,
} from '../src/adapters/payment-provider/payment-provider';
import { signWebhook } from '../src/adapters/payment-provider/webhook-signature';

/**
 * A payment webhook as the gateway sends it, signed with `secret` (the app's PAYMENT_WEBHOOK
 * secret); `timestamp` and `body` let a test send what the gateway would not.
 */
export function sendWebhook(
  app: FastifyInstance,
  secret: string,
  event: PaymentEvent,
  options: { timestamp?: number; body?: string } = {},
) {
  const body = options.body ?? JSON.stringify(event);
  const timestamp = options.timestamp ?? Math.floor(Date.now() / 1000);
  return app.inject({
    method: 'POST',
    url: `/api/webhooks/qrcode/${event.provider}`,
    payload: body,
    headers: {
      'content-type': 'application/json',
      [WEBHOOK_TIMESTAMP_HEADER]: String(timestamp),
      [WEBHOOK_SIGNATURE_HEADER]: signWebhook(secret, timestamp, body),
    },
  });
}
