import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  ActiveCheckResponse,
  BonusListResponse,
  BonusProgressResponse,
  ClearResponse,
  PromotionResponse,
} from '@wallet/contract/http/bonus';
import type { MinorUnits } from '@wallet/contract/money';
import {
  activate,
  booksAreSound,
  credit,
  getAs,
  listen,
  moneyCall,
  signedInMember,
  statementOf,
  walletOf,
} from '../../../../test/money';
import { memberCalls, testOffer, type TestTerms } from '../../../../test/offers';
import { createTestApp, type TestApp } from '../../../../test/test-app';
import { promotionOffers } from '../engine/grants.tables';
import type { NewOffer } from '../engine/grants.service';

/**
 * The grant engine end to end (issue 11), through the member's calls, on the real database:
 * claims, turnover from the sandbox provider's rounds, withdrawal gate, cap, cancel, floor.
 */

const minor = (amount: number) => amount as MinorUnits;

/** This file's offers: a month to claim on a deposit, casino counting half. */
const offer = (code: string, terms: Partial<TestTerms> = {}): NewOffer =>
  testOffer(code, {
    depositWithinMinutes: 60 * 24 * 30,
    contributions: [
      { category: 'slot', percent: 100 },
      { category: 'casino', percent: 50 },
    ],
    ...terms,
  });

