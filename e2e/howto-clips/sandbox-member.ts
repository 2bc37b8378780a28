import { randomInt, randomUUID } from 'node:crypto';
import { CLIENT_HEADER, CLIENT_HEADER_VALUE } from '@wallet/contract/constants';

/**
 * A new member of a sandbox server and the calls that set the scene before a clip starts (money
 * deposited, a game account opened, a bonus running), made as the member app makes them. The
 * sandbox helper routes (README, "Sandbox") stand in for the member's phone, bank and play.
 */
export class Member {
  private constructor(
    private readonly base: string,
    readonly phone: string,
    readonly password: string,
    readonly token: string,
  ) {}

  static async register(base: string): Promise<Member> {
    const phone = `08${String(randomInt(0, 1e8)).padStart(8, '0')}`;
    const password = 'Howto-clip-7395';
    const { otpToken } = await post<{ otpToken: string }>(base, '/api/otp/send', { phoneNumber: phone });
    const sms = await get<{ messages: { code: string }[] }>(base, `/api/sandbox/sms?phone=${phone}`);
    await post(base, '/api/otp/verify', { otpToken, otpCode: sms.messages[0]!.code });
    await post(base, '/api/account', {
      name: 'Somchai',
      username: phone,
      password,
      sourceCode: 'FRIEND',
      inviteCode: '',
      otpToken,
      bankCode: 'KBANK',
      bankAccountNo: `${randomInt(1, 10)}${String(randomInt(0, 1e9)).padStart(9, '0')}`,
      bankAccountName: 'SOMCHAI JAIDEE',
      currency: 'BAHT',
    });
    const { token } = await post<{ token: string }>(base, '/api/login', { username: phone, password });
    return new Member(base, phone, password, token);
  }

  private get auth() {
    return { authorization: `Bearer ${this.token}` };
  }

  /** A QR deposit of `amount` minor units, paid by the sandbox payer: a deposit as members make it. */
  async depositByQr(amount: number): Promise<void> {
    const qr = await post<{ qrcodeId: string }>(
      this.base,
      '/api/qrcode/KBANK',
      { amount },
      {
        ...this.auth,
        'idempotency-key': randomUUID(),
      },
    );
    await this.payQr(qr.qrcodeId);
  }

  /** The member's open QR at KBANK, paid by the sandbox payer (the member's bank app). */
  async payOpenQr(): Promise<void> {
    const { qrcodeId } = await get<{ qrcodeId: string }>(this.base, '/api/qrcode/KBANK', this.auth);
    await this.payQr(qrcodeId);
  }

  private payQr(qrcodeId: string) {
    return post(this.base, `/api/sandbox/qrcode/${qrcodeId}/pay`, {});
  }

  async openGameAccount(code: string): Promise<void> {
    await get(this.base, `/api/wallet/activate/${code}`, this.auth);
  }

  async transfer(from: string, to: string, amount: number): Promise<void> {
    await post(
      this.base,
      '/api/wallet/transfer',
      { from, to, amount },
      {
        ...this.auth,
        'idempotency-key': randomUUID(),
      },
    );
  }

  async claimBonus(code: string): Promise<void> {
    await get(this.base, `/api/bonus/activate/${code}`, this.auth);
  }

  /** Sandbox: `count` rounds of `bet` paying `win` on the member's account at `game`. */
  async playRounds(game: string, count: number, bet: number, win: number): Promise<void> {
    await post(
      this.base,
      `/api/sandbox/provider/${game}/rounds`,
      { count, bet, win },
      {
        ...this.auth,
        'idempotency-key': randomUUID(),
      },
    );
  }
}

async function call<T>(base: string, url: string, init: RequestInit): Promise<T> {
  const response = await fetch(`${base}${url}`, {
    ...init,
    headers: {
      [CLIENT_HEADER]: CLIENT_HEADER_VALUE,
      ...(init.body ? { 'content-type': 'application/json' } : {}),
      ...init.headers,
    },
  });
  if (!response.ok) throw new Error(`${url} answered ${response.status}: ${await response.text()}`);
  return (await response.json()) as T;
}

const get = <T = unknown>(base: string, url: string, headers: Record<string, string> = {}) =>
  call<T>(base, url, { headers });

const post = <T = unknown>(base: string, url: string, body: unknown, headers: Record<string, string> = {}) =>
  call<T>(base, url, { method: 'POST', body: JSON.stringify(body), headers });
