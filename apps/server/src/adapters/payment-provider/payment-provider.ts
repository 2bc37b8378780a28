import { z } from 'zod';
import { QR_PROVIDERS, type QrProvider } from '@wallet/contract/http/deposit';

/**
 * A QR payment gateway (one aggregator serving the channels KBANK, WW, PAYONEX, PAYTIMZ and FP):
 * it makes a PromptPay (EMVCo) payload for an exact amount under our reference, and tells us by a
 * signed webhook when the payer paid. The protocol below is what HttpPaymentProvider speaks and
 * what the sandbox gateway (sandbox/payments) serves.
 */
export interface PaymentProvider {
  createQr(order: QrOrder): Promise<CreatedQr>;
  /** Cancels an open order; a paid one stays paid (the webhook then still arrives). */
  cancelQr(reference: string): Promise<void>;
}

export interface QrOrder {
  provider: QrProvider;
  /** Our reference: the QR payment's id. */
  reference: string;
  /** Minor units. */
  amount: bigint;
  expiresAt: Date;
}

export interface CreatedQr {
  providerReference: string;
  /** The EMVCo payload to render as the QR code. */
  payload: string;
}

export const PAYMENT_KEY_HEADER = 'x-merchant-key';

export const CreateQrBody = z.object({
  provider: z.enum(QR_PROVIDERS),
  reference: z.string().min(8).max(64),
  amount: z.number().int().positive(),
  expiresAt: z.string().datetime(),
});
export type CreateQrBody = z.infer<typeof CreateQrBody>;

export const CreatedQrBody = z.object({
  id: z.string(),
  reference: z.string(),
  payload: z.string(),
});

/** Headers of a webhook: unix seconds, and hex HMAC-SHA256 of `${timestamp}.${raw body}`. */
export const WEBHOOK_TIMESTAMP_HEADER = 'x-webhook-timestamp';
export const WEBHOOK_SIGNATURE_HEADER = 'x-webhook-signature';

export const PAYMENT_EVENT_STATUSES = ['PAID', 'CANCELLED', 'EXPIRED'] as const;

/** The body of a webhook: one event about one order. */
export const PaymentEvent = z.object({
  eventId: z.string().min(1).max(100),
  /** Our reference of the order. */
  reference: z.string().min(1).max(64),
  provider: z.enum(QR_PROVIDERS),
  status: z.enum(PAYMENT_EVENT_STATUSES),
  /** Minor units actually paid (PAID) or ordered. */
  amount: z.number().int().positive(),
  occurredAt: z.string().datetime(),
});
export type PaymentEvent = z.infer<typeof PaymentEvent>;
