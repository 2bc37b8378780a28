import { createHmac } from 'node:crypto';
import { sameSecret } from '../../platform/crypto';

/**
 * Tells the operator's staff group chat what waits or happened (issue 27, section 7): a generic
 * signed webhook (`WebhookStaffNotifier`), the LINE Messaging API (`LineStaffNotifier`), or, in
 * sandbox mode, the webhook pointed at the sandbox's own staff chat. Notices are sent from an
 * outbox table and retried (modules/notices), so a notifier that is down never blocks money.
 */
export interface StaffNotifier {
  /** Delivers one notice; throws when it was not taken (it is tried again later). */
  send(notice: OutgoingNotice): Promise<void>;
}

export const STAFF_NOTICE_KINDS = [
  'withdrawal_waiting',
  'large_deposit',
  'adjustment_made',
  'daily_totals',
] as const;
export type StaffNoticeKind = (typeof STAFF_NOTICE_KINDS)[number];

export interface OutgoingNotice {
  /** The outbox row's id: the same on every retry, so the receiver can drop repeats. */
  id: number;
  kind: StaffNoticeKind;
  /** What a person reads, in the operator's language. */
  text: string;
  data: Record<string, unknown>;
  createdAt: Date;
}

/** The header of a webhook notice's signature: `t=<unix seconds>,v1=<hex HMAC-SHA256 of "t.body">`. */
export const NOTICE_SIGNATURE_HEADER = 'x-wallet-signature';

export function signNotice(secret: string, unixSeconds: number, body: string): string {
  const mac = createHmac('sha256', secret).update(`${unixSeconds}.${body}`).digest('hex');
  return `t=${unixSeconds},v1=${mac}`;
}

/** Whether a signature header is `secret`'s over `body`, made within `toleranceSeconds` of `nowSeconds`. */
export function signatureHolds(
  secret: string,
  header: string | undefined,
  body: string,
  nowSeconds: number,
  toleranceSeconds = 300,
): boolean {
  const match = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(header ?? '');
  if (!match) return false;
  const at = Number(match[1]);
  if (Math.abs(nowSeconds - at) > toleranceSeconds) return false;
  // NOTE: in constant time: a plain === tells by its timing how much of a forged MAC is right.
  return sameSecret(header!, signNotice(secret, at, body));
}

/** Sends nothing: a site with no staff chat configured (production's default). */
export const silentStaffNotifier: StaffNotifier = { send: async () => undefined };
