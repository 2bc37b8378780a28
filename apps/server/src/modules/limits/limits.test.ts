import { describe, expect, it } from 'vitest';
import type { LimitsResponse } from '@wallet/contract/http/limits';
import { appForFile, getAs, MONEY_ENV, signedInMember } from '../../../test/money';
import { bearer, post, registration, verifyPhone } from '../../../test/members';
import { memberHeaders } from '../../../test/test-app';
import { runningPeriod } from './limit-periods';

/** Play limits as the member sets them (issue 29, decision 061), on the app's injected clock. */
let clockAt = new Date();
const test = appForFile(MONEY_ENV, { clock: () => clockAt });
const HOUR = 3_600_000;
const later = (ms: number) => {
  clockAt = new Date(clockAt.getTime() + ms);
};

const NONE = { day: null, week: null, month: null };
const call = (token: string, method: 'PUT' | 'POST', url: string, payload?: object) =>
  test.app.inject({ method, url, payload, headers: memberHeaders(bearer(token)) });
const limitsOf = async (token: string) => {
  const answer = await getAs(test.app, token, '/api/account/limits');
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json<LimitsResponse>();
};

describe('setting play limits', () => {
  it('starts with none, nothing used, and each period ending at the market midnight', async () => {
    const { token } = await signedInMember(test.app);
    const limits = await limitsOf(token);
    expect(limits.deposit.day).toMatchObject({ value: null, used: 0, pending: null });
    expect(limits.depositRemaining).toBeNull();
    expect(limits.timeout).toBeNull();
    expect(limits.selfExclusion).toBeNull();
    // Midnight in UTC+7 is 17:00 UTC.
    expect(new Date(limits.deposit.day.resetsAt).getUTCHours()).toBe(17);
  });

  it('takes a lower or new limit at once, and a higher one or a removal only when confirmed after 24 h', async () => {
    const { token } = await signedInMember(test.app);
    const set = (deposit: object, loss: object = NONE) =>
      call(token, 'PUT', '/api/account/limits', {
        deposit: { ...NONE, ...deposit },
        loss: { ...NONE, ...loss },
        realityCheckMinutes: 60,
      });

    const first = await set({ day: 50_000 }, { week: 100_000 });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json<LimitsResponse>().deposit.day).toMatchObject({ value: 50_000, pending: null });
    expect(first.json<LimitsResponse>().loss.week.value).toBe(100_000);
    expect(first.json<LimitsResponse>().realityCheckMinutes).toBe(60);

    // Lower: at once.
    expect((await set({ day: 30_000 }, { week: 100_000 })).json<LimitsResponse>().deposit.day.value).toBe(
      30_000,
    );

    // Higher: the old one holds, the new one waits 24 h.
    const raised = (await set({ day: 80_000 }, { week: null })).json<LimitsResponse>();
    expect(raised.deposit.day.value).toBe(30_000);
    expect(raised.deposit.day.pending).toMatchObject({ value: 80_000, confirmable: false });
    expect(raised.loss.week.value).toBe(100_000);
    expect(raised.loss.week.pending).toMatchObject({ value: null, confirmable: false });
    const from = raised.deposit.day.pending!.from;
    expect(new Date(from).getTime() - clockAt.getTime()).toBe(24 * HOUR);

    // Before the 24 h: nothing to confirm, nothing changes.
    later(23 * HOUR);
    const early = await call(token, 'POST', '/api/account/limits/confirm');
    expect(early.statusCode).toBe(409);
    expect(early.json()).toEqual({ message: 'LIMIT_NOT_CONFIRMABLE' });
    // Asking the same again keeps its clock.
    expect(
      (await set({ day: 80_000 }, { week: null })).json<LimitsResponse>().deposit.day.pending!.from,
    ).toBe(from);

    // After the 24 h it still waits for the confirmation.
    later(2 * HOUR);
    const waiting = await limitsOf(token);
    expect(waiting.deposit.day).toMatchObject({
      value: 30_000,
      pending: { value: 80_000, confirmable: true },
    });
    const confirmed = await call(token, 'POST', '/api/account/limits/confirm');
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const after = confirmed.json<LimitsResponse>();
    expect(after.deposit.day).toMatchObject({ value: 80_000, pending: null });
    expect(after.loss.week).toMatchObject({ value: null, pending: null });
  });

  it('gives up a waiting loosening when the member tightens again', async () => {
    const { token } = await signedInMember(test.app);
    const set = (day: number | null) =>
      call(token, 'PUT', '/api/account/limits', {
        deposit: { ...NONE, day },
        loss: NONE,
        realityCheckMinutes: null,
      });
    await set(10_000);
    expect((await set(null)).json<LimitsResponse>().deposit.day.pending).not.toBeNull();
    const back = (await set(10_000)).json<LimitsResponse>();
    expect(back.deposit.day).toMatchObject({ value: 10_000, pending: null });
    later(25 * HOUR);
    expect((await call(token, 'POST', '/api/account/limits/confirm')).statusCode).toBe(409);
  });

  it('refuses bad input with a code and changes nothing', async () => {
    const { token } = await signedInMember(test.app);
    for (const payload of [
      { deposit: { ...NONE, day: 0 }, loss: NONE, realityCheckMinutes: null },
      { deposit: { ...NONE, day: 1.5 }, loss: NONE, realityCheckMinutes: null },
      { deposit: NONE, loss: NONE, realityCheckMinutes: 45 },
      { deposit: NONE, realityCheckMinutes: null },
    ]) {
      const answer = await call(token, 'PUT', '/api/account/limits', payload);
      expect(answer.statusCode, JSON.stringify(payload)).toBe(400);
      expect(answer.json<{ message: string }>().message).toBe('INVALID_INPUT');
    }
    expect((await call(token, 'POST', '/api/account/timeout', { days: 3 })).statusCode).toBe(400);
    expect((await call(token, 'POST', '/api/account/self-exclusion', { months: 2 })).statusCode).toBe(400);
    const limits = await limitsOf(token);
    expect(limits.deposit.day.value).toBeNull();
    expect(limits.timeout).toBeNull();
    expect(limits.selfExclusion).toBeNull();
    expect((await test.app.inject({ url: '/api/account/limits', headers: memberHeaders() })).statusCode).toBe(
      401,
    );
  });

  it('runs a time-out to its end, never shortened', async () => {
    const { token } = await signedInMember(test.app);
    const week = await call(token, 'POST', '/api/account/timeout', { days: 7 });
    expect(week.statusCode, week.body).toBe(200);
    const until = week.json<LimitsResponse>().timeout!.until;
    expect(new Date(until).getTime() - clockAt.getTime()).toBe(7 * 24 * HOUR);
    const shorter = await call(token, 'POST', '/api/account/timeout', { days: 1 });
    expect(shorter.json<LimitsResponse>().timeout!.until).toBe(until);
    later(7 * 24 * HOUR - 1);
    expect((await limitsOf(token)).timeout).not.toBeNull();
    later(1);
    expect((await limitsOf(token)).timeout).toBeNull();
  });

  it('keeps a self-exclusion past its end until the member asks, then lifts it 7 days later', async () => {
    const { token } = await signedInMember(test.app);
    const started = await call(token, 'POST', '/api/account/self-exclusion', { months: 6 });
    expect(started.statusCode, started.body).toBe(200);
    const exclusion = started.json<LimitsResponse>().selfExclusion!;
    expect(exclusion.until).not.toBeNull();
    // It cannot be shortened, and cannot be asked to end before its time.
    await call(token, 'POST', '/api/account/self-exclusion', { months: 6 });
    expect((await limitsOf(token)).selfExclusion!.until).toBe(exclusion.until);
    const early = await call(token, 'POST', '/api/account/self-exclusion/end');
    expect(early.statusCode).toBe(409);
    expect(early.json()).toEqual({ message: 'EXCLUSION_NOT_OVER' });

    // Past its end it still holds.
    clockAt = new Date(new Date(exclusion.until!).getTime() + 30 * 24 * HOUR);
    expect((await limitsOf(token)).selfExclusion).not.toBeNull();
    const asked = await call(token, 'POST', '/api/account/self-exclusion/end');
    expect(asked.statusCode, asked.body).toBe(200);
    const liftAt = asked.json<LimitsResponse>().selfExclusion!.liftAt!;
    expect(new Date(liftAt).getTime() - clockAt.getTime()).toBe(7 * 24 * HOUR);
    later(7 * 24 * HOUR - 1);
    expect((await limitsOf(token)).selfExclusion).not.toBeNull();
    later(1);
    expect((await limitsOf(token)).selfExclusion).toBeNull();
  });

  it('never lets a self-exclusion for good be asked to end', async () => {
    const { token } = await signedInMember(test.app);
    expect((await call(token, 'POST', '/api/account/self-exclusion', { months: null })).statusCode).toBe(200);
    // Asking for a shorter one later changes nothing.
    await call(token, 'POST', '/api/account/self-exclusion', { months: 6 });
    later(20 * 365 * 24 * HOUR);
    const limits = await limitsOf(token);
    expect(limits.selfExclusion).toMatchObject({ until: null, liftAt: null });
    expect((await call(token, 'POST', '/api/account/self-exclusion/end')).statusCode).toBe(409);
  });
});

