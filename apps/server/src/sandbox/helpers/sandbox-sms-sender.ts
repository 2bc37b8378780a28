import type { SmsMessage, SmsSender } from '../../adapters/sms/sms-sender';

export interface OutboxMessage {
  to: string;
  text: string;
  code: string | null;
  createdAt: Date;
}

const OUTBOX_LIMIT = 2000;

/**
 * The sandbox SMS gateway: it delivers to an outbox that only sandbox mode exposes
 * (GET /api/sandbox/sms), so tests and demos read the codes a phone would receive.
 */
export class SandboxSmsSender implements SmsSender {
  private readonly outbox: OutboxMessage[] = [];
  /** Phones whose messages fail, to rehearse a gateway outage. */
  private readonly failing = new Set<string>();

  async send(message: SmsMessage): Promise<void> {
    if (this.failing.has(message.to)) throw new Error(`sandbox gateway refused ${message.to}`);
    this.outbox.push({
      to: message.to,
      text: message.text,
      code: message.code ?? null,
      createdAt: new Date(),
    });
    if (this.outbox.length > OUTBOX_LIMIT) this.outbox.splice(0, this.outbox.length - OUTBOX_LIMIT);
  }

  /** Messages sent to `phone`, newest first. */
  messagesTo(phone: string): OutboxMessage[] {
    return this.outbox.filter((message) => message.to === phone).reverse();
  }

  failFor(phone: string, failing: boolean): void {
    if (failing) this.failing.add(phone);
    else this.failing.delete(phone);
  }
}
