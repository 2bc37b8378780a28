import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from './db/rows';
import { getAs, listen, moneyCall, signedInMember, walletOf } from '../../test/money';
import { createTestApp, type TestApp } from '../../test/test-app';

let test: TestApp;
beforeAll(async () => {
  // Never by itself during the test: each pass is started by hand.
  test = await createTestApp();
  await listen(test.app);
});
afterAll(async () => test.close());

const countOf = async (query: ReturnType<typeof sql>) =>
  Number((await rowsOf<{ n: string }>(test.database.db, query))[0]!.n);

describe('housekeeping', () => {
  it('deletes spent sessions, old code requests and old answers, and keeps what is still of use', async () => {
    const kept = await signedInMember(test.app);
    const spent = await signedInMember(test.app);
    await test.database.db.execute(
      sql`update sessions set expires_at = now() - interval '1 minute' where member_id = ${spent.id}`,
    );
    await test.database.db.execute(
      sql`update otp_requests set created_at = now() - interval '3 days' where phone = ${spent.member.username}`,
    );
    const key = randomUUID();
    expect(
      (await moneyCall(test.app, kept.token, '/api/sandbox/credit', { amount: 1_000 }, key)).statusCode,
    ).toBe(200);
    await test.database.db.execute(
      sql`update idempotent_requests set created_at = now() - interval '4 days' where key = ${key}`,
    );
    const fresh = randomUUID();
    await moneyCall(test.app, kept.token, '/api/sandbox/credit', { amount: 500 }, fresh);

    const removed = await test.services.housekeeping.runOnce();
    expect(removed).toMatchObject({ 'idempotency answers': 1 });
    expect(removed['sessions and sign-in failures']).toBeGreaterThanOrEqual(1);
    expect(removed['code requests']).toBeGreaterThanOrEqual(1);

    expect(await countOf(sql`select count(*)::text as n from sessions where member_id = ${spent.id}`)).toBe(
      0,
    );
    expect((await getAs(test.app, kept.token, '/api/wallet')).statusCode).toBe(200);
    expect(
      await countOf(sql`select count(*)::text as n from otp_requests where phone = ${spent.member.username}`),
    ).toBe(0);
    expect(
      await countOf(sql`select count(*)::text as n from otp_requests where phone = ${kept.member.username}`),
    ).toBe(1);
    expect(await countOf(sql`select count(*)::text as n from idempotent_requests where key = ${fresh}`)).toBe(
      1,
    );

    // A retry under the forgotten key runs again, and the ledger replays it: no second credit.
    const retried = await moneyCall(test.app, kept.token, '/api/sandbox/credit', { amount: 1_000 }, key);
    expect(retried.statusCode).toBe(200);
    expect((await walletOf(test.app, kept.token)).wallet).toBe(1_500);
  });
});
