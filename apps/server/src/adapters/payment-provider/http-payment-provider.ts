import {
  CreatedQrBody,
  PAYMENT_KEY_HEADER,
  type CreateQrBody,
  type CreatedQr,
  type PaymentProvider,
  type QrOrder,
} from './payment-provider';

export interface HttpPaymentProviderOptions {
  /** A function: in sandbox mode the server learns its own address only once it listens. */
  baseUrl: () => string;
  key: string;
  timeoutMs: number;
}

/** The QR payment gateway over HTTP (see payment-provider.ts for the protocol). */
export class HttpPaymentProvider implements PaymentProvider {
  constructor(private readonly options: HttpPaymentProviderOptions) {}

  async createQr(order: QrOrder): Promise<CreatedQr> {
    const body: CreateQrBody = {
      provider: order.provider,
      reference: order.reference,
      amount: Number(order.amount),
      expiresAt: order.expiresAt.toISOString(),
    };
    const response = await this.call('POST', '/orders', body);
    const created = CreatedQrBody.safeParse(await response.json().catch(() => null));
    // An answer counts only for our own reference.
    if (!response.ok || !created.success || created.data.reference !== order.reference) {
      throw new Error(`payment gateway: create answered http ${response.status}`);
    }
    return { providerReference: created.data.id, payload: created.data.payload };
  }

  async cancelQr(reference: string): Promise<void> {
    const response = await this.call('POST', `/orders/${encodeURIComponent(reference)}/cancel`);
    if (!response.ok && response.status !== 409) {
      throw new Error(`payment gateway: cancel answered http ${response.status}`);
    }
  }

  private call(method: string, path: string, body?: unknown): Promise<Response> {
    return fetch(`${this.options.baseUrl()}${path}`, {
      method,
      headers: {
        [PAYMENT_KEY_HEADER]: this.options.key,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(this.options.timeoutMs),
    });
  }
}
