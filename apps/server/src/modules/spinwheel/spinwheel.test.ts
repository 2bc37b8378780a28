import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { BonusProgress } from '@wallet/contract/http/bonus';
import type { ProfileResponse } from '@wallet/contract/http/account';
import type { SpinCouponsResponse, SpinSetupResponse } from '@wallet/contract/http/spinwheel';
import { booksAreSound, listen, statementOf, walletOf } from '../../../test/money';
import { spinCalls } from '../../../test/spin';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { sql } from 'drizzle-orm';
import { rowsOf } from '../../platform/db/rows';
import { DEMO_WHEEL } from './spinwheel-settings';

/**
 * The spin wheel (issue 13) through the member's calls on the real database: coins earned once per
 * deposit, parallel spins that never spend a coin twice, a replayed key, every refusal code, a cash
 * coupon claimed twice at once, a bonus coupon's grant, stock and budget under concurrent spins,
 * expiry, and the books after each.
 */

const HOUR = 3_600_000;
/** An answer that may be a refusal (`{success: false, error}`). */
describe('spin wheel', () => {
  let t: TestApp;
  let now = new Date();
  beforeAll(async () => {
    t = await createTestApp({}, { clock: () => now });
    await listen(t.app);
  });
  afterAll(() => t.close());

  const { get, credit, member, wheel, demoWeights, certain, spin, claim, coins, withCoins, resetWheel } =
    spinCalls(() => t);
  const coupons = async (token: string, limit = 50) =>
    (await get<SpinCouponsResponse>(token, `/api/spinwheel/coupon?page=1&limit=${limit}`)).body;
  /** Every draw's row, "try again" ones too (the member's list leaves those out). */
  const draws = async (memberId: number) =>
    Number(
      (
        await rowsOf<{ n: string }>(
          t.database.db,
          sql`select count(*)::text as n from spin_coupons where member_id = ${memberId}`,
        )
      )[0]!.n,
    );

  beforeEach(async () => {
    now = new Date();
    await resetWheel();
  });

  it('earns coins once per credited deposit and once a day, read from the ledger', async () => {
    await wheel().configure({ coinRules: { deposit: { per: { BAHT: '50000' }, coins: 1 }, daily: 1 } });
    const m = await member();
    const key = randomUUID();
    await credit(m.token, 100_000, key); // 1,000 baht: two coins
    await credit(m.token, 100_000, key); // the same deposit replayed
    await credit(m.token, 30_000); // 300 baht: under 500, nothing
    // The member's look and the schedule at once: each deposit pays once.
    await Promise.all([coins(m.token), coins(m.token), wheel().sweep(), wheel().sweep()]);
    expect(await coins(m.token)).toBe(3); // two for the deposit, one for today
    const profile = (await get<ProfileResponse>(m.token, '/api/account/profile')).body;
    expect(profile.profile.coin).toBe(3);
    now = new Date(now.getTime() + 24 * HOUR);
    expect(await coins(m.token)).toBe(4); // tomorrow's coin
    await booksAreSound(t.database.db);
  });

  it('publishes the odds and shows the wheel in the member’s language', async () => {
    const m = await member();
    const setup = (await get<SpinSetupResponse>(m.token, '/api/spinwheel/setup')).body;
    const slices = setup.result.activeSpinwheel!.slices;
    expect(slices.map((s) => s.code)).toEqual(DEMO_WHEEL.slices.map((s) => s.code));
    expect(slices.map((s) => s.odds)).toEqual([20, 20, 25, 10, 10, 8, 5, 2]);
    expect(slices.find((s) => s.code === 'CASH50')).toMatchObject({
      label: 'เงินสด ฿50',
      prize: { kind: 'cash', amount: 5_000, unit: 'BAHT' },
      available: true,
    });
    expect((await get<{ isActive: boolean }>(m.token, '/api/spinwheel/active')).body.isActive).toBe(true);
  });

  it(
    '30 parallel spins with 10 coins give 10 coupons and 0 coins, the rest refused NO_COIN',
    { tags: ['embedded'] },
    async () => {
      const m = await withCoins(10);
      const results = await Promise.all(Array.from({ length: 30 }, () => spin(m.token)));
      const won = results.filter((r) => r.status === 200);
      expect(won).toHaveLength(10);
      expect(results.filter((r) => r.status === 409).map((r) => r.body)).toEqual(
        Array.from({ length: 20 }, () => ({ success: false, error: 'NO_COIN', message: 'NO_COIN' })),
      );
      expect(won.map((r) => r.body.remainingCoin).sort((a, b) => a - b)[0]).toBe(0);
      expect(await coins(m.token)).toBe(0);
      expect(await draws(m.id)).toBe(10);
      expect((await coupons(m.token)).total).toBe(won.filter((r) => r.body.coupon !== null).length);
      await booksAreSound(t.database.db);
    },
  );

  it('a replayed key spins once, and a retry that lost its answer gets the same draw', async () => {
    const m = await withCoins(3);
    const key = randomUUID();
    const first = await spin(m.token, key);
    const again = await spin(m.token, key);
    expect(first.status).toBe(200);
    expect(again.body).toEqual(first.body);
    // The answer was lost before it was remembered: the service is asked again with the same key.
    const ledgerKey = `m${m.id}:${key}`;
    const retried = await wheel().spin(m.id, ledgerKey, 'en');
    expect(retried.result.code).toBe(first.body.result.code);
    expect(await coins(m.token)).toBe(2);
    expect(await draws(m.id)).toBe(1);
    expect((await coupons(m.token)).total).toBe(first.body.coupon === null ? 0 : 1);
    await booksAreSound(t.database.db);
  });

  it('a cash coupon claimed twice at once pays once: the wallet, the statement, the coupon', async () => {
    await certain('CASH50');
    const m = await withCoins(1);
    const spun = await spin(m.token);
    expect(spun.body).toMatchObject({
      success: true,
      result: { code: 'CASH50', label: 'เงินสด ฿50' },
      remainingCoin: 0,
    });
    const before = (await walletOf(t.app, m.token)).wallet;
    const claims = await Promise.all(Array.from({ length: 10 }, () => claim(m.token, spun.body.coupon!)));
    expect(claims.filter((c) => c.status === 200)).toHaveLength(1);
    expect(new Set(claims.filter((c) => c.status !== 200).map((c) => c.body.error))).toEqual(
      new Set(['NO_CLAIMABLE_COUPON']),
    );
    expect((await walletOf(t.app, m.token)).wallet).toBe(before + 5_000);
    const statement = await statementOf(t.app, m.token);
    expect(statement.statements[0]).toMatchObject({
      statementType: 'luckydraw',
      amount: 5_000,
      status: 'SUCCESS',
      luckydraw: { description: 'เงินสด ฿50' },
    });
    expect((await coupons(m.token)).coupons[0]).toMatchObject({
      status: 'claimed',
      amount: 5_000,
      kind: 'cash',
    });
    await booksAreSound(t.database.db);
  });

  it('a coin coupon pays coins; a bonus coupon makes a grant, and a second one meets BONUS_REMAINING', async () => {
    await certain('COIN3');
    const m = await withCoins(3);
    const coin = await spin(m.token);
    expect((await claim(m.token, coin.body.coupon!)).body).toEqual({
      success: true,
      kind: 'coin',
      amount: 3,
      unit: 'COIN',
    });
    expect(await coins(m.token)).toBe(5);

    await certain('BONUS100');
    const first = await spin(m.token);
    const second = await spin(m.token);
    const before = (await walletOf(t.app, m.token)).wallet;
    expect((await claim(m.token, first.body.coupon!)).body).toMatchObject({
      success: true,
      kind: 'bonus',
      amount: 10_000,
    });
    expect((await walletOf(t.app, m.token)).wallet).toBe(before + 10_000);
    const running = (await get<BonusProgress>(m.token, '/api/bonus/progress')).body;
    expect(running).toMatchObject({ progress: { channel: 'luckydraw', bonus: 10_000, missing: 30_000 } });
    expect((await claim(m.token, second.body.coupon!)).body.error).toBe('BONUS_REMAINING');
    // Still claimable later: the refusal changed nothing.
    expect((await coupons(m.token)).coupons.find((c) => c._id === second.body.coupon)?.status).toBe(
      'claimable',
    );
    await booksAreSound(t.database.db);
  });

  it('reaches every refusal: INVALID_CODE, NO_CLAIMABLE_COUPON, INVALID_COUPON_TYPE, COUPON_EXPIRED, INVALID_PRIZE_CODE', async () => {
    const m = await withCoins(4);
    const other = await withCoins(1);
    expect((await claim(m.token, 'abc')).body.error).toBe('INVALID_CODE');
    expect((await claim(m.token, '99999999999')).body.error).toBe('NO_CLAIMABLE_COUPON');
    await certain('CASH20');
    const theirs = await spin(other.token);
    // Another member's coupon is not this member's to claim.
    expect((await claim(m.token, theirs.body.coupon!)).body.error).toBe('NO_CLAIMABLE_COUPON');

    await certain('NONE');
    const nothing = await spin(m.token);
    expect(nothing.body).toMatchObject({ success: true, result: { code: 'NONE' }, coupon: null });
    // A "try again" draw is no coupon: not in the list, and its row cannot be claimed.
    const listed = await coupons(m.token);
    expect(listed.coupons.some((c) => c.status === 'none')).toBe(false);
    expect(listed.total).toBe(listed.coupons.length);
    const [none] = await rowsOf<{ id: string }>(
      t.database.db,
      sql`select id::text as id from spin_coupons where member_id = ${m.id} and status = 'none'`,
    );
    expect((await claim(m.token, none!.id)).body.error).toBe('INVALID_COUPON_TYPE');

    await certain('CASH20');
    const late = await spin(m.token);
    const withdrawn = await spin(m.token);
    now = new Date(now.getTime() + (DEMO_WHEEL.couponHours + 1) * HOUR);
    expect((await claim(m.token, late.body.coupon!)).body.error).toBe('COUPON_EXPIRED');
    expect((await claim(m.token, late.body.coupon!)).body.error).toBe('COUPON_EXPIRED');
    now = new Date();
    const fresh = await spin(m.token);
    await wheel().configure({ withdrawn: { CASH20: true }, weights: { CASH50: 1 } });
    expect((await claim(m.token, fresh.body.coupon!)).body.error).toBe('INVALID_PRIZE_CODE');
    expect(withdrawn.status).toBe(200);
    await booksAreSound(t.database.db);
  });

  it('refuses a spin on a closed wheel and when every prize is out, spending no coin', async () => {
    const m = await withCoins(2);
    await wheel().configure({ active: false });
    expect((await spin(m.token)).body.error).toBe('SPIN_INACTIVE');
    expect((await get<{ isActive: boolean }>(m.token, '/api/spinwheel/active')).body.isActive).toBe(false);
    await wheel().configure({ active: true });
    await certain('CASH1000');
    await wheel().configure({ stock: { CASH1000: 0 } });
    expect((await spin(m.token)).body.error).toBe('SPIN_SOLD_OUT');
    expect(await coins(m.token)).toBe(2);
    const none = await withCoins(0);
    expect((await spin(none.token)).body.error).toBe('NO_COIN');
  });

  it('never gives more than the stock or the day’s budget, under 50 concurrent spins of 10 members', async () => {
    // A market day of its own: earlier tests' draws count against today's budget.
    now = new Date(now.getTime() + 10 * 24 * HOUR);
    await wheel().configure({
      weights: {
        ...Object.fromEntries(Object.keys(demoWeights).map((c) => [c, 0])),
        CASH1000: 40,
        CASH200: 40,
        NONE: 1,
      },
      stock: { CASH1000: 3 },
      dailyBudget: { CASH200: { BAHT: '40000' } },
    });
    const members = await Promise.all(Array.from({ length: 10 }, () => withCoins(5)));
    const results = await Promise.all(members.flatMap((m) => Array.from({ length: 5 }, () => spin(m.token))));
    expect(results.every((r) => r.status === 200)).toBe(true);
    const codes = results.map((r) => r.body.result.code);
    expect(codes.filter((c) => c === 'CASH1000')).toHaveLength(3);
    expect(codes.filter((c) => c === 'CASH200')).toHaveLength(2);
    expect(codes.filter((c) => c === 'NONE')).toHaveLength(45);
    const setup = (await get<SpinSetupResponse>(members[0]!.token, '/api/spinwheel/setup')).body;
    const slices = setup.result.activeSpinwheel!.slices;
    expect(slices.find((s) => s.code === 'CASH1000')!.available).toBe(false);
    expect(slices.find((s) => s.code === 'CASH200')!.available).toBe(false);
    await wheel().configure({ dailyBudget: { CASH200: { BAHT: '200000' } } });
    await booksAreSound(t.database.db);
  });

  it('an expired coupon’s prize goes back to the operator, by any number of schedules at once', async () => {
    await certain('CASH50');
    const m = await withCoins(2);
    await spin(m.token);
    await spin(m.token);
    now = new Date(now.getTime() + (DEMO_WHEEL.couponHours + 1) * HOUR);
    const swept = await Promise.all([wheel().sweep(), wheel().sweep()]);
    expect(swept.reduce((sum, s) => sum + s.expired, 0)).toBeGreaterThanOrEqual(2);
    const list = await coupons(m.token);
    expect(list.coupons.map((c) => c.status)).toEqual(['expired', 'expired']);
    await booksAreSound(t.database.db);
  });
});
