import { randomInt, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOOKUPS } from '@wallet/contract/http/lookup';
import type { BonusListResponse } from '@wallet/contract/http/bonus';
import type { MoneyResult } from '@wallet/contract/http/wallet';
import { booksAreSound, credit, getAs, listen, moneyCall, walletOf } from './money';
import { login, registerMember } from './members';
import type { WithdrawalQueueResponse } from '@wallet/contract/http/console-withdrawals';
import { createStaffAndSignIn, staffCall, staffHeaders } from './staff';
import { createTestApp, memberHeaders, type TestApp } from './test-app';
import { withdrawalDesk, withdrawalRules } from './withdrawal-desk';

/**
 * Issue 32 section 1 on a server started in the Lao market (MARKET=LA): every amount rule has a
 * value per currency (decision 067). A kip member meets kip figures, a baht member in Laos baht
 * ones: the same rule never reads a baht number as kip.
 */

/** Minor units of a whole number of kip. */
const kip = (whole: number) => whole * 100;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ MARKET: 'LA' });
  // The sandbox's outside systems (games, payouts) are reached over HTTP.
  await listen(t.app);
});
afterAll(() => t?.close());

async function laoMember(currency: 'LAK' | 'BAHT') {
  const member = await registerMember(t.app, {
    username: `020${String(randomInt(0, 1e8)).padStart(8, '0')}`,
    bankCode: 'BCEL',
    // BCEL numbers have 13 or 18 digits (decision 035).
    bankAccountNo: `101${String(randomInt(0, 1e10)).padStart(10, '0')}`,
    currency,
  });
  return { id: Number(member.id), token: await login(t.app, member.username, member.password) };
}

const withdraw = (token: string, amount: number) =>
  moneyCall(t.app, token, '/api/wallet/withdraw', { amount });

const claim = (token: string, code: string) => getAs(t.app, token, `/api/bonus/activate/${code}`);

