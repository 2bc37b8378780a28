import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { AdjustmentAnswer, AdjustmentCreateRequest } from '@wallet/contract/http/adjustment';
import type { ClaimableOffersResponse } from '@wallet/contract/http/bonus';
import type { StatementResponse, StatementRow } from '@wallet/contract/http/statement';
import type { HeldTransfersResponse } from '@wallet/contract/http/wallet';
import { accountKey } from '../src/modules/ledger/ledger.service';
import { promotionOffers } from '../src/modules/promotions/engine/grants.tables';
import { rowsOf } from '../src/platform/db/rows';
import { bearer } from './members';
import {
  activate,
  ageHolds,
  appForFile,
  booksAreSound,
  credit,
  fundedMember,
  moneyCall,
  PAST_EXPIRY_MS,
  setFault,
  signedInMember,
  SILENT_MS,
  walletOf,
} from './money';
import { memberCalls, testOffer } from './offers';
import { createStaffAndSignIn, staffHeaders } from './staff';
import { memberHeaders } from './test-app';

/**
 * The break-it review of 2026-11-28 (decisions 070, 071, 074): held transfers and claimable
 * offers on home, the statement's balance after each row, and the adjustment threshold per
 * maker and member. Each test here is a way we tried to break them; those that broke were fixed.
 */

const t = appForFile();
const { get, claim } = memberCalls(() => t.app);
const claimable = async (token: string) =>
  (await get<ClaimableOffersResponse>(token, '/api/bonus/claimable')).body.offers.map((offer) => offer.code);
const limitsCall = (token: string, url: string, payload: object) =>
  t.app.inject({ method: 'POST', url, payload, headers: memberHeaders(bearer(token)) });

beforeAll(async () => {
  await t.database.db.insert(promotionOffers).values([testOffer('BRK_ANY', { sort: 1 })]);
});

describe('claimable offers agree with the claim', () => {
  it.each([
    ['a self-exclusion', '/api/account/self-exclusion', { months: 6 }, 'SELF_EXCLUDED'],
    ['a time-out', '/api/account/timeout', { days: 1 }, 'TIMED_OUT'],
  ])('lists none in %s, where the claim is refused', async (_, url, body, refusal) => {
    const member = await signedInMember(t.app);
    await credit(t.app, member.token, 20_000);
    expect(await claimable(member.token)).toContain('BRK_ANY');
    const blocked = await limitsCall(member.token, url, body);
    expect(blocked.statusCode, blocked.body).toBe(200);

    const refused = await claim(member.token, 'BRK_ANY');
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ message: refusal });
    // Home must not offer a Claim button the claim refuses (nor a bonus to an excluded member).
    expect(await claimable(member.token)).toEqual([]);
  });
});

describe('held transfers are the member’s own', () => {
  it('shows another member nothing, whatever the query or method', async () => {
    const owner = await fundedMember(t.app, 100_000, 'CIRCUS');
    await setFault(t.app, 'CIRCUS', 'timeout', SILENT_MS);
    try {
      const moved = await moneyCall(t.app, owner.token, '/api/wallet/transfer', {
        from: 'wallet',
        to: 'CIRCUS',
        amount: 30_000,
      });
      expect(moved.statusCode, moved.body).toBe(202);
    } finally {
      await setFault(t.app, 'CIRCUS', 'none');
    }
    const other = await signedInMember(t.app);
    for (const url of [
      '/api/wallet/transfers/held',
      `/api/wallet/transfers/held?memberId=${owner.id}`,
      `/api/wallet/transfers/held?id=${owner.id}&userId=${owner.id}`,
    ]) {
      const seen = await get<HeldTransfersResponse>(other.token, url);
      expect(seen.status).toBe(200);
      expect(seen.body).toEqual({ transfers: [], inFlight: 0 });
    }
    const head = await t.app.inject({
      method: 'HEAD',
      url: '/api/wallet/transfers/held',
      headers: memberHeaders(),
    });
    expect(head.statusCode).toBe(401);
    const mine = await get<HeldTransfersResponse>(owner.token, '/api/wallet/transfers/held');
    expect(mine.body.inFlight).toBe(30_000);
    await ageHolds(t.database.db, owner.id, PAST_EXPIRY_MS);
    await t.services.reconciler.runOnce();
    expect((await get<HeldTransfersResponse>(owner.token, '/api/wallet/transfers/held')).body).toEqual({
      transfers: [],
      inFlight: 0,
    });
  });
});

