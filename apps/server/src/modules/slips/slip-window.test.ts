import { describe, expect, it } from 'vitest';
import { insideClosedWindow } from './slip-window';

const bangkok = (hhmm: string) => new Date(`2026-11-22T${hhmm}:00+07:00`);

describe('insideClosedWindow', () => {
  const overMidnight = { closedFrom: '23:50', closedTo: '00:10', timeZone: 'Asia/Bangkok' };
  it('reads the clock in the operator’s time zone, over midnight', () => {
    expect(insideClosedWindow(bangkok('23:49'), overMidnight)).toBe(false);
    expect(insideClosedWindow(bangkok('23:50'), overMidnight)).toBe(true);
    expect(insideClosedWindow(bangkok('00:05'), overMidnight)).toBe(true);
    expect(insideClosedWindow(bangkok('00:10'), overMidnight)).toBe(false);
    // 23:55 in Bangkok is 16:55 UTC: a UTC reading would say open.
    expect(insideClosedWindow(new Date('2026-11-22T16:55:00Z'), overMidnight)).toBe(true);
  });
  it('handles a window within one day, and no window', () => {
    const noon = { closedFrom: '12:00', closedTo: '13:00', timeZone: 'Asia/Bangkok' };
    expect(insideClosedWindow(bangkok('12:30'), noon)).toBe(true);
    expect(insideClosedWindow(bangkok('13:30'), noon)).toBe(false);
    expect(insideClosedWindow(bangkok('12:30'), { closedFrom: null, closedTo: null, timeZone: 'UTC' })).toBe(
      false,
    );
  });
});
