import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  MemberSearchResponse,
  MemberStatementResponse,
  MemberViewResponse,
} from '@wallet/contract/http/console-members';
import { inviteCodeOf } from '@wallet/contract/rules';
import { rowsOf } from '../../platform/db/rows';
import { bearer, login, registerMember } from '../../../test/members';
import { activate, credit, listen } from '../../../test/money';
import { memberCalls, testOffer } from '../../../test/offers';
import { letters } from '../../../test/rewards';
import { createStaffAndSignIn, staffCall } from '../../../test/staff';
import { createTestApp, memberHeaders, type TestApp } from '../../../test/test-app';

/**
 * The console's members (issue 27, section 5; decision 048): search by each key with paging and
 * masking by role, the member view, the member's statement; each call audited.
 */

let t: TestApp;
let finance: string;
let support: string;
beforeAll(async () => {
  t = await createTestApp();
  // The sandbox game provider is reached over HTTP.
  await listen(t.app);
  await t.services.grants.offers.seed([testOffer('T_VIEW', { turnoverMultiple: 2 })]);
  finance = (await createStaffAndSignIn(t, { role: 'finance' })).token;
  support = (await createStaffAndSignIn(t, { role: 'support' })).token;
});
afterAll(() => t.close());

const search = (q: string, token = finance, page = 1) =>
  staffCall(t.app, token, 'GET', `/api/console/members?q=${encodeURIComponent(q)}&page=${page}`);
const found = async (q: string, token = finance, page = 1) => {
  const response = await search(q, token, page);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<MemberSearchResponse>();
};
const idsOf = (answer: MemberSearchResponse) => answer.members.map((member) => member.id);

/** A member with a name of its own (`Name SURNAME`), signed in. */
async function member(overrides: Parameters<typeof registerMember>[1] = {}) {
  const registered = await registerMember(t.app, { name: `Nok ${letters()}`, ...overrides });
  return {
    ...registered,
    id: Number(registered.id),
    token: await login(t.app, registered.username, registered.password),
  };
}

