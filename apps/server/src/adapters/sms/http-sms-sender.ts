import type { SmsMessage, SmsSender } from './sms-sender';

export interface HttpSmsSenderOptions {
  url: string;
  token: string;
  timeoutMs?: number;
  fetch?: typeof fetch;
}

/**
 * Sends through an HTTP SMS gateway: POST {to, text} as JSON with a bearer token; any 2xx
 * answer means the gateway accepted the message.
 */
export class HttpSmsSender implements SmsSender {
  constructor(private readonly options: HttpSmsSenderOptions) {}

  async send(message: SmsMessage): Promise<void> {
    const doFetch = this.options.fetch ?? fetch;
    const response = await doFetch(this.options.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${this.options.token}` },
      body: JSON.stringify({ to: message.to, text: message.text }),
      signal: AbortSignal.timeout(this.options.timeoutMs ?? 10_000),
    });
    if (!response.ok) throw new Error(`SMS gateway answered ${response.status}`);
  }
}
