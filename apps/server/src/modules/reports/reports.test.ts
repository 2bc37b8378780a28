import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type {
  DailyReportResponse,
  DailyReportRow,
  GameReportResponse,
  InviteReportResponse,
  OfferReportResponse,
} from '@wallet/contract/http/console-reports';
import { rowsOf } from '../../platform/db/rows';
import { marketCurrency, reportSources } from '../../reports-services';
import { activate, appForFile, credit, moneyCall, signedInMember } from '../../../test/money';
import { memberCalls, testOffer } from '../../../test/offers';
import { createStaffAndSignIn, staffCall, staffHeaders } from '../../../test/staff';
import { withdrawalDesk, withdrawalRules } from '../../../test/withdrawal-desk';
import { createDailyReport } from './daily-report.service';
import { addDays, dayStart, marketDayOf } from './market-days';
import { checkReportDays } from './reports.check';
import { reportDays } from './reports.tables';

/** Issue 28 section 3: the daily profit and loss, from the ledger and the play tally (decision 055). */
const t = appForFile();
const { claim, get, toGame, play, transfer } = memberCalls(() => t.app);
let owner: string;
let support: string;
// Yesterday to today: a test run across the market's midnight still sees all it did.
const today = () => marketDayOf(new Date());
const range = () => `from=${addDays(today(), -1)}&to=${today()}`;

beforeAll(async () => {
  await t.services.grants.offers.seed([testOffer('R_PLAIN')]);
  owner = (await createStaffAndSignIn(t, { role: 'owner' })).token;
  support = (await createStaffAndSignIn(t, { role: 'support' })).token;
  await mixedWorkload();
});

/** Deposits, a bonus claimed and cancelled, play in a game, a withdrawal paid: the money of a day. */
async function mixedWorkload() {
  const a = await signedInMember(t.app);
  await credit(t.app, a.token, 50_000);
  expect((await claim(a.token, 'R_PLAIN')).status).toBe(200); // bonus 500 baht
  await activate(t.app, a.token, 'JOKER');
  await toGame(a.token, 'JOKER', 30_000);
  await play(a.token, 'JOKER', 3, 5_000, 2_000); // 90 baht lost
  await transfer(a.token, 'JOKER', 'wallet', 21_000);
  expect((await get<{ message: string }>(a.token, '/api/bonus/clear')).body.message).toBe('BONUS_CLEAR');
  const b = await signedInMember(t.app);
  await credit(t.app, b.token, 30_000);
  await withdrawalDesk(t).setRules(owner, withdrawalRules());
  const out = await moneyCall(t.app, b.token, '/api/wallet/withdraw', { amount: 10_000 });
  expect(out.statusCode, out.body).toBe(202);
  await t.services.reconciler.runOnce(); // the payout said paid: the hold is posted to cash-out
  const c = await signedInMember(t.app);
  await credit(t.app, c.token, 5_000);
  await credit(t.app, c.token, 7_000);
  // Staff's manual deposit and a correction out of the wallet, applied at once (small amounts).
  for (const amount of [3_000, -1_000]) {
    const adjusted = await t.app.inject({
      method: 'POST',
      url: '/api/console/adjustments',
      payload: { memberId: c.id, amount, reason: 'report test' },
      headers: staffHeaders(owner, { 'idempotency-key': randomUUID() }),
    });
    expect(adjusted.json(), adjusted.body).toMatchObject({ status: 'applied' });
  }
  // The providers' rounds as the rewards' tally counts them (its counting is the rewards' own test).
  await t.database.db.execute(
    sql`insert into play_tally (member_id, game_code, hour, under_grant, stakes, payouts, rounds)
        values (${a.id}, 'JOKER', date_trunc('hour', now()), true, 15000, 6000, 3)`,
  );
}

const daily = async (query: string, token = owner) =>
  staffCall(t.app, token, 'GET', `/api/console/reports/daily?${query}`);
const sum = (rows: DailyReportRow[], field: 'deposits' | 'withdrawals' | 'bonusCost' | 'ggr' | 'ngr') =>
  rows.reduce((total, row) => total + row[field], 0);