describe('member search', () => {
  it('finds a member by phone, name, bank account number, member id and invite code', async () => {
    const alice = await member();
    const other = await member();
    const surname = alice.name.split(' ')[1]!;
    const key = (answer: MemberSearchResponse) => answer.members.find((row) => row.id === alice.id)?.matched;

    // Phone: whole (as typed with dashes), or by its last digits.
    const phone = await found(`${alice.username.slice(0, 3)}-${alice.username.slice(3)}`);
    expect(idsOf(phone)).toEqual([alice.id]);
    expect(key(phone)).toEqual(['phone']);
    expect(idsOf(await found(alice.username.slice(-6)))).toContain(alice.id);
    // Name: any part, any case.
    const byName = await found(surname.slice(1, 6).toLowerCase());
    expect(idsOf(byName)).toEqual([alice.id]);
    expect(key(byName)).toEqual(['name']);
    // Bank account number: whole, or its last digits.
    const bank = await found(alice.bankAccountNo);
    expect(idsOf(bank)).toEqual([alice.id]);
    expect(key(bank)).toEqual(['bank']);
    expect(idsOf(await found(alice.bankAccountNo.slice(-5)))).toContain(alice.id);
    // Member id and invite code: exact only.
    expect(key(await found(String(alice.id)))).toContain('id');
    const invite = await found(inviteCodeOf(alice.id).toLowerCase());
    expect(idsOf(invite)).toEqual([alice.id]);
    expect(key(invite)).toEqual(['invite']);
    expect(idsOf(await found(String(alice.id).slice(0, 3)))).not.toContain(alice.id);

    const row = phone.members[0]!;
    expect(row).toEqual({
      id: alice.id,
      username: alice.username,
      name: alice.name,
      status: 'active',
      bank: { bankCode: alice.bankCode, accountNo: alice.bankAccountNo, accountName: alice.bankAccountName },
      createdAt: expect.any(String) as string,
      matched: ['phone'],
    });
    expect(idsOf(phone)).not.toContain(other.id);
  });

  it('treats % and _ as letters and finds nothing for what matches no key', async () => {
    await member();
    expect(await found('%%%')).toMatchObject({ members: [], total: 0 });
    expect(await found('___')).toMatchObject({ members: [], total: 0 });
    expect(await found('no such member anywhere')).toMatchObject({ members: [], total: 0 });
  });

  it('pages 20 at a time, newest first, with the total', async () => {
    const surname = letters();
    const ids: number[] = [];
    for (let i = 0; i < 23; i += 1)
      ids.push(Number((await registerMember(t.app, { name: `Ploy ${surname}` })).id));
    const first = await found(surname);
    expect(first).toMatchObject({ total: 23, page: 1, pageSize: 20 });
    expect(idsOf(first)).toEqual(ids.toReversed().slice(0, 20));
    const second = await found(surname, finance, 2);
    expect(second).toMatchObject({ total: 23, page: 2 });
    expect(idsOf(second)).toEqual(ids.toReversed().slice(20));
    expect(await found(surname, finance, 3)).toMatchObject({ members: [], total: 23 });
  });

  it('shows support the last 4 digits of phone and bank numbers, finance them whole', async () => {
    const alice = await member();
    // Support knows the phone from the member calling (decision 048): the whole number finds them.
    const masked = (await found(alice.username, support)).members[0]!;
    expect(masked.username).toBe(`••••••${alice.username.slice(-4)}`);
    expect(masked.bank?.accountNo).toBe(
      `${'•'.repeat(alice.bankAccountNo.length - 4)}${alice.bankAccountNo.slice(-4)}`,
    );
    expect(masked.name).toBe(alice.name);
    const whole = (await found(alice.username, finance)).members[0]!;
    expect(whole.username).toBe(alice.username);
    expect(whole.bank?.accountNo).toBe(alice.bankAccountNo);
  });

  it('writes each search to the audit with its query and whether numbers were whole', async () => {
    const alice = await member();
    await found(alice.username, support);
    const rows = await rowsOf<{ action: string; detail: Record<string, unknown> }>(
      t.database.db,
      sql`select action, detail from staff_audit where action = 'member.search' and detail->>'q' = ${alice.username}`,
    );
    expect(rows).toEqual([
      { action: 'member.search', detail: { q: alice.username, page: 1, personal: false, total: 1 } },
    ]);
  });

  it('refuses a query under 3 characters, a bad page, a member and anyone signed out', async () => {
    for (const url of ['?q=ab', '?q=', '', '?q=abc&page=0', '?q=abc&page=x']) {
      const response = await staffCall(t.app, finance, 'GET', `/api/console/members${url}`);
      expect(response.statusCode, url).toBe(400);
    }
    const alice = await member();
    const asMember = await t.app.inject({
      url: '/api/console/members?q=abc',
      headers: memberHeaders(bearer(alice.token)),
    });
    expect(asMember.statusCode).toBe(401);
    expect(
      (await t.app.inject({ url: '/api/console/members?q=abc', headers: memberHeaders() })).statusCode,
    ).toBe(401);
  });
});