describe('registering again while excluded', () => {
  it("refuses a self-excluded member's phone or bank account with SELF_EXCLUDED", async () => {
    const { member, token } = await signedInMember(test.app);
    const other = await signedInMember(test.app);
    expect((await call(token, 'POST', '/api/account/self-exclusion', { months: 6 })).statusCode).toBe(200);
    const refused = [409, 'SELF_EXCLUDED'];
    const answer = async (url: string, payload: object) => {
      const sent = await post(test.app, url, payload);
      return [sent.statusCode, sent.json<{ message?: string }>().message];
    };
    // The phone: at the code's sending, and at each later step.
    expect(await answer('/api/otp/send', { phoneNumber: member.username })).toEqual(refused);
    const samePhone = registration({ username: member.username });
    expect(await answer('/api/account/validate', { ...samePhone, currency: undefined })).toEqual(refused);
    expect(await answer('/api/account', samePhone)).toEqual(refused);
    // The bank account, however its leading zeros are typed.
    const sameBank = registration({ bankAccountNo: `0${member.bankAccountNo}` });
    const otpToken = await verifyPhone(test.app, sameBank.username);
    expect(await answer('/api/account/validate', { ...sameBank, currency: undefined, otpToken })).toEqual(
      refused,
    );
    expect(await answer('/api/account', { ...sameBank, otpToken })).toEqual(refused);
    // Another member's phone is taken, as before.
    expect(await answer('/api/otp/send', { phoneNumber: other.member.username })).not.toEqual(refused);
  });
});