/** The ledger's own movements over the range, summed here apart from the report's query. */
async function ledgerSums(from: string, to: string) {
  const [row] = await rowsOf<{ deposits: string; withdrawals: string; bonus: string }>(
    t.database.db,
    sql`select
          coalesce(sum(t.amount) filter (where (t.metadata -> 'statement' ->> 'type' = 'deposit'
            or (t.kind = 'adjustment' and t.metadata -> 'statement' ->> 'to' = 'wallet'))), 0)::text as deposits,
          coalesce(sum(t.amount) filter (where t.kind = 'post:withdrawal'), 0)::text as withdrawals,
          (coalesce(sum(t.amount) filter (where t.kind = 'bonus' and d.key like 'operator:bonus:%'), 0)
            - coalesce(sum(t.amount) filter (where t.kind = 'bonus_close' and c.key like 'operator:bonus:%'), 0))::text as bonus
        from ledger_transfers t
        join ledger_accounts d on d.id = t.debit_account_id
        join ledger_accounts c on c.id = t.credit_account_id
        where t.created_at >= ${dayStart(from).toISOString()} and t.created_at < ${dayStart(addDays(to, 1)).toISOString()}`,
  );
  return {
    deposits: Number(row!.deposits),
    withdrawals: Number(row!.withdrawals),
    bonus: Number(row!.bonus),
  };
}

describe('the daily report', () => {
  it('sums to the ledger’s deposits and withdrawals over the range after a mixed workload', async () => {
    const answer = await daily(range());
    expect(answer.statusCode, answer.body).toBe(200);
    const report = answer.json<DailyReportResponse>();
    expect(report.rows.map((row) => row.day)).toEqual([addDays(today(), -1), today()]);
    const ledger = await ledgerSums(addDays(today(), -1), today());
    expect(sum(report.rows, 'deposits')).toBe(ledger.deposits);
    expect(sum(report.rows, 'withdrawals')).toBe(ledger.withdrawals);
    expect(sum(report.rows, 'bonusCost')).toBe(ledger.bonus);
    // What this workload did, figure by figure.
    expect(ledger.deposits).toBe(95_000);
    expect(ledger.withdrawals).toBe(10_000);
    const day = report.rows.find((row) => row.day === today())!;
    expect(day.depositChannels).toEqual({ sandbox: 92_000, adjustment: 3_000 });
    expect(day).toMatchObject({
      currency: 'BAHT',
      netCash: 85_000,
      adjustmentsOut: 1_000,
      bets: 15_000,
      wins: 6_000,
      ggr: 9_000,
      ngr: 9_000 - day.bonusCost,
      newMembers: 3,
      firstDepositors: 3,
      activeMembers: 3,
    });
    expect(day.bonusCost).toBeGreaterThanOrEqual(0);
    expect(day.bonusCost).toBeLessThanOrEqual(50_000);
  });

  it('answers the same as CSV with a header row', async () => {
    const json = (await daily(range())).json<DailyReportResponse>();
    const answer = await daily(`${range()}&format=csv`);
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toMatch(/^text\/csv/);
    const [header, ...lines] = answer.body
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    const cells = (line: string) => line.split(',').map((cell) => cell.replace(/^"|"$/g, ''));
    const columns = cells(header!);
    const parsed = lines.map((line) => {
      const values = cells(line);
      const row: Record<string, unknown> = { depositChannels: {} };
      columns.forEach((column, i) => {
        const value = values[i]!;
        if (column.startsWith('deposits_')) {
          if (Number(value) !== 0)
            (row.depositChannels as Record<string, number>)[column.slice(9)] = Number(value);
        } else row[column] = column === 'day' || column === 'currency' ? value : Number(value);
      });
      return row;
    });
    expect(parsed).toEqual(json.rows);
  });

  it('keeps closed days built from the ledger, equal to the ledger, and checked by ledger:check', async () => {
    const day = today();
    const later = () => new Date(dayStart(addDays(day, 1)).getTime() + 3_600_000);
    const sources = reportSources(t.database.db);
    const report = createDailyReport({ db: t.database.db, sources, currency: 'BAHT', now: later });
    const live = await report.report(day, day);
    expect(await report.rebuild()).toBeGreaterThan(0);
    const [built] = await t.database.db
      .select()
      .from(reportDays)
      .where(sql`day = ${day}`);
    expect(built!.rows).toEqual(live.rows);
    expect((await report.report(day, day)).rows).toEqual(live.rows);
    expect(await report.rebuild()).toBe(0); // built lately: nothing again
    expect(await checkReportDays(t.database.db, sources, marketCurrency('TH'))).toEqual([]);
    // A built day that no longer says what the ledger says is a violation.
    await t.database.db
      .update(reportDays)
      .set({ rows: live.rows.map((row) => ({ ...row, deposits: row.deposits + 1 })) })
      .where(sql`day = ${day}`);
    expect(await checkReportDays(t.database.db, sources, 'BAHT')).toEqual([
      `report day ${day} BAHT: built deposits differ from the ledger now`,
    ]);
    await t.database.db.delete(reportDays);
  });

  it('refuses roles without reports.read and bad ranges', async () => {
    const refused = await daily(range(), support);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ message: 'STAFF_FORBIDDEN' });
    for (const query of [
      'from=2026-02-30&to=2026-03-01',
      'from=2026-03-02&to=2026-03-01',
      'from=2024-01-01&to=2026-01-01',
      'from=x&to=y',
    ]) {
      const bad = await daily(query);
      expect(bad.statusCode, query).toBe(400);
      expect(bad.json(), query).toEqual({ message: 'REPORT_RANGE_INVALID' });
    }
  });
});

