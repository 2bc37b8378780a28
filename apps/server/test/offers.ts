import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import type { ActivateResponse } from '@wallet/contract/http/bonus';
import type { WalletResponse } from '@wallet/contract/http/wallet';
import type { BonusReward } from '@wallet/contract/http/bonus';
import type { PerCurrency } from '@wallet/contract/money';
import type { NewOffer } from '../src/modules/promotions/engine/grants.service';
import type { StoredReward } from '../src/modules/promotions/engine/grants.tables';
import { getAs, moneyCall } from './money';

/** A figure the same in every currency (a test's member is in one; decision 067). */
const same = (minor: number | bigint): PerCurrency<number> => ({ BAHT: Number(minor), LAK: Number(minor) });

/** An offer's terms as tests write them: an amount may be one figure, the same in every currency. */
export type TestTerms = Omit<NewOffer, 'reward' | 'minimumDeposit' | 'floor' | 'budget'> & {
  reward: BonusReward | StoredReward;
  minimumDeposit: bigint | PerCurrency<number>;
  floor: bigint | PerCurrency<number>;
  budget: bigint | PerCurrency<number> | null;
};

function everyCurrency(terms: Partial<TestTerms>): Partial<NewOffer> {
  const { reward, minimumDeposit, floor, budget, ...rest } = terms;
  const amount = (value: bigint | PerCurrency<number>) => (typeof value === 'bigint' ? same(value) : value);
  return {
    ...rest,
    ...(reward
      ? {
          reward:
            reward.kind === 'percent'
              ? { ...reward, max: typeof reward.max === 'number' ? same(reward.max) : reward.max }
              : {
                  ...reward,
                  amount: typeof reward.amount === 'number' ? same(reward.amount) : reward.amount,
                },
        }
      : {}),
    ...(minimumDeposit !== undefined ? { minimumDeposit: amount(minimumDeposit) } : {}),
    ...(floor !== undefined ? { floor: amount(floor) } : {}),
    ...(budget !== undefined ? { budget: budget === null ? null : amount(budget) } : {}),
  };
}

/**
 * A bonus offer for a test, every term explicit (100% of the deposit up to 500 baht, turnover 1x in
 * slots, floor 5 baht, the whole bonus back on cancel), so each test overrides only what it is about.
 */
export function testOffer(code: string, flat: Partial<TestTerms> = {}): NewOffer {
  const terms = everyCurrency(flat);
  return {
    code,
    channel: 'bonus',
    names: { th: code, lo: code, en: code },
    notices: { th: '', lo: '', en: '' },
    type: 'limit',
    maxReceived: 100,
    reward: { kind: 'percent', percent: 100, max: same(50_000) },
    depositRule: 'any',
    minimumDeposit: same(1_000),
    depositWithinMinutes: 60 * 24,
    turnoverMultiple: 1,
    contributions: [{ category: 'slot', percent: 100 }],
    withdrawCapMultiple: null,
    floor: same(500),
    percentFail: 100,
    grantDays: 7,
    banners: [],
    ...terms,
  };
}

/**
 * The calls the grant engine's tests make as a member, on the app `app()` answers (a test file
 * builds it before its tests): each money call asserts it was taken.
 */
export function memberCalls(app: () => FastifyInstance) {
  const get = <T>(token: string, url: string) =>
    getAs(app(), token, url).then((r) => ({ status: r.statusCode, body: r.json<T>() }));
  const transfer = async (token: string, from: string, to: string, amount: number) => {
    const moved = await moneyCall(app(), token, '/api/wallet/transfer', { from, to, amount });
    expect(moved.statusCode, moved.body).toBe(200);
  };
  return {
    get,
    claim: (token: string, code: string) =>
      get<ActivateResponse & { message?: string }>(token, `/api/bonus/activate/${code}`),
    transfer,
    toGame: (token: string, to: string, amount: number) => transfer(token, 'wallet', to, amount),
    async play(token: string, game: string, count: number, bet: number, win: number) {
      const played = await moneyCall(app(), token, `/api/sandbox/provider/${game}/rounds`, {
        count,
        bet,
        win,
      });
      expect(played.statusCode, played.body).toBe(200);
    },
    /** Wallet plus every game, rounds booked (as home shows it). */
    async total(token: string) {
      const raw = (await getAs(app(), token, '/api/wallet/refresh/slot')).json<WalletResponse>();
      return raw.wallet.amount + raw.games.reduce((sum, game) => sum + game.amount, 0);
    },
  };
}