describe('periods in the market time', () => {
  it('start days at 00:00 UTC+7, weeks on Monday and months on the 1st', () => {
    // 2026-03-01 is a Sunday; 16:59 UTC on 2026-02-28 is 23:59 on Saturday 28 Feb in Bangkok.
    const saturdayNight = new Date('2026-02-28T16:59:00Z');
    expect(runningPeriod('day', saturdayNight).start.toISOString()).toBe('2026-02-27T17:00:00.000Z');
    expect(runningPeriod('week', saturdayNight).start.toISOString()).toBe('2026-02-22T17:00:00.000Z');
    expect(runningPeriod('month', saturdayNight)).toEqual({
      start: new Date('2026-01-31T17:00:00Z'),
      end: new Date('2026-02-28T17:00:00Z'),
    });
    const sundayMorning = new Date('2026-02-28T17:00:00Z');
    expect(runningPeriod('day', sundayMorning).start.toISOString()).toBe('2026-02-28T17:00:00.000Z');
    expect(runningPeriod('week', sundayMorning).start.toISOString()).toBe('2026-02-22T17:00:00.000Z');
    expect(runningPeriod('month', sundayMorning).start.toISOString()).toBe('2026-02-28T17:00:00.000Z');
    // Monday 00:00 in Bangkok starts a week.
    expect(runningPeriod('week', new Date('2026-03-01T17:00:00Z')).start.toISOString()).toBe(
      '2026-03-01T17:00:00.000Z',
    );
    expect(runningPeriod('month', new Date('2026-12-15T00:00:00Z')).end.toISOString()).toBe(
      '2026-12-31T17:00:00.000Z',
    );
  });
});
