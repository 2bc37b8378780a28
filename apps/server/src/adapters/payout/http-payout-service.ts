import {
  PAYOUT_KEY_HEADER,
  PayoutStatusBody,
  type PayoutOrder,
  type PayoutOutcome,
  type PayoutRequestBody,
  type PayoutService,
  type PayoutStatus,
} from './payout-service';

export interface HttpPayoutOptions {
  /** A function: in sandbox mode the server learns its own address only once it listens. */
  baseUrl: () => string;
  key: string;
  timeoutMs: number;
}

/** The payout gateway over HTTP (see payout-service.ts for the protocol). */
export class HttpPayoutService implements PayoutService {
  constructor(private readonly options: HttpPayoutOptions) {}

  async send(order: PayoutOrder): Promise<PayoutOutcome> {
    const body: PayoutRequestBody = {
      reference: order.reference,
      amount: Number(order.amount),
      currency: order.currency,
      bankCode: order.bank.code,
      accountNo: order.bank.accountNo,
      accountName: order.bank.accountName,
      expiresAt: order.expiresAt.toISOString(),
    };
    let response: Response;
    try {
      response = await this.call('POST', '/payouts', body);
    } catch (error) {
      return { kind: 'unknown', reason: error instanceof Error ? error.name : 'network' };
    }
    const verdict = PayoutStatusBody.safeParse(await response.json().catch(() => null));
    // A verdict counts only for our own reference.
    if (!verdict.success || response.status >= 500 || verdict.data.reference !== order.reference) {
      return { kind: 'unknown', reason: `http ${response.status}` };
    }
    if (verdict.data.status === 'rejected')
      return { kind: 'rejected', reason: verdict.data.reason ?? 'rejected' };
    return { kind: 'accepted' };
  }

  async status(reference: string): Promise<PayoutStatus> {
    const response = await this.call('GET', `/payouts/${encodeURIComponent(reference)}`);
    // NOTE: only the gateway's own not_found counts: a 404 of a proxy or a wrong path says nothing
    // about the payout, and "not found" lets the reconciler void it.
    if (response.status === 404) {
      const body = (await response.json().catch(() => null)) as { status?: unknown } | null;
      if (body?.status === 'not_found') return 'not_found';
      throw new Error('payout status: 404 without the gateway verdict');
    }
    const verdict = PayoutStatusBody.safeParse(await response.json().catch(() => null));
    if (!response.ok || !verdict.success) throw new Error(`payout status: http ${response.status}`);
    return verdict.data.status;
  }

  private call(method: string, path: string, body?: unknown): Promise<Response> {
    return fetch(`${this.options.baseUrl()}${path}`, {
      method,
      headers: {
        [PAYOUT_KEY_HEADER]: this.options.key,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(this.options.timeoutMs),
    });
  }
}
