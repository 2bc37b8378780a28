import { and, eq } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WalletResponse } from '@wallet/contract/http/wallet';
import type { MinorUnits } from '@wallet/contract/money';
import {
  activate,
  booksAreSound,
  credit,
  getAs,
  listen,
  moneyCall,
  signedInMember,
} from '../../../test/money';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { promotionGrants, promotionOffers } from './promotions.tables';

/**
 * A model of one member's money and grant, driven with the real server by random sequences of
 * deposit, claim, round, transfer, withdraw, cancel and look (issue 11). After every step the
 * server's balances and its running grant must be the model's; after every sequence the books
 * must be sound. The model is written from the rules (decision 019), not from the code.
 */

// The offer of the model: 50% up to 200 baht, turnover 2 x, cap 3 x, floor 5 baht, 60% on cancel.
const TERMS = { percent: 50, max: 20_000, minimum: 1_000, multiple: 2, cap: 3, floor: 500, percentFail: 60 };

interface Grant {
  deposit: number;
  bonus: number;
  required: number;
  done: number;
}

interface Model {
  wallet: number;
  joker: number;
  /** The latest deposit: its amount, the wallet before it, and whether a grant used it. */
  latest: { amount: number; walletBefore: number; used: boolean } | null;
  grant: Grant | null;
  /** Deposits made while the grant runs (the member's own money, outside the cap). */
  laterDeposits: number;
  /** A withdrawal waits for the bank (the sandbox payout is slow): balances are not judged. */
  inFlight: boolean;
}

interface Real {
  token: string;
  memberId: number;
}

