import { describe, expect, it } from 'vitest';
import { isReceivedOut, receivedCount } from './received-count';

const at = (iso: string) => ({ updatedAt: iso });
/** Wednesday 15 April 2026, 10:00 in Bangkok. */
const NOW = Date.parse('2026-04-15T03:00:00.000Z');

describe('receivedCount', () => {
  it('counts every grant for a limit offer', () => {
    expect(receivedCount('limit', [], NOW)).toBe(0);
    expect(receivedCount('limit', [at('2020-01-01T00:00:00Z'), at('2026-04-15T02:00:00Z')], NOW)).toBe(2);
  });

  it('counts today in Bangkok, which starts at 17:00 UTC the day before', () => {
    const received = [
      at('2026-04-14T16:59:59.999Z'), // 23:59:59 on the 14th in Bangkok: yesterday
      at('2026-04-14T17:00:00.000Z'), // 00:00 on the 15th in Bangkok: today
      at('2026-04-15T02:59:00.000Z'),
    ];
    expect(receivedCount('day', received, NOW)).toBe(2);
  });

  it('counts from Monday 00:00 in Bangkok for a week offer', () => {
    const received = [
      at('2026-04-12T16:59:59.000Z'), // Sunday 12th, 23:59:59 in Bangkok: last week
      at('2026-04-12T17:00:00.000Z'), // Monday 13th, 00:00 in Bangkok: this week
      at('2026-04-14T09:00:00.000Z'),
    ];
    expect(receivedCount('week', received, NOW)).toBe(2);
  });

  it('starts a new week on Monday, and counts a Sunday in the week before it', () => {
    const sundayNight = Date.parse('2026-04-19T16:30:00.000Z'); // Sunday 19th, 23:30 in Bangkok
    const mondayMorning = Date.parse('2026-04-19T17:30:00.000Z'); // Monday 20th, 00:30 in Bangkok
    const received = [at('2026-04-13T01:00:00.000Z'), at('2026-04-19T10:00:00.000Z')];
    expect(receivedCount('week', received, sundayNight)).toBe(2);
    expect(receivedCount('week', received, mondayMorning)).toBe(0);
  });

  it('uses Bangkok’s day whatever the UTC date says', () => {
    // 06:00 UTC on the 15th is 13:00 in Bangkok; 20:00 UTC on the 14th is 03:00 on the 15th.
    expect(receivedCount('day', [at('2026-04-14T20:00:00.000Z')], Date.parse('2026-04-15T06:00:00Z'))).toBe(
      1,
    );
  });

  it('ignores a date it cannot read for day and week', () => {
    expect(receivedCount('day', [at('not a date')], NOW)).toBe(0);
  });
});

describe('isReceivedOut', () => {
  const offer = (type: 'limit' | 'day' | 'week', maxReceived: number, received: string[]) => ({
    type,
    maxReceived,
    userBonus: received.length ? { _id: 'g', isActive: false, received: received.map(at) } : null,
  });

  it('is out when the count reaches maxReceived, not before', () => {
    expect(isReceivedOut(offer('limit', 1, []), NOW)).toBe(false);
    expect(isReceivedOut(offer('limit', 1, ['2025-01-01T00:00:00Z']), NOW)).toBe(true);
    expect(isReceivedOut(offer('day', 2, ['2026-04-15T01:00:00Z']), NOW)).toBe(false);
    expect(isReceivedOut(offer('day', 2, ['2026-04-15T01:00:00Z', '2026-04-15T02:00:00Z']), NOW)).toBe(true);
  });

  it('opens again the next day for a day offer', () => {
    expect(isReceivedOut(offer('day', 1, ['2026-04-14T05:00:00Z']), NOW)).toBe(false);
  });
});
