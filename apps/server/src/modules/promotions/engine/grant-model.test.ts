import { and, eq } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WalletResponse } from '@wallet/contract/http/wallet';
import {
  activate,
  ageHolds,
  booksAreSound,
  credit,
  getAs,
  listen,
  moneyCall,
  PAST_EXPIRY_MS,
  setFault,
  SILENT_MS,
  SILENT_PROVIDER_ENV,
  signedInMember,
} from '../../../../test/money';
import { createTestApp, type TestApp } from '../../../../test/test-app';
import { promotionGrants, promotionOffers } from './grants.tables';

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
  /** Bets played since the claim. */
  done: number;
  /** What the server has counted of them (a silent provider's rounds wait for it to answer). */
  counted: number;
  /** A closing fixed while money could not be taken yet: it waits (decision 034). */
  closing: { state: 'completed' | 'cancelled' | 'ended'; amount: number } | null;
}

interface Model {
  wallet: number;
  joker: number;
  /** The latest deposit: its amount, the wallet before it, and whether a grant used it. */
  latest: { amount: number; walletBefore: number; used: boolean } | null;
  grant: Grant | null;
  /** Deposits made while the grant runs (the member's own money, outside the cap). */
  laterDeposits: number;
  /** Withdrawals waiting for the bank (the sandbox payout is slow): still the member's. */
  paying: number;
  /** JOKER does not answer: transfers to and from it wait, its rounds cannot be read. */
  silent: 'timeout' | 'applied-then-timeout' | null;
  /** Held on the way to JOKER, and on the way back from it, waiting for its answer. */
  toGame: number;
  fromGame: number;
}

/** Everything the member holds: money in flight is theirs until it is answered. */
const totalOf = (m: Model) => m.wallet + m.joker + m.paying + m.toGame + m.fromGame;

type Look = { closed: number } | 'waiting' | null;

interface Real {
  token: string;
  memberId: number;
}