describe('bonuses and promotion codes', () => {
  let t: TestApp;
  let now = new Date();
  beforeAll(async () => {
    // No schedule during the tests: each pull is one the test asks for.
    t = await createTestApp({}, { clock: () => now });
    await t.database.db.insert(promotionOffers).values([
      offer('T_DAY', { type: 'day', maxReceived: 1, floor: 10_000_000n }),
      offer('T_WEEK', { type: 'week', maxReceived: 1, floor: 10_000_000n }),
      offer('T_CAP', { turnoverMultiple: 1, withdrawCapMultiple: 2 }),
      offer('T_HALF', { reward: { kind: 'percent', percent: 20, max: minor(100_000) }, percentFail: 50 }),
      offer('T_FLOOR', { turnoverMultiple: 10, floor: 5_000n }),
      offer('T_BUDGET', { budget: 15_000n }),
      offer('T_PROMO', {
        channel: 'promotion',
        maxReceived: 1,
        reward: { kind: 'fixed', amount: minor(5_000) },
        minimumDeposit: 0n,
      }),
    ]);
    await listen(t.app);
  });
  afterAll(() => t.close());

  const { get, claim, toGame, play, total } = memberCalls(() => t.app);
  const progress = async (token: string) =>
    (await get<BonusProgressResponse>(token, '/api/bonus/progress')).body.progress;
  const withdraw = (token: string, amount: number) =>
    moneyCall(t.app, token, '/api/wallet/withdraw', { amount });

  /** A member whose only money is one deposit of `amount`. */
  async function depositor(amount: number) {
    const member = await signedInMember(t.app);
    await credit(t.app, member.token, amount);
    return member;
  }

  it('20 concurrent claims give one grant and one credit', { tags: ['embedded'] }, async () => {
    const member = await depositor(100_000);
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => claim(member.token, i % 2 === 0 ? 'T_CAP' : 'T_HALF')),
    );
    const granted = answers.filter((answer) => answer.status === 200);
    expect(granted).toHaveLength(1);
    for (const answer of answers.filter((answer) => answer.status !== 200)) {
      expect(answer.status).toBe(409);
      expect(['BONUS_ALREADY_ACTIVE', 'BONUS_REMAINING', 'BONUS_DEPOSIT_USED']).toContain(
        answer.body.message,
      );
    }
    const statement = await statementOf(t.app, member.token);
    expect(statement.statements.filter((row) => row.statementType === 'bonus')).toHaveLength(1);
    await booksAreSound(t.database.db);
  });

  it('counts a day offer again the next day and a week offer the next week', async () => {
    // Wednesday 25 November 2026, 12:00 in Bangkok.
    now = new Date('2026-11-25T05:00:00Z');
    try {
      const member = await depositor(10_000);
      expect((await claim(member.token, 'T_DAY')).status).toBe(200);
      // Under its (high) floor, the grant ends at its first look; the count of the day stays.
      expect((await get<ActiveCheckResponse>(member.token, '/api/bonus/check/active')).body.status).toBe(
        false,
      );
      await credit(t.app, member.token, 10_000);
      expect((await claim(member.token, 'T_DAY')).body.message).toBe('BONUS_MAX_CLAIMED');
      now = new Date('2026-11-25T16:59:00Z'); // 23:59 the same day in Bangkok
      expect((await claim(member.token, 'T_DAY')).body.message).toBe('BONUS_MAX_CLAIMED');
      now = new Date('2026-11-25T17:00:00Z'); // midnight: the next day
      expect((await claim(member.token, 'T_DAY')).status).toBe(200);

      now = new Date('2026-11-25T05:00:00Z');
      const weekly = await depositor(10_000);
      expect((await claim(weekly.token, 'T_WEEK')).status).toBe(200);
      await get(weekly.token, '/api/bonus/check/active');
      await credit(t.app, weekly.token, 10_000);
      now = new Date('2026-11-29T16:59:00Z'); // Sunday 23:59 in Bangkok
      expect((await claim(weekly.token, 'T_WEEK')).body.message).toBe('BONUS_MAX_CLAIMED');
      now = new Date('2026-11-29T17:00:00Z'); // Monday 00:00: the next week
      const again = await claim(weekly.token, 'T_WEEK');
      expect(again.status).toBe(200);
      expect(again.body.userBonus.received).toHaveLength(2);

      const list = (await get<BonusListResponse>(weekly.token, '/api/bonus')).body.bonuses;
      expect(list.find((entry) => entry.code === 'T_WEEK')!.userBonus!.received).toHaveLength(2);
    } finally {
      now = new Date();
    }
    await booksAreSound(t.database.db);
  });

  it('counts each provider round once however often it is fetched, from eligible games only', async () => {
    const member = await depositor(100_000); // 1,000 baht; T_FLOOR: bonus 500 (its maximum), turnover 10 x 1,500
    expect((await claim(member.token, 'T_FLOOR')).status).toBe(200);
    await activate(t.app, member.token, 'JOKER'); // slot: 100%
    await activate(t.app, member.token, 'SEXYGAME'); // casino: 50%
    await activate(t.app, member.token, 'UFABET'); // sport: not counted
    await toGame(member.token, 'JOKER', 50_000);
    await toGame(member.token, 'SEXYGAME', 50_000);
    await toGame(member.token, 'UFABET', 50_000);
    await play(member.token, 'JOKER', 10, 1_000, 1_000);
    await play(member.token, 'SEXYGAME', 4, 1_000, 1_000);
    await play(member.token, 'UFABET', 5, 1_000, 1_000);
    // Three readers at once, then a wallet refresh (which books the same rounds), then again.
    await Promise.all([progress(member.token), progress(member.token), progress(member.token)]);
    await getAs(t.app, member.token, '/api/wallet/refresh/slot');
    const after = (await progress(member.token))!;
    expect(after.done).toBe(10 * 1_000 + (4 * 1_000) / 2);
    expect(after.required).toBe(10 * (100_000 + 50_000));
    expect(after.missing).toBe(after.required - after.done);
    expect(after.games.find((game) => game.code === 'UFABET')).toMatchObject({ percent: 0, turnover: 0 });
    expect(after.games.find((game) => game.code === 'SEXYGAME')).toMatchObject({
      percent: 50,
      turnover: 2_000,
    });
    await booksAreSound(t.database.db);
  });

  it('refuses a withdrawal until the turnover is met, then pays within the cap', async () => {
    const member = await depositor(10_000); // 100 baht; T_CAP: bonus 100, turnover 200, cap 2 x 200
    expect((await claim(member.token, 'T_CAP')).status).toBe(200);
    await activate(t.app, member.token, 'JOKER');
    await toGame(member.token, 'JOKER', 20_000);
    await play(member.token, 'JOKER', 1, 10_000, 40_000); // turnover 100 of 200; JOKER 500 baht
    const early = await withdraw(member.token, 10_000);
    expect(early.statusCode).toBe(422);
    expect(early.json()).toEqual({ message: 'BONUS_CONDITION' });
    expect(await total(member.token)).toBe(50_000); // refused: nothing moved
    // Transfers between the wallet and games stay allowed.
    const back = await moneyCall(t.app, member.token, '/api/wallet/transfer', {
      from: 'JOKER',
      to: 'wallet',
      amount: 10_000,
    });
    expect(back.statusCode, back.body).toBe(200);
    await play(member.token, 'JOKER', 1, 10_000, 40_000); // turnover met; 800 baht in all
    expect(await total(member.token)).toBe(80_000);
    const paid = await withdraw(member.token, 10_000);
    expect([200, 202], paid.body).toContain(paid.statusCode);
    // The cap kept 400 baht (2 x (100 + 100)), of which 100 are on their way to the bank.
    const { raw } = await walletOf(t.app, member.token);
    expect(raw.wallet.amount).toBe(30_000);
    expect(raw.games.find((game) => game.code === 'JOKER')!.amount).toBe(0);
    const finish = (await statementOf(t.app, member.token)).statements.find(
      (row) => row.statementType === 'finish_bonus',
    )!;
    expect(finish).toMatchObject({
      amount: 40_000,
      from: 'wallet',
      to: 'bonus',
      bonus: { description: 'T_CAP' },
    });
    expect(await progress(member.token)).toBeNull();
    // The page can tell how it ended.
    const { last } = (await get<ActiveCheckResponse>(member.token, '/api/bonus/check/active')).body;
    expect(last).toMatchObject({ code: 'T_CAP', state: 'completed', taken: 40_000 });
    await booksAreSound(t.database.db);
  });

  it('takes percentFail of the bonus back on cancel, all of it while the bonus is unplayed, and says so before', async () => {
    const member = await depositor(50_000); // T_HALF: 20% = 100 baht, half back on cancel
    expect((await claim(member.token, 'T_HALF')).status).toBe(200);
    // Nothing played yet: cancelling would take the whole bonus (a claim-and-cancel pays nothing).
    expect((await progress(member.token))!.forfeitNow).toBe(10_000);
    await activate(t.app, member.token, 'JOKER');
    await toGame(member.token, 'JOKER', 20_000);
    // Turnover 600 baht: with 90 played, 85% of it is missing, so 85 baht of the bonus would go.
    await play(member.token, 'JOKER', 3, 3_000, 3_000);
    expect((await progress(member.token))!.forfeitNow).toBe(8_500);
    // Half of it played: percentFail (50%) applies.
    await play(member.token, 'JOKER', 7, 3_000, 3_000);
    expect((await progress(member.token))!.forfeitNow).toBe(5_000);
    const cleared = await get<ClearResponse>(member.token, '/api/bonus/clear');
    expect(cleared).toEqual({ status: 200, body: { message: 'BONUS_CLEAR', forfeited: 5_000 } });
    expect(await total(member.token)).toBe(55_000);
    expect((await get(member.token, '/api/bonus/clear')).body).toEqual({ message: 'NO_DATA' });
    const rows = (await statementOf(t.app, member.token)).statements;
    expect(
      rows.filter((row) => row.statementType !== 'transfer').map((row) => [row.statementType, row.amount]),
    ).toEqual([
      ['finish_bonus', 5_000],
      ['bonus', 10_000],
      ['deposit', 50_000],
    ]);
    await booksAreSound(t.database.db);
  });

  it('ends the grant when the total falls under the floor, taking what is left', async () => {
    const member = await depositor(10_000); // T_FLOOR: bonus 100 baht, floor 50 baht
    expect((await claim(member.token, 'T_FLOOR')).status).toBe(200);
    await activate(t.app, member.token, 'JOKER');
    await toGame(member.token, 'JOKER', 20_000);
    await play(member.token, 'JOKER', 2, 8_000, 0); // 40 baht left
    expect((await get<ActiveCheckResponse>(member.token, '/api/bonus/check/active')).body.status).toBe(false);
    expect(await total(member.token)).toBe(0);
    const finish = (await statementOf(t.app, member.token)).statements[0]!;
    expect(finish).toMatchObject({ statementType: 'finish_bonus', amount: 4_000 });
    await booksAreSound(t.database.db);
  });

  it('brings money back from two games before a forfeit, and never takes more than is held', async () => {
    const member = await depositor(100_000); // T_CAP: bonus 500 baht (capped), whole bonus on cancel
    expect((await claim(member.token, 'T_CAP')).status).toBe(200);
    for (const game of ['JOKER', 'SEXYGAME']) {
      await activate(t.app, member.token, game);
      await toGame(member.token, game, 70_000);
    }
    expect((await get<ClearResponse>(member.token, '/api/bonus/clear')).body.forfeited).toBe(50_000);
    const { raw } = await walletOf(t.app, member.token);
    expect(raw.wallet.amount).toBe(100_000);
    expect(raw.games.filter((game) => game.amount > 0)).toEqual([]);

    const loser = await depositor(100_000);
    expect((await claim(loser.token, 'T_CAP')).status).toBe(200);
    await activate(t.app, loser.token, 'JOKER');
    await toGame(loser.token, 'JOKER', 150_000);
    await play(loser.token, 'JOKER', 1, 130_000, 0); // 200 baht left of a 500 baht bonus
    expect((await get<ClearResponse>(loser.token, '/api/bonus/clear')).body.forfeited).toBe(20_000);
    expect(await total(loser.token)).toBe(0);
    await booksAreSound(t.database.db);
  });

  it('expires a grant past its days, taking back as a cancel would', async () => {
    const member = await depositor(50_000); // T_HALF: 100 baht bonus, half back; 7 days
    expect((await claim(member.token, 'T_HALF')).status).toBe(200);
    try {
      now = new Date(now.getTime() + 7 * 24 * 3_600_000 - 60_000);
      expect((await get<ActiveCheckResponse>(member.token, '/api/bonus/check/active')).body.status).toBe(
        true,
      );
      now = new Date(now.getTime() + 60_000);
      expect((await get<ActiveCheckResponse>(member.token, '/api/bonus/check/active')).body.status).toBe(
        false,
      );
    } finally {
      now = new Date();
    }
    // Unplayed, the whole bonus goes back.
    expect(await total(member.token)).toBe(50_000);
    const [finish] = (await statementOf(t.app, member.token)).statements;
    expect(finish).toMatchObject({ statementType: 'finish_bonus', amount: 10_000 });
    await booksAreSound(t.database.db);
  });

  it('refuses claims with the code that says why', async () => {
    const none = await signedInMember(t.app);
    expect((await claim(none.token, 'T_CAP')).body.message).toBe('BONUS_NO_DEPOSIT');
    expect((await claim(none.token, 'NOPE')).body.message).toBe('NO_DATA');
    const small = await depositor(500);
    expect((await claim(small.token, 'T_CAP')).body.message).toBe('BONUS_DEPOSIT_MINIMUM');
    const rich = await depositor(100_000);
    await credit(t.app, rich.token, 100_000);
    expect((await claim(rich.token, 'T_CAP')).body.message).toBe('BONUS_BALANCE_NOT_EMPTY');
    // A deposit gives one grant: after a cancel, the same deposit is used.
    const used = await depositor(10_000);
    expect((await claim(used.token, 'T_HALF')).status).toBe(200);
    await get(used.token, '/api/bonus/clear');
    expect((await claim(used.token, 'T_HALF')).body.message).toBe('BONUS_DEPOSIT_USED');
    // Budget: 150 baht in all; the second 100 baht grant would pass it.
    const first = await depositor(10_000);
    expect((await claim(first.token, 'T_BUDGET')).status).toBe(200);
    const second = await depositor(10_000);
    expect((await claim(second.token, 'T_BUDGET')).body.message).toBe('BONUS_FULL');
    await booksAreSound(t.database.db);
  });

  it('finds and claims promotions by code, upper-cased, and copies the terms', async () => {
    const member = await signedInMember(t.app);
    const found = await get<PromotionResponse>(member.token, '/api/promotion/find/t_promo');
    expect(found.body.promotion).toMatchObject({
      code: 'T_PROMO',
      percentFail: 100,
      reward: { kind: 'fixed', amount: 5_000 },
    });
    expect((await get<PromotionResponse>(member.token, '/api/promotion/find/NOPE')).body).toEqual({
      promotion: null,
    });
    expect((await get(member.token, '/api/promotion/activate/NOPE')).body).toEqual({
      message: 'NO_PROMOTION',
    });
    expect((await get(member.token, '/api/bonus/activate/T_PROMO')).body).toEqual({ message: 'NO_DATA' });
    expect((await get(member.token, '/api/promotion/activate/t_promo')).status).toBe(200);
    // A later edit of the offer leaves the running grant's terms as they were.
    await t.database.db
      .update(promotionOffers)
      .set({ percentFail: 0 })
      .where(eq(promotionOffers.code, 'T_PROMO'));
    const current = await get<PromotionResponse>(member.token, '/api/promotion/current');
    expect(current.body.promotion).toMatchObject({ code: 'T_PROMO', percentFail: 100 });
    expect((await get<ActiveCheckResponse>(member.token, '/api/bonus/check/active')).body).toMatchObject({
      status: true,
      type: 'promotion',
      code: 'T_PROMO',
    });
    expect((await get<ClearResponse>(member.token, '/api/bonus/clear')).body.forfeited).toBe(5_000);
    expect((await get(member.token, '/api/promotion/activate/T_PROMO')).body).toEqual({
      message: 'PROMOTION_RECEIVED',
    });
    await booksAreSound(t.database.db);
  });
});