describe('held transfers agree with the ledger', () => {
  it('lists no refused transfer, and a held game-to-game transfer as its first leg until settled', async () => {
    const member = await fundedMember(t.app, 100_000, 'CIRCUS');
    await activate(t.app, member.token, 'JOKER');
    const move = (body: object) => moneyCall(t.app, member.token, '/api/wallet/transfer', body);
    const heldNow = async () =>
      (await get<HeldTransfersResponse>(member.token, '/api/wallet/transfers/held')).body;
    await setFault(t.app, 'CIRCUS', 'fail');
    try {
      expect((await move({ from: 'wallet', to: 'CIRCUS', amount: 10_000 })).statusCode).toBe(422);
      expect(await heldNow()).toEqual({ transfers: [], inFlight: 0 });
      await setFault(t.app, 'CIRCUS', 'none');
      expect((await move({ from: 'wallet', to: 'CIRCUS', amount: 40_000 })).statusCode).toBe(200);
      await setFault(t.app, 'CIRCUS', 'timeout', SILENT_MS);
      const moved = await move({ from: 'CIRCUS', to: 'JOKER', amount: 25_000 });
      expect(moved.statusCode, moved.body).toBe(202);
      const held = await heldNow();
      expect(held.transfers.map(({ game, direction, amount }) => ({ game, direction, amount }))).toEqual([
        { game: 'CIRCUS', direction: 'out', amount: 25_000 },
      ]);
      expect(held.inFlight).toBe(25_000);
      const { wallet, game } = await walletOf(t.app, member.token);
      // What home shows: the balances and the held list together are all the member's money.
      expect(wallet + game('CIRCUS') + game('JOKER') + held.transfers[0]!.amount).toBe(100_000);
    } finally {
      await setFault(t.app, 'CIRCUS', 'none');
    }
    await ageHolds(t.database.db, member.id, PAST_EXPIRY_MS);
    await t.services.reconciler.runOnce();
    await t.services.reconciler.runOnce();
    expect(await heldNow()).toEqual({ transfers: [], inFlight: 0 });
    const { wallet, game } = await walletOf(t.app, member.token);
    expect(wallet + game('CIRCUS') + game('JOKER')).toBe(100_000);
    await booksAreSound(t.database.db);
  });
});

/** Every row of a member's statement, newest first, read `limit` at a time. */
async function allRows(token: string, limit: number): Promise<StatementRow[]> {
  const rows: StatementRow[] = [];
  for (let page = 1; ; page += 1) {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/statement',
      payload: { page, limit },
      headers: memberHeaders(bearer(token)),
    });
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json<StatementResponse>();
    rows.push(...body.statements);
    if (body.statements.length < limit) return rows;
  }
}

const adjust = (token: string, body: Partial<AdjustmentCreateRequest>, key: string = randomUUID()) =>
  t.app.inject({
    method: 'POST',
    url: '/api/console/adjustments',
    payload: body,
    headers: staffHeaders(token, { 'idempotency-key': key }),
  });

