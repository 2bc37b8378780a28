import {
  NOTICE_SIGNATURE_HEADER,
  signNotice,
  type OutgoingNotice,
  type StaffNotifier,
} from './staff-notifier';

/**
 * A generic signed webhook: each notice is POSTed as JSON with an HMAC-SHA256 signature of its
 * time and body (`x-wallet-signature`), so the receiver can tell it is ours and fresh. Anything
 * but a 2xx within the time limit is a failure, tried again from the outbox.
 */
export class WebhookStaffNotifier implements StaffNotifier {
  constructor(
    private readonly options: { url: () => string; secret: string; timeoutMs: number; now?: () => Date },
  ) {}

  async send(notice: OutgoingNotice): Promise<void> {
    const body = JSON.stringify({
      id: notice.id,
      kind: notice.kind,
      text: notice.text,
      data: notice.data,
      createdAt: notice.createdAt.toISOString(),
    });
    const seconds = Math.floor((this.options.now?.() ?? new Date()).getTime() / 1000);
    const response = await fetch(this.options.url(), {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        [NOTICE_SIGNATURE_HEADER]: signNotice(this.options.secret, seconds, body),
      },
      body,
      signal: AbortSignal.timeout(this.options.timeoutMs),
    });
    if (!response.ok) throw new Error(`staff webhook answered ${response.status}`);
  }
}