describe('the grant state machine against a model', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      SANDBOX_PAYOUT_DELAY_SECONDS: '3600',
      ...SILENT_PROVIDER_ENV,
    });
    await t.database.db.insert(promotionOffers).values({
      code: 'M_MODEL',
      channel: 'bonus',
      names: { th: 'M', lo: 'M', en: 'M' },
      notices: { th: '', lo: '', en: '' },
      type: 'limit',
      maxReceived: 1_000,
      reward: { kind: 'percent', percent: TERMS.percent, max: { BAHT: TERMS.max, LAK: TERMS.max } },
      minimumDeposit: { BAHT: TERMS.minimum, LAK: TERMS.minimum },
      depositWithinMinutes: 60 * 24,
      turnoverMultiple: TERMS.multiple,
      contributions: [{ category: 'slot', percent: 100 }],
      withdrawCapMultiple: TERMS.cap,
      floor: { BAHT: TERMS.floor, LAK: TERMS.floor },
      percentFail: TERMS.percentFail,
      grantDays: 7,
    });
    await listen(t.app);
  });
  afterAll(() => t.close());

  const get = (real: Real, url: string) => getAs(t.app, real.token, url);

  /**
   * The model's own rule for a grant coming to a look: completed, ended under the floor, or still
   * running; a closing fixed earlier is taken when it can be. A look counts the rounds only when
   * the provider answers; it judges the floor and expiry only when it read every game that matters
   * (JOKER answers, or was left empty with every round counted).
   */
  function look(model: Model): Look {
    const grant = model.grant;
    if (!grant) return null;
    if (grant.closing) return take(model);
    const current = !model.silent || (model.joker === 0 && grant.counted === grant.done);
    if (!model.silent) grant.counted = grant.done;
    const total = totalOf(model);
    if (grant.counted >= grant.required) {
      if (!current) return null; // the cap waits for a look that read every game
      const cap = TERMS.cap * (grant.deposit + grant.bonus);
      return begin(model, 'completed', Math.min(total, Math.max(0, total - cap - model.laterDeposits)));
    }
    const moving = model.paying + model.toGame + model.fromGame > 0;
    if (current && !moving && total < TERMS.floor) return begin(model, 'ended', Math.min(grant.bonus, total));
    return null;
  }

  /** A closing begins: its amount is fixed on everything held, money in flight included. */
  function begin(model: Model, state: 'completed' | 'cancelled' | 'ended', amount: number): Look {
    model.grant!.closing = { state, amount };
    return take(model);
  }

  /**
   * Takes a fixed closing's amount, at most what is held now: the game swept to the wallet first
   * when the wallet alone is short; what is short in flight is waited for.
   */
  function take(model: Model): Look {
    const fixed = model.grant!.closing!.amount;
    for (let attempt = 0; attempt < 4; attempt += 1) {
      const wanted = Math.min(fixed, totalOf(model));
      if (wanted <= 0) return finish(model, 0);
      if (wanted <= model.wallet) {
        model.wallet -= wanted;
        return finish(model, wanted);
      }
      if (model.joker === 0) break;
      // The sweep is a transfer out of JOKER: held on its way while JOKER is silent.
      if (model.silent) model.fromGame += model.joker;
      else model.wallet += model.joker;
      model.joker = 0;
    }
    return 'waiting';
  }

  function finish(model: Model, taken: number): Look {
    model.grant = null;
    model.laterDeposits = 0;
    return { closed: taken };
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
              : latest.walletBefore >= TERMS.floor || totalOf(model) - latest.amount >= TERMS.floor
                ? 'BONUS_BALANCE_NOT_EMPTY'
                : // The deposit must still be held in full (not withdrawn, not played down, not
                  // on its way somewhere).
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
        counted: 0,
        closing: null,
      };
      model.wallet += bonus;
    },
  );

  const round = (bet: number, win: number) =>
    step(
      `round bet ${bet} win ${win}`,
      (model) => !model.silent,
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
        expect(moved.statusCode, moved.body).toBe(model.silent ? 202 : 200);
        if (direction === 'in') model.wallet -= amount;
        else model.joker -= amount;
        if (!model.silent) {
          if (direction === 'in') model.joker += amount;
          else model.wallet += amount;
        } else if (direction === 'in') model.toGame += amount;
        else model.fromGame += amount;
      },
    );

  const withdraw = (amount: number) =>
    step(
      `withdraw ${amount}`,
      () => true,
      async (model, real) => {
        const answer = await moneyCall(t.app, real.token, '/api/wallet/withdraw', { amount });
        look(model);
        const grant = model.grant;
        if (grant) {
          // Met (or its closing is a completion waiting for money in flight): ask again shortly.
          const met = grant.closing ? grant.closing.state === 'completed' : grant.counted >= grant.required;
          expect(answer.json(), answer.body).toEqual({
            message: met ? 'SERVICE_UNAVAILABLE' : 'BONUS_CONDITION',
          });
          return;
        }
        if (amount > model.wallet) {
          expect(answer.json(), answer.body).toEqual({ message: 'MONEY_NOT_ENOUGH' });
          return;
        }
        expect([200, 202], answer.body).toContain(answer.statusCode);
        model.wallet -= amount;
        model.paying += amount;
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
      let looked = look(model);
      const grant = model.grant;
      if (grant && !grant.closing) {
        // A met turnover is never cancelled: it completes, and waits for a look that can.
        if (grant.counted >= grant.required) {
          expect(answer.json(), answer.body).toEqual({ message: 'SERVICE_UNAVAILABLE' });
          return;
        }
        // percentFail of the bonus, but never less than its share whose turnover is not played.
        const missing = Math.max(0, grant.required - grant.counted);
        const share = Math.max(
          Math.floor((grant.bonus * TERMS.percentFail) / 100),
          Math.floor((grant.bonus * missing) / grant.required),
        );
        looked = begin(model, 'cancelled', Math.min(share, totalOf(model)));
      }
      if (looked === 'waiting') {
        expect(answer.json(), answer.body).toEqual({ message: 'SERVICE_UNAVAILABLE' });
        return;
      }
      expect(answer.json(), answer.body).toEqual({ message: 'BONUS_CLEAR', forfeited: looked!.closed });
    },
  );

  /** JOKER stops answering: it still applies transfers, or it never sees them. */
  const silence = (mode: 'timeout' | 'applied-then-timeout') =>
    step(
      `JOKER goes silent (${mode})`,
      (model) => !model.silent,
      async (model) => {
        await setFault(t.app, 'JOKER', mode, SILENT_MS);
        model.silent = mode;
      },
    );

  /** JOKER answers again; the reconciler settles what waited, as JOKER says it went. */
  const comeBack = step(
    'JOKER answers again',
    (model) => model.silent !== null,
    async (model, real) => {
      await setFault(t.app, 'JOKER', 'none');
      // References JOKER never saw are void once expired: as if that much time had passed.
      await ageHolds(t.database.db, real.memberId, PAST_EXPIRY_MS);
      await t.services.reconciler.runOnce();
      const applied = model.silent === 'applied-then-timeout';
      model.wallet += applied ? model.fromGame : model.toGame;
      model.joker += applied ? model.toGame : model.fromGame;
      model.toGame = 0;
      model.fromGame = 0;
      model.silent = null;
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
        model.grant && { done: model.grant.counted, required: model.grant.required },
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
      fc.constantFrom('timeout' as const, 'applied-then-timeout' as const).map(silence),
      fc.constant(comeBack),
    ],
    { maxCommands: 14 },
  );

  /** A fresh member with JOKER open, and a model of them with nothing. */
  async function start(): Promise<{ model: Model; real: Real }> {
    // A failed run (or its shrinking) may have left JOKER silent.
    await setFault(t.app, 'JOKER', 'none');
    const member = await signedInMember(t.app);
    await activate(t.app, member.token, 'JOKER');
    const model: Model = {
      wallet: 0,
      joker: 0,
      latest: null,
      grant: null,
      laterDeposits: 0,
      paying: 0,
      silent: null,
      toGame: 0,
      fromGame: 0,
    };
    return { model, real: { token: member.token, memberId: member.id } };
  }

  /** Whatever was left waiting is answered, a last look closes what can close, and the books hold. */
  async function end(model: Model, real: Real) {
    if (model.silent) await comeBack.run(model, real);
    if (model.grant?.closing) await progress.run(model, real);
    expect(model.grant?.closing ?? null).toBeNull();
    await booksAreSound(t.database.db);
  }

  it('keeps balances, grants and the books as the rules say', async () => {
    await fc.assert(
      fc.asyncProperty(steps, async (commands) => {
        const { model, real } = await start();
        await fc.asyncModelRun(() => ({ model, real }), commands);
        await end(model, real);
      }),
      { numRuns: 60 },
    );
  }, 240_000);

  // Money on its way to or from a game whose provider goes silent is still the member's (decision
  // 034). Every sequence starts with a running grant; the member plays and moves money, JOKER goes
  // silent at a random point (still applying transfers, or never seeing them) while money moves and
  // the member cancels, withdraws and looks, then JOKER answers again and the member goes on.
  const transfers = fc
    .tuple(fc.constantFrom('in' as const, 'out' as const), fc.integer({ min: 30, max: 100 }))
    .map(([d, s]) => transfer(d, s));
  const bigRound = fc
    .tuple(fc.integer({ min: 1, max: 150 }), fc.integer({ min: 0, max: 600 }))
    .map(([bet, win]) => round(bet * 100, win * 100));
  const before = fc.commands([transfers, bigRound, fc.constant(progress)], { maxCommands: 4 });
  const during = fc.commands(
    [
      transfers,
      transfers,
      fc.constant(cancel),
      fc.constant(progress),
      fc.integer({ min: 100, max: 500 }).map((baht) => withdraw(baht * 100)),
      money.map(deposit),
    ],
    { maxCommands: 5 },
  );
  const after = fc.commands(
    [
      transfers,
      fc.constant(cancel),
      fc.constant(progress),
      fc.integer({ min: 100, max: 500 }).map((baht) => withdraw(baht * 100)),
    ],
    { maxCommands: 3 },
  );

  it('leaves no more than the rules allow when a provider goes silent and comes back', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 20, max: 400 }),
        before,
        fc.constantFrom('timeout' as const, 'applied-then-timeout' as const),
        during,
        after,
        async (baht, first, mode, meanwhile, last) => {
          const { model, real } = await start();
          await deposit(baht * 100).run(model, real);
          await claim.run(model, real);
          await fc.asyncModelRun(() => ({ model, real }), first);
          await silence(mode).run(model, real);
          await fc.asyncModelRun(() => ({ model, real }), meanwhile);
          await comeBack.run(model, real);
          await fc.asyncModelRun(() => ({ model, real }), last);
          await end(model, real);
        },
      ),
      { numRuns: 40 },
    );
  }, 240_000);
});