describe('the balance after each row (decision 071)', () => {
  it('is the wallet after each kind of movement, the same on every page size', async () => {
    const maker = await createStaffAndSignIn(t, { role: 'finance' });
    const member = await signedInMember(t.app);
    const wallet = async () => Number(await t.services.ledger.balanceOrZero(accountKey.wallet(member.id)));
    const latest = async () => (await allRows(member.token, 1)).slice(0, 1)[0]!;
    const steps: { what: string; run: () => Promise<unknown> }[] = [
      { what: 'deposit', run: () => credit(t.app, member.token, 20_000) },
      {
        what: 'bonus credit',
        run: async () => expect((await claim(member.token, 'BRK_ANY')).status).toBe(200),
      },
      {
        what: 'adjustment in',
        run: async () =>
          expect(
            (await adjust(maker.token, { memberId: member.id, amount: 1_234, reason: 'x' })).statusCode,
          ).toBe(200),
      },
      {
        what: 'adjustment out',
        run: async () =>
          expect(
            (await adjust(maker.token, { memberId: member.id, amount: -234, reason: 'x' })).statusCode,
          ).toBe(200),
      },
      {
        what: 'bonus cancelled (taken back)',
        run: async () => expect((await get(member.token, '/api/bonus/clear')).status).toBe(200),
      },
      {
        what: 'withdrawal on its way',
        run: async () => {
          const sent = await moneyCall(t.app, member.token, '/api/wallet/withdraw', { amount: 10_000 });
          expect(sent.statusCode, sent.body).toBe(202);
        },
      },
    ];
    for (const step of steps) {
      await step.run();
      expect({ step: step.what, balanceAfter: (await latest()).balanceAfter }).toEqual({
        step: step.what,
        balanceAfter: await wallet(),
      });
    }
    const whole = await allRows(member.token, 50);
    for (const limit of [1, 2, 3]) expect(await allRows(member.token, limit)).toEqual(whole);
    await booksAreSound(t.database.db);
  });
});

describe('the adjustment threshold (decision 074)', () => {
  it('lets no burst of requests and replays past it, and audits what was moved alone', async () => {
    const maker = await createStaffAndSignIn(t, { role: 'finance' });
    const member = await signedInMember(t.app);
    const keys = Array.from({ length: 6 }, () => randomUUID());
    // Six of 30,000 at once, each sent three times under its key, mixed with money out.
    const answers = await Promise.all(
      keys.flatMap((key, index) =>
        [0, 1, 2].map(() =>
          adjust(
            maker.token,
            { memberId: member.id, amount: index === 5 ? -1 : 30_000, reason: 'Burst' },
            key,
          ),
        ),
      ),
    );
    for (const answer of answers) expect([200, 409], answer.body).toContain(answer.statusCode);
    const byKey = keys.map((_, index) =>
      answers.slice(index * 3, index * 3 + 3).map((answer) => answer.json<AdjustmentAnswer>()),
    );
    const rows = await rowsOf<{ id: number; amount: string; status: string }>(
      t.database.db,
      sql`select id, amount::text, status from balance_adjustments where member_id = ${member.id}`,
    );
    // One row per key, however often it was sent.
    expect(rows).toHaveLength(6);
    const movedAlone = rows
      .filter((row) => row.status === 'applied')
      .reduce((sum, row) => sum + Math.abs(Number(row.amount)), 0);
    expect(movedAlone).toBeLessThanOrEqual(100_000);
    // Every copy of a key answers the same row.
    for (const copies of byKey) {
      const ok = copies.filter((copy) => 'id' in copy);
      expect(new Set(ok.map((copy) => copy.id)).size).toBeLessThanOrEqual(1);
    }
    const audit = await rowsOf<{ detail: { movedAlone: number; amount: number; status: { after: string } } }>(
      t.database.db,
      sql`select detail from staff_audit where action = 'adjustment.create' and target = ${`member:${member.id}`}
          order by seq`,
    );
    expect(audit).toHaveLength(6);
    // Each row's movedAlone is what was applied alone before it, in the order they were made.
    let sum = 0;
    for (const row of audit) {
      expect(row.detail.movedAlone).toBe(sum);
      if (row.detail.status.after === 'applied') sum += Math.abs(row.detail.amount);
    }
    await booksAreSound(t.database.db);
  });
});
