import { createHash } from 'node:crypto';
import { clientKey } from '../../platform/client-address';
import { AppError } from '../../platform/errors';
import type { RateLimiter } from '../../platform/rate-limit';
import type { StaffClient } from './staff-audit';

/** The sign-in limits' numbers (StaffLimits in staff.service.ts). */
export interface StaffThrottleLimits {
  failuresPerAddress: number;
  failuresPerUsernameAndAddress: number;
  failuresPerUsername: number;
  windowMs: number;
}

/** Gives back what a try took, once it turned out not to fail. */
export type Release = () => Promise<void>;

/**
 * The staff sign-in's limits (decision 047, refining 024): only failed tries count. A try is
 * counted before any work (so tries at once cannot pass a limit together) and given back when it
 * did not fail, so a staff member signing in all day never reaches a limit. A refusal tells how long
 * to wait (REQUEST_LIMIT, 429, with the seconds). The counters' keys hold no typed text: a username
 * field may hold a password typed there.
 */
export function createStaffThrottle(limiter: RateLimiter, limits: StaffThrottleLimits) {
  const addressKey = (client: StaffClient) => `staff-login:address:${clientKey(client.ip)}`;
  const usernameKeys = (client: StaffClient, username: string) => {
    const typed = createHash('sha256').update(username).digest('base64url');
    return [
      {
        key: `staff-login:pair:${typed}:${clientKey(client.ip)}`,
        limit: limits.failuresPerUsernameAndAddress,
      },
      { key: `staff-login:username:${typed}`, limit: limits.failuresPerUsername },
    ];
  };

  /**
   * Counts one try against each key in order. The address comes first, and a refused try counts
   * nothing (it does no work; what it took is given back), so one address cannot hold a staff
   * member out: only many addresses together reach the username's ceiling.
   */
  async function take(keys: { key: string; limit: number }[]): Promise<Release> {
    const taken: string[] = [];
    const giveBack = () => Promise.all(taken.map((key) => limiter.giveBack(key))).then(() => undefined);
    for (const { key, limit } of keys) {
      const result = await limiter.take(key, limit, limits.windowMs);
      taken.push(key);
      if (!result.ok) {
        await giveBack();
        throw new AppError('REQUEST_LIMIT', 429, Math.max(1, Math.ceil(result.retryAfterMs / 1000)));
      }
    }
    return giveBack;
  }

  return {
    /** The password step: the address, the username from it, the username from everywhere. */
    password: (client: StaffClient, username: string): Promise<Release> =>
      take([
        { key: addressKey(client), limit: limits.failuresPerAddress },
        ...usernameKeys(client, username),
      ]),
    /** The code step: the address (the username is known only once the challenge is read). */
    code: (client: StaffClient): Promise<Release> =>
      take([{ key: addressKey(client), limit: limits.failuresPerAddress }]),
    /** A wrong code counts against its username as a wrong password does. */
    async codeFailed(client: StaffClient, username: string): Promise<void> {
      for (const { key, limit } of usernameKeys(client, username)) {
        await limiter.take(key, limit, limits.windowMs);
      }
    },
  };
}
