import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ConsolePrograms } from '@wallet/contract/http/console-offers';
import type { InviteSummaryResponse } from '@wallet/contract/http/rewards';
import { rowsOf } from '../../../platform/db/rows';
import { appForFile, MONEY_ENV, signedInMember } from '../../../../test/money';
import { memberCalls } from '../../../../test/offers';
import { createStaffAndSignIn, staffCall } from '../../../../test/staff';

/**
 * The invite bonus and the loss refund switched and set by staff (issue 28 section 1, decision 057):
 * what the console saves is what members are answered by; bad settings are refused whole.
 */
const test = appForFile(MONEY_ENV);
const { get } = memberCalls(() => test.app);
let marketing: string;
beforeAll(async () => {
  marketing = (await createStaffAndSignIn(test, { role: 'marketing' })).token;
});
const read = async () =>
  (await staffCall(test.app, marketing, 'GET', '/api/console/programs')).json<ConsolePrograms>();
const put = (name: string, body: object) =>
  staffCall(test.app, marketing, 'PUT', `/api/console/programs/${name}`, body);

describe('programmes set by staff', () => {
  it('switches the refund off and on, and changes the invite percent members are told', async () => {
    const programs = await read();
    expect(programs.invite).toMatchObject({ active: true, settings: { rule: 'deposit', percent: 5 } });
    const member = await signedInMember(test.app);

    expect((await put('refund', { ...programs.refund, active: false })).statusCode).toBe(200);
    expect((await get(member.token, '/api/refund/receive')).body).toEqual({ message: 'REFUND_INACTIVE' });
    expect((await put('refund', { ...programs.refund, active: true })).statusCode).toBe(200);
    expect((await get(member.token, '/api/refund/receive')).body).not.toEqual({ message: 'REFUND_INACTIVE' });

    const changed = await put('invite', {
      active: true,
      settings: {
        ...programs.invite.settings,
        percent: 7,
        // Per currency (decision 067): ฿500 and ₭300,000 a day.
        dailyCap: { BAHT: 50_000, LAK: 30_000_000 },
        closeHour: 6,
      },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect((await read()).invite.settings).toMatchObject({
      percent: 7,
      dailyCap: { BAHT: 50_000, LAK: 30_000_000 },
      closeHour: 6,
    });
    const summary = (await get<InviteSummaryResponse>(member.token, '/api/invite/bonus')).body;
    expect(summary).toMatchObject({ active: true, percent: 7, dailyCap: 50_000 });

    const rows = await rowsOf<{ target: string; detail: { before: object; after: object } }>(
      test.database.db,
      sql`select target, detail from staff_audit where action = 'program.update' order by id`,
    );
    expect(rows.map((row) => row.target)).toEqual(['program:refund', 'program:refund', 'program:invite']);
    expect(rows[0]!.detail).toEqual({ before: { active: true }, after: { active: false } });
    expect(rows[2]!.detail).toEqual({
      before: { percent: 5, dailyCap: { BAHT: 100_000, LAK: 60_000_000 }, closeHour: 0 },
      after: { percent: 7, dailyCap: { BAHT: 50_000, LAK: 30_000_000 }, closeHour: 6 },
    });
  });

  it('refuses settings that cannot work, and changes nothing', async () => {
    const before = await read();
    const refusals: [string, object, string][] = [
      [
        'refund',
        { ...before.refund, settings: { ...before.refund.settings, closeHour: 24 } },
        'INVALID_INPUT',
      ],
      [
        'refund',
        { ...before.refund, settings: { ...before.refund.settings, percent: 101 } },
        'OFFER_PERCENT_RANGE',
      ],
      [
        'invite',
        { ...before.invite, settings: { ...before.invite.settings, fail: 120 } },
        'OFFER_PERCENT_RANGE',
      ],
      [
        'refund',
        { ...before.refund, settings: { ...before.refund.settings, categories: [] } },
        'INVALID_INPUT',
      ],
      ['invite', before.refund, 'INVALID_INPUT'],
    ];
    for (const [name, body, code] of refusals) {
      const answer = await put(name, body);
      expect(answer.statusCode, code).toBe(400);
      expect(answer.json(), code).toEqual({ message: code });
    }
    expect(await read()).toEqual(before);
  });
});
