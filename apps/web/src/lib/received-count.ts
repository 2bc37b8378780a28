import type { BonusType, UserBonus } from '@wallet/contract/http/bonus';

// NOTE: Bangkok and Vientiane keep UTC+7 all year (no daylight saving), so a fixed offset is
// exact; it gives the server's day and week whatever the phone's own time zone is.
const BANGKOK_OFFSET_MS = 7 * 3_600_000;
const DAY_MS = 86_400_000;

/** When the Bangkok day holding `at` began (a timestamp). */
function dayStart(at: number): number {
  return Math.floor((at + BANGKOK_OFFSET_MS) / DAY_MS) * DAY_MS - BANGKOK_OFFSET_MS;
}

/** When the Bangkok week holding `at` began: Monday 00:00 (a timestamp). */
function weekStart(at: number): number {
  const start = dayStart(at);
  const weekday = new Date(start + BANGKOK_OFFSET_MS).getUTCDay(); // 0 is Sunday
  return start - ((weekday + 6) % 7) * DAY_MS;
}

/**
 * How many times the member received an offer in the period its `type` counts (spec sections 2
 * and 3): `limit` every time, `day` today, `week` this week (Monday first), in Bangkok time.
 */
export function receivedCount(type: BonusType, received: UserBonus['received'], now: number): number {
  if (type === 'limit') return received.length;
  const from = type === 'day' ? dayStart(now) : weekStart(now);
  return received.filter((one) => Date.parse(one.updatedAt) >= from).length;
}

/** The offer has been received as many times as its period allows: its card shows it received. */
export function isReceivedOut(
  offer: { type: BonusType; maxReceived: number; userBonus: UserBonus | null },
  now: number,
): boolean {
  return receivedCount(offer.type, offer.userBonus?.received ?? [], now) >= offer.maxReceived;
}