describe('amount rules per currency in the Lao market (decision 067)', () => {
  it('answers the withdrawal limits of each currency, each keyed by it', async () => {
    const answer = await t.app.inject({ url: '/api/lookup/withdraw', headers: memberHeaders() });
    const limits = LOOKUPS.withdraw.parse(answer.json());
    expect(limits.LAK).toEqual({ withdrawMin: kip(50_000), withdrawMax: kip(30_000_000) });
    expect(limits.BAHT).toEqual({ withdrawMin: 10_000, withdrawMax: 5_000_000 });
  });

  it('a kip member withdraws ₭1,000,000 of ₭2,000,000, and meets the kip limits, not the baht ones', async () => {
    const member = await laoMember('LAK');
    await credit(t.app, member.token, kip(2_000_000));
    // Over the baht maximum (5,000,000 minor units) and under the kip one: taken.
    const taken = await withdraw(member.token, kip(1_000_000));
    // Taken: paid at once or on its way (202) is the payout's business, not the limits'.
    expect([200, 202], taken.body).toContain(taken.statusCode);
    expect(taken.json<MoneyResult>()).toMatchObject({ amount: kip(1_000_000) });
    expect((await walletOf(t.app, member.token)).wallet).toBe(kip(1_000_000));
    // ₭10,000 is above the baht minimum (10,000 minor units: ฿100) but under the kip one (₭50,000).
    const small = await withdraw(member.token, kip(10_000));
    expect(small.statusCode).toBe(400);
    expect(small.json()).toEqual({ message: 'WITHDRAW_MINIMUM' });
    expect((await walletOf(t.app, member.token)).wallet).toBe(kip(1_000_000));
  });

  it('refuses a kip withdrawal over the kip maximum, which a baht figure would have let through', async () => {
    const member = await laoMember('LAK');
    await credit(t.app, member.token, kip(40_000_000));
    const over = await withdraw(member.token, kip(30_000_001));
    expect(over.json()).toEqual({ message: 'WITHDRAW_MAXIMUM' });
    expect((await walletOf(t.app, member.token)).wallet).toBe(kip(40_000_000));
  });

  it('a baht member in Laos withdraws by the baht limits', async () => {
    const member = await laoMember('BAHT');
    await credit(t.app, member.token, 200_000);
    const taken = await withdraw(member.token, 100_000);
    expect([200, 202], taken.body).toContain(taken.statusCode);
    expect((await walletOf(t.app, member.token)).wallet).toBe(100_000);
    // ฿60,000 is over the baht maximum (฿50,000), though far under the kip one.
    await credit(t.app, member.token, 6_000_000);
    expect((await withdraw(member.token, 6_000_000)).json()).toEqual({ message: 'WITHDRAW_MAXIMUM' });
    expect((await withdraw(member.token, 5_000)).json()).toEqual({ message: 'WITHDRAW_MINIMUM' });
  });

  it('shows a kip member the offers in kip, and claims a bonus sized in kip', async () => {
    const member = await laoMember('LAK');
    const list = (await getAs(t.app, member.token, '/api/bonus')).json<BonusListResponse>();
    expect(list.currency).toBe('LAK');
    const welcome = list.bonuses.find((offer) => offer.code === 'WELCOME100')!;
    expect(welcome).toMatchObject({
      minimumDeposit: kip(50_000),
      reward: { kind: 'percent', percent: 100, max: kip(300_000) },
      floor: kip(3_000),
    });
    // The text names its amounts by placeholders the app fills in the member's currency.
    expect(welcome.notice).toContain('{maxBonus}');
    expect(welcome.notice).not.toMatch(/500/);

    // ₭40,000 is over the baht minimum (10,000 minor units) but under the kip one (₭50,000).
    await credit(t.app, member.token, kip(40_000));
    expect((await claim(member.token, 'WELCOME100')).json()).toEqual({ message: 'BONUS_DEPOSIT_MINIMUM' });

    const other = await laoMember('LAK');
    await credit(t.app, other.token, kip(500_000));
    const claimed = await claim(other.token, 'WELCOME100');
    expect(claimed.statusCode, claimed.body).toBe(200);
    // 100% of ₭500,000, capped at the kip maximum ₭300,000 (a baht figure would have given ₭500).
    expect(claimed.json()).toMatchObject({ credited: kip(300_000) });
    expect((await walletOf(t.app, other.token)).wallet).toBe(kip(800_000));
  });

  it('a baht member in Laos claims the same offer in baht', async () => {
    const member = await laoMember('BAHT');
    const list = (await getAs(t.app, member.token, '/api/bonus')).json<BonusListResponse>();
    expect(list.currency).toBe('BAHT');
    expect(list.bonuses.find((offer) => offer.code === 'WELCOME100')).toMatchObject({
      minimumDeposit: 10_000,
      reward: { kind: 'percent', max: 50_000 },
    });
    await credit(t.app, member.token, 100_000);
    const claimed = await claim(member.token, 'WELCOME100');
    expect(claimed.statusCode, claimed.body).toBe(200);
    expect(claimed.json()).toMatchObject({ credited: 50_000 });
  });

  it('judges a kip transfer into a game by the kip minimum', async () => {
    const member = await laoMember('LAK');
    await credit(t.app, member.token, kip(100_000));
    await getAs(t.app, member.token, '/api/wallet/activate/JOKER');
    // ₭500 is over the baht minimum (฿1: 100 minor units) but under the kip one (₭1,000).
    const small = await moneyCall(t.app, member.token, '/api/wallet/transfer', {
      from: 'wallet',
      to: 'JOKER',
      amount: kip(500),
    });
    expect(small.json()).toEqual({ message: 'TRANSFER_MINIMUM' });
    expect((await walletOf(t.app, member.token)).wallet).toBe(kip(100_000));
  });

  it('judges staff thresholds by the kip figure: review, two approvals, adjustments, large deposits (decision 075)', async () => {
    const owner = (await createStaffAndSignIn(t, { role: 'owner' })).token;
    const maker = await createStaffAndSignIn(t, { role: 'finance' });
    await withdrawalDesk(t).setRules(
      owner,
      withdrawalRules({
        autoApproveMax: { BAHT: 2_000_000, LAK: kip(12_000_000) },
        secondApprovalOver: { BAHT: 5_000_000, LAK: kip(20_000_000) },
      }),
    );
    const member = await laoMember('LAK');
    const start = await t.services.ledger.lastTransferId();
    await credit(t.app, member.token, kip(30_000_000));
    // ₭1,000,000 is far over the baht figure (฿20,000: 2,000,000 minor units), under the kip one.
    const small = await withdraw(member.token, kip(1_000_000));
    const over = await withdraw(member.token, kip(13_000_000));
    const two = await withdraw(member.token, kip(21_000_000 - 5_000_000 - 1_000_000));
    const queue = await staffCall(t.app, owner, 'GET', '/api/console/withdrawals?status=review');
    const items = queue.json<WithdrawalQueueResponse>().items.filter((item) => item.member.id === member.id);
    expect(items.map((item) => item.id)).not.toContain(small.json<MoneyResult>().reference);
    expect(items.find((item) => item.id === over.json<MoneyResult>().reference)).toMatchObject({
      currency: 'LAK',
      heldFor: ['over_auto_max'],
      needsTwo: false,
    });
    // ₭15,000,000 is under ₭20,000,000: one approval (a baht figure would have asked two).
    expect(items.find((item) => item.id === two.json<MoneyResult>().reference)?.needsTwo).toBe(false);
    await withdrawalDesk(t).setRules(
      owner,
      withdrawalRules({ autoApproveMax: 0, secondApprovalOver: { BAHT: 5_000_000, LAK: kip(1_000_000) } }),
    );
    await credit(t.app, member.token, kip(2_000_000));
    const large = await withdraw(member.token, kip(1_000_001));
    const held = (
      await staffCall(t.app, owner, 'GET', '/api/console/withdrawals?status=review')
    ).json<WithdrawalQueueResponse>();
    expect(held.items.find((item) => item.id === large.json<MoneyResult>().reference)?.needsTwo).toBe(true);

    // An adjustment of ₭500,000 is under the kip threshold (₭600,000): applied by one staff member.
    const adjusted = await t.app.inject({
      method: 'POST',
      url: '/api/console/adjustments',
      payload: { memberId: member.id, amount: kip(500_000), reason: 'Kip fix' },
      headers: staffHeaders(maker.token, { 'idempotency-key': randomUUID() }),
    });
    expect(adjusted.json(), adjusted.body).toMatchObject({ status: 'applied' });
    expect((await walletOf(t.app, member.token)).wallet).toBe(
      kip(30_000_000 + 2_000_000 + 500_000) -
        kip(1_000_000) -
        kip(13_000_000) -
        kip(15_000_000) -
        kip(1_000_001),
    );

    // A deposit is large by its currency's figure: ₭1,000,000 is not, ₭30,000,000 is.
    const deposits = await t.services.ledger.largeDepositsAfter(
      start,
      { BAHT: 5_000_000n, LAK: BigInt(kip(30_000_000)) },
      1000,
    );
    expect(deposits.deposits.filter((one) => one.memberId === member.id).map((one) => one.amount)).toEqual([
      BigInt(kip(30_000_000)),
    ]);
  });

  it('keeps the books sound', async () => {
    await booksAreSound(t.database.db);
  });
});