// After the daily report's tests: this one registers more members.
describe('the per-game, per-offer and invite reports', () => {
  it('break the range down from the tally, the grants and the invite records', async () => {
    const games = (
      await staffCall(t.app, owner, 'GET', `/api/console/reports/games?${range()}`)
    ).json<GameReportResponse>();
    expect(games.rows).toEqual([
      { gameCode: 'JOKER', currency: 'BAHT', bets: 15_000, wins: 6_000, ggr: 9_000, players: 1, rounds: 3 },
    ]);
    const offers = (
      await staffCall(t.app, owner, 'GET', `/api/console/reports/offers?${range()}`)
    ).json<OfferReportResponse>();
    const [offer] = offers.rows;
    expect(offer).toMatchObject({
      code: 'R_PLAIN',
      claims: 1,
      credited: 50_000,
      cancelled: 1,
      running: 0,
      firstDeposits: 1,
    });
    expect(offer!.cost).toBe(offer!.credited - offer!.takenBack);
    expect(offer!.costPerFirstDeposit).toBe(offer!.cost);
    const daily = (
      await staffCall(t.app, owner, 'GET', `/api/console/reports/daily?${range()}`)
    ).json<DailyReportResponse>();
    expect(sum(daily.rows, 'bonusCost')).toBe(offer!.cost);

    // An inviter with commission, and an invitee flagged as a self-referral.
    const inviter = await signedInMember(t.app);
    const invitee = await signedInMember(t.app);
    await t.database.db.execute(
      sql`insert into invite_commissions (source, inviter_id, invitee_id, kind, base, percent, amount, currency, day)
          values ('test:1', ${inviter.id}, ${invitee.id}, 'deposit', 10000, 5, 500, 'BAHT', ${today()})`,
    );
    await t.database.db.execute(
      sql`insert into invite_flags (invitee_id, inviter_id, reason) values (${invitee.id}, ${inviter.id}, 'same_bank_account')`,
    );
    const invite = (
      await staffCall(t.app, owner, 'GET', `/api/console/reports/invite?${range()}`)
    ).json<InviteReportResponse>();
    expect(invite.inviters).toEqual([
      {
        inviterId: inviter.id,
        name: inviter.member.name,
        currency: 'BAHT',
        invitees: 1,
        earned: 500,
        claimed: 0,
      },
    ]);
    expect(invite.flags).toMatchObject([
      { inviteeId: invitee.id, inviterId: inviter.id, reason: 'same_bank_account' },
    ]);
    expect(invite.flagCount).toBe(1);
    for (const path of ['games', 'offers', 'invite']) {
      const refused = await staffCall(t.app, support, 'GET', `/api/console/reports/${path}?${range()}`);
      expect(refused.statusCode, path).toBe(403);
    }
  });
});
