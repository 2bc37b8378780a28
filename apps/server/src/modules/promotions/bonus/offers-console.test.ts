import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { BonusListResponse } from '@wallet/contract/http/bonus';
import type { ConsoleOffer, ConsoleOfferList } from '@wallet/contract/http/console-offers';
import { rowsOf } from '../../../platform/db/rows';
import { appForFile, credit, MONEY_ENV, signedInMember } from '../../../../test/money';
import { memberCalls } from '../../../../test/offers';
import { createStaffAndSignIn, staffCall } from '../../../../test/staff';

/**
 * Offers edited by staff (issue 28 section 1, decision 057): what the console creates, pauses and
 * changes is what members are offered at once; a running grant keeps the terms it copied.
 */
const test = appForFile(MONEY_ENV);
const { claim, get } = memberCalls(() => test.app);
let marketing: string;

beforeAll(async () => {
  marketing = (await createStaffAndSignIn(test, { role: 'marketing' })).token;
});

const MINIMAL = {
  code: 'staff50',
  type: 'limit',
  maxReceived: 2,
  bonusPercent: 50,
  // Per currency (decision 067): up to ฿200 or ₭120,000.
  maxBonus: { BAHT: 20_000, LAK: 12_000_000 },
  turnoverMultiple: 2,
  percentFail: 100,
  active: true,
};

const offers = async () =>
  (await staffCall(test.app, marketing, 'GET', '/api/console/offers')).json<ConsoleOfferList>().offers;
const put = (code: string, body: object) =>
  staffCall(test.app, marketing, 'PUT', `/api/console/offers/${code}`, body);
const listed = async (token: string) =>
  (await get<BonusListResponse>(token, '/api/bonus')).body.bonuses.map((offer) => offer.code);
const auditOf = (target: string) =>
  rowsOf<{ action: string; detail: { before: unknown; after: unknown } }>(
    test.database.db,
    sql`select action, detail from staff_audit where target = ${target} order by id`,
  );

