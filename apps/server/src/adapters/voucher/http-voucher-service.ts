import {
  RedemptionBody,
  VOUCHER_KEY_HEADER,
  VoucherStateBody,
  type VoucherRedemption,
  type VoucherService,
  type VoucherState,
} from './voucher-service';

export interface HttpVoucherOptions {
  baseUrl: () => string;
  key: string;
  timeoutMs: number;
}

/** The voucher service over HTTP (see voucher-service.ts for the protocol). */
export class HttpVoucherService implements VoucherService {
  constructor(private readonly options: HttpVoucherOptions) {}

  async inspect(code: string): Promise<VoucherState> {
    const response = await this.call('GET', `/vouchers/${encodeURIComponent(code)}`);
    const body = VoucherStateBody.safeParse(await response.json().catch(() => null));
    if (!body.success || body.data.code !== code || (response.status >= 500 && response.status !== 404)) {
      throw new Error(`voucher service: inspect answered http ${response.status}`);
    }
    if (body.data.status === 'available') {
      if (!body.data.amount) throw new Error('voucher service: available voucher without amount');
      return { status: 'available', amount: BigInt(body.data.amount) };
    }
    return { status: body.data.status };
  }

  async redeem(code: string, reference: string): Promise<VoucherRedemption> {
    const response = await this.call('POST', `/vouchers/${encodeURIComponent(code)}/redeem`, { reference });
    const body = RedemptionBody.safeParse(await response.json().catch(() => null));
    if (!body.success || body.data.code !== code || response.status >= 500) {
      throw new Error(`voucher service: redeem answered http ${response.status}`);
    }
    if (body.data.status === 'redeemed') {
      // A redemption counts only under our own reference.
      if (body.data.reference !== reference || !body.data.amount) {
        throw new Error('voucher service: redemption under another reference');
      }
      return { status: 'redeemed', amount: BigInt(body.data.amount) };
    }
    return { status: body.data.status };
  }

  private call(method: string, path: string, body?: unknown): Promise<Response> {
    return fetch(`${this.options.baseUrl()}${path}`, {
      method,
      headers: {
        [VOUCHER_KEY_HEADER]: this.options.key,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(this.options.timeoutMs),
    });
  }
}