describe('the grant state machine against a model', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ RECONCILE_INTERVAL_SECONDS: '0', SANDBOX_PAYOUT_DELAY_SECONDS: '3600' });
    await t.database.db.insert(promotionOffers).values({
      code: 'M_MODEL',
      channel: 'bonus',
      names: { th: 'M', lo: 'M', en: 'M' },
      notices: { th: '', lo: '', en: '' },
      type: 'limit',
      maxReceived: 1_000,
      reward: { kind: 'percent', percent: TERMS.percent, max: TERMS.max as MinorUnits },
      minimumDeposit: BigInt(TERMS.minimum),
      depositWithinMinutes: 60 * 24,
      turnoverMultiple: TERMS.multiple,
      contributions: [{ category: 'slot', percent: 100 }],
      withdrawCapMultiple: TERMS.cap,
      floor: BigInt(TERMS.floor),
      percentFail: TERMS.percentFail,
      grantDays: 7,
    });
    await listen(t.app);
  });
  afterAll(() => t.close());

  const get = (real: Real, url: string) => getAs(t.app, real.token, url);

  /** The model's own rule for a grant coming to a look: completed, ended under the floor, or still running. */
  function look(model: Model): number | null {
    const grant = model.grant;
    if (!grant) return null;
    if (grant.done >= grant.required) {
      const cap = TERMS.cap * (grant.deposit + grant.bonus);
      return close(model, Math.max(0, model.wallet + model.joker - cap - model.laterDeposits));
    }
    const total = model.wallet + model.joker;
    if (!model.inFlight && total < TERMS.floor) return close(model, Math.min(grant.bonus, total));
    return null;
  }

  /** Takes `wanted` back, games swept to the wallet first when the wallet alone is short. */
  function close(model: Model, wanted: number): number {
    model.grant = null;
    model.laterDeposits = 0;
    if (wanted <= 0) return 0;
    if (wanted > model.wallet) {
      model.wallet += model.joker;
      model.joker = 0;
    }
    const taken = Math.min(wanted, model.wallet);
    model.wallet -= taken;
    return taken;
  }

  async function agree(model: Model, real: Real) {
    const wallet = (await get(real, '/api/wallet')).json<WalletResponse>();
    expect(wallet.wallet.amount, 'wallet').toBe(model.wallet);
    expect(wallet.games.find((game) => game.code === 'JOKER')!.amount, 'JOKER').toBe(model.joker);
    const running = await t.database.db
      .select({ deposit: promotionGrants.deposit, bonus: promotionGrants.bonus })
      .from(promotionGrants)
      .where(and(eq(promotionGrants.memberId, real.memberId), eq(promotionGrants.state, 'active')));
    expect(running.map((row) => ({ deposit: Number(row.deposit), bonus: Number(row.bonus) }))).toEqual(
      model.grant ? [{ deposit: model.grant.deposit, bonus: model.grant.bonus }] : [],
    );
  }

  type Step = fc.AsyncCommand<Model, Real>;
  const step = (
    name: string,
    check: (m: Readonly<Model>) => boolean,
    run: (m: Model, r: Real) => Promise<void>,
  ): Step => ({
    check,
    async run(model, real) {
      await run(model, real);
      await agree(model, real);
    },
    toString: () => name,
  });

  const deposit = (amount: number) =>
    step(
      `deposit ${amount}`,
      () => true,
      async (model, real) => {
        await credit(t.app, real.token, amount);
        model.latest = { amount, walletBefore: model.wallet, used: false };
        if (model.grant) model.laterDeposits += amount;
        model.wallet += amount;
      },
    );

  const claim = step(
    'claim',
    () => true,
    async (model, real) => {
      const answer = await get(real, '/api/bonus/activate/M_MODEL');
      const latest = model.latest;
      const expected = model.grant
        ? 'BONUS_ALREADY_ACTIVE'
        : !latest
          ? 'BONUS_NO_DEPOSIT'
          : latest.used
            ? 'BONUS_DEPOSIT_USED'
            : latest.amount < TERMS.minimum
              ? 'BONUS_DEPOSIT_MINIMUM'
              : latest.walletBefore >= TERMS.floor ||
                  model.wallet + model.joker - latest.amount >= TERMS.floor
                ? 'BONUS_BALANCE_NOT_EMPTY'
                : // The deposit must still be held in full (not withdrawn, not played down).
                  model.wallet + model.joker < latest.amount
                  ? 'BONUS_DEPOSIT_SPENT'
                  : null;
      if (expected) {
        expect(answer.json(), answer.body).toEqual({ message: expected });
        return;
      }
      expect(answer.statusCode, answer.body).toBe(200);
      const bonus = Math.min(Math.floor((latest!.amount * TERMS.percent) / 100), TERMS.max);
      latest!.used = true;
      model.grant = {
        deposit: latest!.amount,
        bonus,
        required: TERMS.multiple * (latest!.amount + bonus),
        done: 0,
      };
      model.wallet += bonus;
    },
  );

  const round = (bet: number, win: number) =>
    step(
      `round bet ${bet} win ${win}`,
      () => true,
      async (model, real) => {
        const played = await moneyCall(t.app, real.token, '/api/sandbox/provider/JOKER/rounds', {
          count: 1,
          bet,
          win,
        });
        if (model.joker < bet) {
          expect(played.statusCode, played.body).toBe(400);
          return;
        }
        expect(played.statusCode, played.body).toBe(200);
        model.joker += win - bet;
        if (model.grant) model.grant.done += bet;
        // Home books the rounds into the ledger; so does every look of the engine.
        await get(real, '/api/wallet/refresh/slot');
      },
    );

  const transfer = (direction: 'in' | 'out', share: number) =>
    step(
      `transfer ${direction} ${share}%`,
      (model) => (direction === 'in' ? model.wallet : model.joker) >= 100,
      async (model, real) => {
        const amount = Math.max(
          100,
          Math.floor(((direction === 'in' ? model.wallet : model.joker) * share) / 100),
        );
        const body =
          direction === 'in'
            ? { from: 'wallet', to: 'JOKER', amount }
            : { from: 'JOKER', to: 'wallet', amount };
        const moved = await moneyCall(t.app, real.token, '/api/wallet/transfer', body);
        expect(moved.statusCode, moved.body).toBe(200);
        model.wallet += direction === 'in' ? -amount : amount;
        model.joker += direction === 'in' ? amount : -amount;
      },
    );

  const withdraw = (amount: number) =>
    step(
      `withdraw ${amount}`,
      () => true,
      async (model, real) => {
        const answer = await moneyCall(t.app, real.token, '/api/wallet/withdraw', { amount });
        look(model);
        if (model.grant) {
          expect(answer.json(), answer.body).toEqual({ message: 'BONUS_CONDITION' });
          return;
        }
        if (amount > model.wallet) {
          expect(answer.json(), answer.body).toEqual({ message: 'MONEY_NOT_ENOUGH' });
          return;
        }
        expect([200, 202], answer.body).toContain(answer.statusCode);
        model.wallet -= amount;
        model.inFlight = true;
      },
    );

  const cancel = step(
    'cancel',
    () => true,
    async (model, real) => {
      const answer = await get(real, '/api/bonus/clear');
      if (!model.grant) {
        expect(answer.json(), answer.body).toEqual({ message: 'NO_DATA' });
        return;
      }
      let taken = look(model);
      if (taken === null) {
        const grant = model.grant;
        const total = model.wallet + model.joker;
        // percentFail of the bonus, but never less than its share whose turnover is not played.
        const missing = Math.max(0, grant.required - grant.done);
        const share = Math.max(
          Math.floor((grant.bonus * TERMS.percentFail) / 100),
          Math.floor((grant.bonus * missing) / grant.required),
        );
        taken = close(model, Math.min(share, total));
      }
      expect(answer.json(), answer.body).toEqual({ message: 'BONUS_CLEAR', forfeited: taken });
    },
  );

  const progress = step(
    'look at the bonus page',
    () => true,
    async (model, real) => {
      const answer = (await get(real, '/api/bonus/progress')).json<{
        progress: { done: number; required: number } | null;
      }>();
      look(model);
      expect(answer.progress && { done: answer.progress.done, required: answer.progress.required }).toEqual(
        model.grant && { done: model.grant.done, required: model.grant.required },
      );
    },
  );

  const money = fc.integer({ min: 1, max: 400 }).map((baht) => baht * 100);
  const steps = fc.commands(
    [
      money.map(deposit),
      fc.constant(claim),
      fc
        .tuple(fc.integer({ min: 1, max: 150 }), fc.integer({ min: 0, max: 400 }))
        .map(([bet, win]) => round(bet * 100, win * 100)),
      fc
        .tuple(fc.constantFrom('in' as const, 'out' as const), fc.integer({ min: 10, max: 100 }))
        .map(([d, s]) => transfer(d, s)),
      fc.integer({ min: 100, max: 500 }).map((baht) => withdraw(baht * 100)),
      fc.constant(cancel),
      fc.constant(progress),
    ],
    { maxCommands: 12 },
  );

  it('keeps balances, grants and the books as the rules say', async () => {
    await fc.assert(
      fc.asyncProperty(steps, async (commands) => {
        const member = await signedInMember(t.app);
        await activate(t.app, member.token, 'JOKER');
        const model: Model = {
          wallet: 0,
          joker: 0,
          latest: null,
          grant: null,
          laterDeposits: 0,
          inFlight: false,
        };
        await fc.asyncModelRun(
          () => ({ model, real: { token: member.token, memberId: member.id } }),
          commands,
        );
        await booksAreSound(t.database.db);
      }),
      { numRuns: 60 },
    );
  }, 240_000);
});