describe('offers created, paused and changed by staff', () => {
  it('creates an offer from the minimal call; members see and claim it at once', async () => {
    const created = await staffCall(test.app, marketing, 'POST', '/api/console/offers', MINIMAL);
    expect(created.statusCode, created.body).toBe(200);
    const offer = created.json<{ offer: ConsoleOffer }>().offer;
    // Upper-cased, every other field its default.
    expect(offer).toMatchObject({
      code: 'STAFF50',
      channel: 'bonus',
      names: { th: 'STAFF50', lo: 'STAFF50', en: 'STAFF50' },
      bonusPercent: 50,
      maxBonus: { BAHT: 20_000, LAK: 12_000_000 },
      bonusAmount: null,
      depositRule: 'any',
      minimumDeposit: { BAHT: 10_000, LAK: 5_000_000 },
      withdrawCapMultiple: null,
      floor: { BAHT: 500, LAK: 300_000 },
      grantDays: 7,
      budget: null,
      running: 0,
      claims: 0,
    });

    const member = await signedInMember(test.app);
    expect(await listed(member.token)).toContain('STAFF50');
    await credit(test.app, member.token, 30_000);
    const claimed = await claim(member.token, 'STAFF50');
    expect(claimed.status, JSON.stringify(claimed.body)).toBe(200);
    expect(claimed.body.credited).toBe(15_000);

    const [row] = await auditOf('offer:STAFF50');
    expect(row).toMatchObject({
      action: 'offer.create',
      detail: { before: null, after: { code: 'STAFF50' } },
    });
    expect((await offers()).find((one) => one.code === 'STAFF50')).toMatchObject({ running: 1, claims: 1 });
  });

  it('pauses an offer: no new claim, the running grant untouched; a change reaches only new claims', async () => {
    const created = await staffCall(test.app, marketing, 'POST', '/api/console/offers', {
      ...MINIMAL,
      code: 'PAUSE10',
      bonusPercent: 10,
      percentFail: 40,
    });
    expect(created.statusCode, created.body).toBe(200);
    const [first, second] = [await signedInMember(test.app), await signedInMember(test.app)];
    await credit(test.app, first.token, 100_000);
    await credit(test.app, second.token, 100_000);
    expect((await claim(first.token, 'PAUSE10')).body.credited).toBe(10_000);
    const termsBefore = await grantTermsOf(first.id);

    const paused = await put('PAUSE10', { active: false });
    expect(paused.json<{ offer: ConsoleOffer }>().offer).toMatchObject({ active: false, running: 1 });
    expect(await listed(second.token)).not.toContain('PAUSE10');
    expect((await claim(second.token, 'PAUSE10')).body).toEqual({ message: 'BONUS_UNAVAILABLE' });
    expect(await grantTermsOf(first.id)).toEqual(termsBefore);
    expect((await get<{ status: boolean }>(first.token, '/api/bonus/check/active')).body.status).toBe(true);

    // Changed and resumed: the new member's claim has the new terms, the first keeps the old.
    const changed = await put('PAUSE10', {
      active: true,
      bonusPercent: 20,
      percentFail: 80,
      turnoverMultiple: 3,
    });
    expect(changed.statusCode, changed.body).toBe(200);
    const claimed = await claim(second.token, 'PAUSE10');
    expect(claimed.body.credited).toBe(20_000);
    expect(await grantTermsOf(second.id)).toMatchObject({ percentFail: 80, turnoverMultiple: 3 });
    expect(await grantTermsOf(first.id)).toEqual(termsBefore);
    expect(termsBefore).toMatchObject({ percentFail: 40, turnoverMultiple: 2 });

    const rows = await auditOf('offer:PAUSE10');
    expect(rows.map((row) => row.action)).toEqual(['offer.create', 'offer.update', 'offer.update']);
    expect(rows[1]!.detail).toEqual({ before: { active: true }, after: { active: false } });
    expect(rows[2]!.detail).toEqual({
      before: { active: false, bonusPercent: 10, percentFail: 40, turnoverMultiple: 2 },
      after: { active: true, bonusPercent: 20, percentFail: 80, turnoverMultiple: 3 },
    });
  });

  it('refuses bad offers with a clear code and changes nothing', async () => {
    const before = await offers();
    const post = (body: object) => staffCall(test.app, marketing, 'POST', '/api/console/offers', body);
    const refusals: [object, number, string][] = [
      [{ ...MINIMAL, code: 'STAFF50' }, 409, 'OFFER_EXISTS'],
      [{ ...MINIMAL, code: 'BAD CODE' }, 400, 'OFFER_CODE_INVALID'],
      [{ ...MINIMAL, code: 'P1', percentFail: 101 }, 400, 'OFFER_PERCENT_RANGE'],
      [{ ...MINIMAL, code: 'P2', bonusPercent: 150 }, 400, 'OFFER_PERCENT_RANGE'],
      [{ ...MINIMAL, code: 'P3', bonusAmount: { BAHT: 5_000, LAK: 3_000_000 } }, 400, 'OFFER_REWARD_INVALID'],
      [{ ...MINIMAL, code: 'P4', bonusPercent: undefined }, 400, 'OFFER_REWARD_INVALID'],
      [{ ...MINIMAL, code: 'P5', budget: { BAHT: 10_000, LAK: 100_000_000 } }, 400, 'OFFER_CAP_BELOW_BONUS'],
      [{ ...MINIMAL, code: 'P6', maxBonus: { BAHT: 20_000, LAK: 0 } }, 400, 'OFFER_REWARD_INVALID'],
      [{ ...MINIMAL, code: 'P6', withdrawCapMultiple: 0 }, 400, 'OFFER_CAP_BELOW_BONUS'],
      [
        {
          ...MINIMAL,
          code: 'P7',
          startsAt: '2026-12-02T00:00:00+07:00',
          endsAt: '2026-12-01T00:00:00+07:00',
        },
        400,
        'OFFER_DATES_ORDER',
      ],
    ];
    for (const [body, status, code] of refusals) {
      const answer = await post(body);
      expect(answer.statusCode, JSON.stringify(body)).toBe(status);
      expect(answer.json(), JSON.stringify(body)).toEqual({ message: code });
    }
    expect((await put('STAFF50', { percentFail: -1 })).json()).toEqual({ message: 'OFFER_PERCENT_RANGE' });
    expect(
      (await put('STAFF50', { endsAt: '2020-01-01T00:00:00Z', startsAt: '2021-01-01T00:00:00Z' })).json(),
    ).toEqual({
      message: 'OFFER_DATES_ORDER',
    });
    expect((await put('NOSUCH', { active: false })).statusCode).toBe(404);
    expect(await offers()).toEqual(before);
  });

  it('keeps names plain and descriptions clean, on save and on show', async () => {
    const created = await staffCall(test.app, marketing, 'POST', '/api/console/offers', {
      ...MINIMAL,
      code: 'CLEAN1',
      names: { th: '<b>โบนัส</b>', lo: 'ໂບນັດ', en: 'Bonus <img src=x onerror=alert(1)>' },
      notices: {
        th: '<p onclick="x()">ฝาก</p><script>alert(1)</script>',
        lo: '<p>ຝາກ</p>',
        en: '<p>Deposit</p>',
      },
    });
    expect(created.json<{ offer: ConsoleOffer }>().offer).toMatchObject({
      names: { th: 'โบนัส', en: 'Bonus' },
      notices: { th: '<p>ฝาก</p>' },
    });
    // A row written by SQL is cleaned when shown.
    await test.database.db.execute(
      sql`update promotion_offers set notices = jsonb_set(notices, '{th}', '"<p>x</p><script>y</script>"') where code = 'CLEAN1'`,
    );
    const member = await signedInMember(test.app);
    const shown = (await get<BonusListResponse>(member.token, '/api/bonus')).body.bonuses.find(
      (offer) => offer.code === 'CLEAN1',
    );
    expect(shown?.notice).toBe('<p>x</p>');
  });
});

async function grantTermsOf(memberId: number) {
  const [row] = await rowsOf<{ terms: Record<string, unknown>; bonus: string; state: string }>(
    test.database.db,
    sql`select terms, bonus::text, state from promotion_grants where member_id = ${memberId} order by id desc limit 1`,
  );
  return { ...row!.terms, bonus: row!.bonus, state: row!.state };
}
