import { useEffect, useState } from 'react';
import { TIMING } from '@wallet/contract/constants';

const pad = (n: number) => String(n).padStart(2, '0');

/** Seconds as "mm:ss" (minutes keep counting past 59: a QR lives minutes, not hours). */
export function formatCountdown(seconds: number): string {
  const whole = Math.max(0, Math.ceil(seconds));
  return `${pad(Math.floor(whole / 60))}:${pad(whole % 60)}`;
}

/**
 * Whole seconds left of `seconds` counted from `since` (ms since the epoch, when the server
 * said so), renewed every QR tick (1 s).
 */
export function useSecondsLeft(seconds: number, since: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), TIMING.qrTickMs);
    return () => clearInterval(timer);
  }, []);
  // NOTE: `now` may be up to a tick older than `since` right after a new answer; never show more
  // than the server said.
  return Math.min(seconds, Math.max(0, Math.ceil((since + seconds * 1000 - now) / 1000)));
}
