import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import type { CouponClaimResponse, SpinResponse, SpinSetupResponse } from '@wallet/contract/http/spinwheel';
import { DEMO_WHEEL } from '../src/modules/spinwheel/spinwheel-settings';
import { moneyCall } from './money';
import { rewardsCalls } from './rewards';
import type { TestApp } from './test-app';

/** An answer that may be a refusal (`{success: false, error}`). */
export type Answer<T> = Omit<T, 'success'> & { success: boolean; error?: string; message?: string };

/**
 * The calls the spin-wheel tests make, as a member would (decision 021), and the wheel's settings
 * as an operator would change them.
 */
export function spinCalls(test: () => TestApp) {
  const app = () => test().app;
  const calls = rewardsCalls(test);
  const { get, postAs, credit, member } = calls;
  const wheel = () => test().services.spinwheel;
  const demoWeights = Object.fromEntries(DEMO_WHEEL.slices.map((slice) => [slice.code, slice.weight]));
  const coins = async (token: string) =>
    (await get<SpinSetupResponse>(token, '/api/spinwheel/setup')).body.userCoin;
  return {
    ...calls,
    wheel,
    demoWeights,
    coins,
    /** Only `code` can be drawn. */
    certain: (code: string) =>
      wheel().configure({
        weights: Object.fromEntries(Object.keys(demoWeights).map((c) => [c, c === code ? 1 : 0])),
      }),
    spin: (token: string, key = randomUUID()) =>
      moneyCall(app(), token, '/api/spinwheel/spin', {}, key).then((response) => ({
        status: response.statusCode,
        body: response.json<Answer<SpinResponse>>(),
      })),
    claim: (token: string, coupon: string) =>
      postAs<Answer<CouponClaimResponse>>(token, '/api/spinwheel/coupon/claim', { coupon }),
    /** A member with `n` coins (under the coin rules of `resetWheel`: 1 coin per 100 baht). */
    async withCoins(n: number) {
      const m = await member();
      if (n > 0) await credit(m.token, n * 10_000);
      expect(await coins(m.token)).toBe(n);
      return m;
    },
    /** The demo wheel, on, every slice drawable; deposits earn 1 coin per 100 baht, no daily coin. */
    resetWheel: () =>
      wheel().configure({
        active: true,
        weights: demoWeights,
        stock: { CASH1000: 10 },
        withdrawn: Object.fromEntries(Object.keys(demoWeights).map((c) => [c, false])),
        coinRules: { deposit: { per: { BAHT: '10000' }, coins: 1 }, daily: 0 },
      }),
  };
}
