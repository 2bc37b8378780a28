import type { SlipLookup } from '@wallet/contract/http/lookup';

/** "HH:mm" as minutes after midnight; null when it is not a time of day. */
function minutesOf(time: string): number | null {
  const match = /^([01]\d|2[0-3]):([0-5]\d)$/.exec(time);
  return match ? Number(match[1]) * 60 + Number(match[2]) : null;
}

/** The time of day at `now` in `timeZone`, in minutes after midnight. */
function minutesIn(timeZone: string, now: Date): number {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone,
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(now);
  const part = (type: 'hour' | 'minute') => Number(parts.find((one) => one.type === type)?.value ?? 0);
  return part('hour') * 60 + part('minute');
}

/**
 * Whether slip uploads are closed at `now`: from closedFrom (included) to closedTo (excluded),
 * in the operator's time zone, across midnight when closedTo comes first ("23:00" to "01:00").
 * No window (either end null, unreadable or equal) means always open; the server decides in
 * the end, this only spares the member an upload that would be refused.
 */
export function slipUploadClosed(slip: SlipLookup['slip'], now: Date): boolean {
  if (slip.closedFrom === null || slip.closedTo === null) return false;
  const from = minutesOf(slip.closedFrom);
  const to = minutesOf(slip.closedTo);
  if (from === null || to === null || from === to) return false;
  let time: number;
  try {
    time = minutesIn(slip.timeZone, now);
  } catch {
    // NOTE: an unknown time zone throws a RangeError; let the server judge instead.
    return false;
  }
  return from < to ? time >= from && time < to : time >= from || time < to;
}
