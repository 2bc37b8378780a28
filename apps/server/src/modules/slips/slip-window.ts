import type { SlipWindow } from '@wallet/contract/http/deposit';

/**
 * Whether `at` falls in the daily window closed to slip uploads, read in the operator's time zone.
 * Times are "HH:mm"; a window may run over midnight (23:50 to 00:10); no window: never closed.
 */
export function insideClosedWindow(at: Date, window: SlipWindow & { timeZone: string }): boolean {
  if (!window.closedFrom || !window.closedTo) return false;
  const clock = new Intl.DateTimeFormat('en-GB', {
    timeZone: window.timeZone,
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(at);
  const minutes = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));
  const now = minutes(clock);
  const from = minutes(window.closedFrom);
  const to = minutes(window.closedTo);
  return from <= to ? now >= from && now < to : now >= from || now < to;
}