describe('member view', () => {
  const { claim, toGame, play, get } = memberCalls(() => t.app);
  const view = (memberId: number, token = finance) =>
    staffCall(t.app, token, 'GET', `/api/console/members/${memberId}`);

  it('gathers balances, grants with turnover, inviter and invitees, sessions', async () => {
    const inviter = await member();
    const alice = await member({ inviteCode: inviteCodeOf(inviter.id) });
    const invitee = await member({ inviteCode: inviteCodeOf(alice.id) });
    await credit(t.app, alice.token, 10_000);
    expect((await claim(alice.token, 'T_VIEW')).status).toBe(200);
    await activate(t.app, alice.token, 'JOKER');
    await toGame(alice.token, 'JOKER', 15_000);
    await play(alice.token, 'JOKER', 3, 1_000, 0);
    // The member's own progress pulls the turnover the view then reads.
    await get(alice.token, '/api/bonus/progress');

    const response = await view(alice.id);
    expect(response.statusCode, response.body).toBe(200);
    const answer = response.json<MemberViewResponse>();
    expect(answer.context.member).toMatchObject({ id: alice.id, username: alice.username, name: alice.name });
    expect(answer.context.wallet.amount).toBe(5_000);
    expect(answer).toMatchObject({
      status: 'active',
      inviteCode: inviteCodeOf(alice.id),
      games: [{ code: 'JOKER', amount: 12_000 }],
      inviter: { id: inviter.id, username: inviter.username, name: inviter.name },
      invitees: { total: 1, latest: [{ id: invitee.id, username: invitee.username, name: invitee.name }] },
      conversation: null,
    });
    expect(answer.grants).toEqual([
      expect.objectContaining({
        code: 'T_VIEW',
        state: 'active',
        deposit: 10_000,
        bonus: 10_000,
        requiredTurnover: 40_000,
        turnoverDone: 3_000,
      }) as unknown,
    ]);
    expect(answer.sessions).toEqual([
      expect.objectContaining({
        clientAddress: '127.0.0.1',
        userAgent: expect.any(String) as string,
      }) as unknown,
    ]);
    expect(JSON.stringify(answer.sessions)).not.toContain(alice.token);
  });

  it('masks the numbers of the member, their inviter and invitees for support, and audits each view', async () => {
    const inviter = await member();
    const alice = await member({ inviteCode: inviteCodeOf(inviter.id) });
    const masked = (await view(alice.id, support)).json<MemberViewResponse>();
    expect(masked.context.member.username).toBe(`••••••${alice.username.slice(-4)}`);
    expect(masked.context.member.bank?.accountNo).toMatch(new RegExp(`^•+${alice.bankAccountNo.slice(-4)}$`));
    expect(masked.inviter?.username).toBe(`••••••${inviter.username.slice(-4)}`);
    expect(JSON.stringify(masked)).not.toContain(alice.username);
    expect(JSON.stringify(masked)).not.toContain(alice.bankAccountNo);
    await view(alice.id, finance);
    const rows = await rowsOf<{ action: string; detail: unknown }>(
      t.database.db,
      sql`select action, detail from staff_audit where target = ${`member:${alice.id}`} order by seq`,
    );
    expect(rows).toEqual([
      { action: 'member.view', detail: { personal: false } },
      { action: 'member.view', detail: { personal: true } },
    ]);
  });

  it('refuses an unknown member without writing to the audit', async () => {
    const count = () => rowsOf(t.database.db, sql`select count(*)::int as n from staff_audit`);
    const before = await count();
    const unknown = await view(999_999_999);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ message: 'NO_USER' });
    const statement = await staffCall(t.app, finance, 'GET', '/api/console/members/999999999/statement');
    expect(statement.statusCode).toBe(404);
    expect(await count()).toEqual(before);
  });

  it("pages the member's statement, 20 a page, of one type when asked", async () => {
    const alice = await member();
    for (let i = 1; i <= 22; i += 1) await credit(t.app, alice.token, i * 100);
    const page = async (query: string) => {
      const response = await staffCall(
        t.app,
        support,
        'GET',
        `/api/console/members/${alice.id}/statement${query}`,
      );
      expect(response.statusCode, response.body).toBe(200);
      return response.json<MemberStatementResponse>();
    };
    const first = await page('');
    expect(first).toMatchObject({ total: 22, page: 1, pageSize: 20, currency: 'BAHT' });
    expect(first.statements.map((row) => row.amount)).toEqual(
      Array.from({ length: 20 }, (_, i) => (22 - i) * 100),
    );
    expect((await page('?page=2')).statements.map((row) => row.amount)).toEqual([200, 100]);
    expect(await page('?type=withdraw')).toMatchObject({ total: 0, statements: [] });
    const rows = await rowsOf<{ detail: unknown }>(
      t.database.db,
      sql`select detail from staff_audit where action = 'member.statement' and target = ${`member:${alice.id}`}
        order by seq`,
    );
    expect(rows.map((row) => row.detail)).toEqual([
      { page: 1, type: null },
      { page: 2, type: null },
      { page: 1, type: 'withdraw' },
    ]);
  });
});
