import { describe, expect, it } from 'vitest';
import { slipUploadClosed } from './slip-window';

const slip = (closedFrom: string | null, closedTo: string | null, timeZone = 'Asia/Bangkok') => ({
  maxAgeMinutes: 60,
  closedFrom,
  closedTo,
  timeZone,
});

/** 2026-01-02 at hh:mm in Bangkok (UTC+7, no daylight saving). */
const bangkok = (hh: number, mm: number) => new Date(Date.UTC(2026, 0, 2, hh - 7, mm));

describe('the daily slip upload window', () => {
  it('is closed from closedFrom up to, not including, closedTo, in the lookup time zone', () => {
    const window = slip('00:00', '00:30');
    expect(slipUploadClosed(window, bangkok(23, 59))).toBe(false);
    expect(slipUploadClosed(window, bangkok(0, 0))).toBe(true);
    expect(slipUploadClosed(window, bangkok(0, 29))).toBe(true);
    expect(slipUploadClosed(window, bangkok(0, 30))).toBe(false);
    // 00:10 in Bangkok is 18:10 the day before in Paris (UTC+1 in January).
    expect(slipUploadClosed(slip('18:00', '18:30', 'Europe/Paris'), bangkok(0, 10))).toBe(true);
  });

  it('spans midnight when closedTo comes first', () => {
    const window = slip('23:00', '01:00');
    expect(slipUploadClosed(window, bangkok(22, 59))).toBe(false);
    expect(slipUploadClosed(window, bangkok(23, 30))).toBe(true);
    expect(slipUploadClosed(window, bangkok(0, 59))).toBe(true);
    expect(slipUploadClosed(window, bangkok(1, 0))).toBe(false);
  });

  it('is always open without a window, with an empty one, or with one it cannot read', () => {
    expect(slipUploadClosed(slip(null, '01:00'), bangkok(0, 30))).toBe(false);
    expect(slipUploadClosed(slip('01:00', '01:00'), bangkok(1, 0))).toBe(false);
    expect(slipUploadClosed(slip('1am', '02:00'), bangkok(1, 30))).toBe(false);
    expect(slipUploadClosed(slip('00:00', '23:59', 'Mars/Olympus'), bangkok(12, 0))).toBe(false);
  });
});
