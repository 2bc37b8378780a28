import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { LimitsResponse, StaffLimitsResponse } from '@wallet/contract/http/limits';
import { rowsOf } from '../../platform/db/rows';
import {
  activate,
  appForFile,
  credit,
  getAs,
  MONEY_ENV,
  moneyCall,
  signedInMember,
} from '../../../test/money';
import { bearer } from '../../../test/members';
import { createStaffAndSignIn, staffCall } from '../../../test/staff';
import { memberHeaders } from '../../../test/test-app';

/** Staff see and tighten a member's play limits (issue 29), never loosen them, audited. */
const test = appForFile(MONEY_ENV);
const NONE = { day: null, week: null, month: null };
const url = (memberId: number, path = 'limits') => `/api/console/members/${memberId}/${path}`;

describe("the money desk's member limits", () => {
  it('tighten at once, refuse a loosening on the server, and keep the history and the audit', async () => {
    const finance = (await createStaffAndSignIn(test, { role: 'finance' })).token;
    const member = await signedInMember(test.app);
    // The member asked to raise a limit; staff lowering it drops that.
    const own = (body: object) =>
      test.app.inject({
        method: 'PUT',
        url: '/api/account/limits',
        payload: body,
        headers: memberHeaders(bearer(member.token)),
      });
    await own({ deposit: { ...NONE, day: 50_000 }, loss: NONE, realityCheckMinutes: null });
    await own({ deposit: { ...NONE, day: 90_000 }, loss: NONE, realityCheckMinutes: null });

    const tightened = await staffCall(test.app, finance, 'PUT', url(member.id), {
      deposit: { ...NONE, day: 20_000 },
      loss: { ...NONE, week: 30_000 },
    });
    expect(tightened.statusCode, tightened.body).toBe(200);
    const panel = tightened.json<StaffLimitsResponse>();
    expect(panel.limits.deposit.day).toMatchObject({ value: 20_000, pending: null });
    expect(panel.limits.loss.week.value).toBe(30_000);
    expect(panel.history[0]!.what).toBe('limit.staff');
    expect(panel.history[0]!.staff?.username).toMatch(/^staff-/);
    expect(panel.history.some((event) => event.what === 'limit.asked' && event.staff === null)).toBe(true);

    // A higher value, anywhere in the request, changes nothing at all.
    for (const body of [
      { deposit: { ...NONE, day: 20_001 }, loss: NONE },
      { deposit: { ...NONE, day: 10_000 }, loss: { ...NONE, week: 40_000 } },
    ]) {
      const refused = await staffCall(test.app, finance, 'PUT', url(member.id), body);
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toEqual({ message: 'LIMIT_STAFF_TIGHTEN_ONLY' });
    }
    const mine = (await getAs(test.app, member.token, '/api/account/limits')).json<LimitsResponse>();
    expect(mine.deposit.day.value).toBe(20_000);
    expect(mine.loss.week.value).toBe(30_000);

    const [audit] = await rowsOf<{
      detail: { before: Record<string, string>; after: Record<string, string> };
    }>(
      test.database.db,
      sql`select detail from staff_audit where action = 'member.limits' and target = ${`member:${member.id}`}`,
    );
    expect(audit!.detail.before['deposit:day']).toBe('50000');
    expect(audit!.detail.after['deposit:day']).toBe('20000');
  });

  it('start a self-exclusion that stops play, and never shorten it', async () => {
    const finance = (await createStaffAndSignIn(test, { role: 'finance' })).token;
    const member = await signedInMember(test.app);
    await activate(test.app, member.token, 'JOKER');
    await credit(test.app, member.token, 10_000);
    const started = await staffCall(test.app, finance, 'POST', url(member.id, 'self-exclusion'), {
      months: 12,
    });
    expect(started.statusCode, started.body).toBe(200);
    const until = started.json<StaffLimitsResponse>().limits.selfExclusion!.until;
    const shorter = await staffCall(test.app, finance, 'POST', url(member.id, 'self-exclusion'), {
      months: 6,
    });
    expect(shorter.json<StaffLimitsResponse>().limits.selfExclusion!.until).toBe(until);
    const moved = await moneyCall(test.app, member.token, '/api/wallet/transfer', {
      from: 'wallet',
      to: 'JOKER',
      amount: 1_000,
    });
    expect(moved.json()).toEqual({ message: 'SELF_EXCLUDED' });
    const timeout = await staffCall(test.app, finance, 'POST', url(member.id, 'timeout'), { days: 7 });
    expect(timeout.statusCode).toBe(200);
  });

  it('are refused to a role without members.manage, and read with members.read', async () => {
    const support = (await createStaffAndSignIn(test, { role: 'support' })).token;
    const member = await signedInMember(test.app);
    const refused = await staffCall(test.app, support, 'PUT', url(member.id), {
      deposit: { ...NONE, day: 1_000 },
      loss: NONE,
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ message: 'STAFF_FORBIDDEN' });
    expect((await staffCall(test.app, support, 'GET', url(member.id))).statusCode).toBe(200);
    expect((await staffCall(test.app, support, 'GET', url(999_999_999))).statusCode).toBe(404);
  });
});
