import { createHmac } from 'node:crypto';
import { sameSecret } from '../../platform/crypto';

/**
 * Webhook signatures of the payment gateway: HMAC-SHA256 over `${timestamp}.${raw body}`, hex.
 * The timestamp is signed too, so an old event cannot be replayed with a fresh timestamp.
 */
export function signWebhook(secret: string, timestamp: number, rawBody: string): string {
  return createHmac('sha256', secret).update(`${timestamp}.${rawBody}`).digest('hex');
}

export type WebhookCheck = { ok: true } | { ok: false; reason: 'missing' | 'bad-signature' | 'stale' };

export function checkWebhook(options: {
  secret: string;
  timestampHeader: string | undefined;
  signatureHeader: string | undefined;
  rawBody: string;
  now: Date;
  toleranceSeconds: number;
}): WebhookCheck {
  const { timestampHeader, signatureHeader } = options;
  if (!timestampHeader || !signatureHeader || !/^\d{1,12}$/.test(timestampHeader)) {
    return { ok: false, reason: 'missing' };
  }
  const timestamp = Number(timestampHeader);
  // Checked first, in constant time: nothing about the body is trusted before it.
  const expected = signWebhook(options.secret, timestamp, options.rawBody);
  if (!sameSecret(signatureHeader.toLowerCase(), expected)) return { ok: false, reason: 'bad-signature' };
  if (Math.abs(options.now.getTime() / 1000 - timestamp) > options.toleranceSeconds) {
    return { ok: false, reason: 'stale' };
  }
  return { ok: true };
}
