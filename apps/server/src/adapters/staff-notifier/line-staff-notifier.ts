import { createHash } from 'node:crypto';
import type { OutgoingNotice, StaffNotifier } from './staff-notifier';

/** LINE caps a text message at 5,000 characters. */
const LINE_TEXT_MAX = 5000;

/**
 * The LINE Messaging API: each notice is pushed as a text message to the staff group (`to`). The
 * retry key is derived from the notice's id, so LINE itself drops a repeat of a push that was
 * taken but whose answer was lost (its `X-Line-Retry-Key` must be a UUID).
 */
export class LineStaffNotifier implements StaffNotifier {
  constructor(
    private readonly options: { apiUrl: string; channelToken: string; to: string; timeoutMs: number },
  ) {}

  async send(notice: OutgoingNotice): Promise<void> {
    const response = await fetch(`${this.options.apiUrl}/v2/bot/message/push`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        authorization: `Bearer ${this.options.channelToken}`,
        'x-line-retry-key': retryKeyOf(this.options.to, notice.id),
      },
      body: JSON.stringify({
        to: this.options.to,
        messages: [{ type: 'text', text: notice.text.slice(0, LINE_TEXT_MAX) }],
      }),
      signal: AbortSignal.timeout(this.options.timeoutMs),
    });
    // 409: LINE already took a push with this retry key.
    if (!response.ok && response.status !== 409) throw new Error(`LINE answered ${response.status}`);
  }
}

/** A UUID (version 4 layout) made from the group and the notice id: the same on every retry. */
export function retryKeyOf(to: string, id: number): string {
  const hex = createHash('sha256').update(`${to}:${id}`).digest('hex');
  const variant = ((parseInt(hex[16]!, 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}
