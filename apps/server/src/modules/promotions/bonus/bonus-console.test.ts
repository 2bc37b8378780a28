import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ConsoleBonusResponse } from '@wallet/contract/http/console-member-actions';
import type { MinorUnits } from '@wallet/contract/money';
import { rowsOf } from '../../../platform/db/rows';
import { appForFile, credit, MONEY_ENV, signedInMember } from '../../../../test/money';
import { memberCalls, testOffer } from '../../../../test/offers';
import { createStaffAndSignIn, staffCall } from '../../../../test/staff';
import { promotionOffers } from '../engine/grants.tables';

/** Staff end a member's running bonus (issue 27, section 5): the forfeit shown is what is taken. */
const test = appForFile(MONEY_ENV);
const { claim, total } = memberCalls(() => test.app);

beforeAll(async () => {
  await test.database.db.insert(promotionOffers).values([
    testOffer('S_HALF', {
      reward: { kind: 'percent', percent: 20, max: 100_000 as MinorUnits },
      percentFail: 50,
    }),
  ]);
});

describe('a bonus ended by staff', () => {
  it('shows the forfeit, takes exactly it back, audits it, and refuses support', async () => {
    const finance = (await createStaffAndSignIn(test, { role: 'finance' })).token;
    const support = (await createStaffAndSignIn(test, { role: 'support' })).token;
    const member = await signedInMember(test.app);
    await credit(test.app, member.token, 50_000);
    expect((await claim(member.token, 'S_HALF')).status).toBe(200);

    const url = `/api/console/members/${member.id}/bonus`;
    const shown = (await staffCall(test.app, support, 'GET', url)).json<ConsoleBonusResponse>();
    const forfeit = shown.progress?.forfeitNow;
    expect(forfeit).toBeGreaterThan(0);
    expect((await staffCall(test.app, support, 'POST', `${url}/end`, { reason: 'x' })).statusCode).toBe(403);
    expect((await staffCall(test.app, finance, 'POST', `${url}/end`, {})).statusCode).toBe(400);

    const before = await total(member.token);
    const ended = await staffCall(test.app, finance, 'POST', `${url}/end`, { reason: 'Bonus abuse' });
    expect(ended.json()).toEqual({ forfeited: forfeit });
    expect(await total(member.token)).toBe(before - forfeit!);
    expect((await staffCall(test.app, finance, 'GET', url)).json()).toEqual({ progress: null });
    // Nothing left to end.
    expect((await staffCall(test.app, finance, 'POST', `${url}/end`, { reason: 'again' })).statusCode).toBe(
      404,
    );
    const [row] = await rowsOf<{ detail: Record<string, unknown> }>(
      test.database.db,
      sql`select detail from staff_audit where action = 'member.bonus.end' and target = ${`member:${member.id}`}`,
    );
    expect(row?.detail).toMatchObject({ after: 'ended', forfeited: forfeit, reason: 'Bonus abuse' });
  });
});
