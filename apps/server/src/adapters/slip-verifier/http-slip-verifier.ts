import {
  CURRENCY_OF_ISO,
  normalizeReference,
  SLIP_VERIFIER_KEY_HEADER,
  VerdictBody,
  type SlipVerdict,
  type SlipVerifier,
} from './slip-verifier';

export interface HttpSlipVerifierOptions {
  baseUrl: () => string;
  key: string;
  timeoutMs: number;
}

/** The slip verification service over HTTP (see slip-verifier.ts for the protocol). */
export class HttpSlipVerifier implements SlipVerifier {
  constructor(private readonly options: HttpSlipVerifierOptions) {}

  async verify(slip: { sendingBank: string; transRef: string }): Promise<SlipVerdict> {
    const response = await fetch(`${this.options.baseUrl()}/verify`, {
      method: 'POST',
      headers: { [SLIP_VERIFIER_KEY_HEADER]: this.options.key, 'content-type': 'application/json' },
      body: JSON.stringify(slip),
      signal: AbortSignal.timeout(this.options.timeoutMs),
    });
    const body = VerdictBody.safeParse(await response.json().catch(() => null));
    // A verdict counts only for the reference asked about (references are known in any case).
    if (
      !body.success ||
      normalizeReference(body.data.transRef) !== normalizeReference(slip.transRef) ||
      response.status >= 500
    ) {
      throw new Error(`slip verifier: answered http ${response.status}`);
    }
    if (body.data.status === 'not_found') return { status: 'not_found' };
    return {
      status: 'found',
      reference: body.data.transRef,
      amount: BigInt(body.data.amount),
      ...(body.data.currency ? { currency: CURRENCY_OF_ISO[body.data.currency] } : {}),
      paidAt: new Date(body.data.paidAt),
      sender: body.data.sender,
      receiver: body.data.receiver,
    };
  }
}
