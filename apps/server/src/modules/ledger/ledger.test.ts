// @module-tag embedded
// (also run on the embedded PostgreSQL by npm run test:embedded: docs/decisions/040)
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pendingHoldKeys } from '../../../test/money';
import { openTestDatabase } from '../../../test/test-app';
import type { DatabaseHandle } from '../../platform/db/database';
import { rowsOf } from '../../platform/db/rows';
import { checkLedger } from './ledger.check';
import { accountKey, createLedgerService, type LedgerService } from './ledger.service';

const CASH_IN = accountKey.operator('cash_in', 'BAHT');
const CASH_OUT = accountKey.operator('cash_out', 'BAHT');
let nextMember = 1;

describe('ledger', () => {
  let database: DatabaseHandle;
  let ledger: LedgerService;
  const clean = async () =>
    expect(await checkLedger(database.db, { pendingOlderThanMs: 3_600_000 })).toEqual([]);

  /** A member wallet funded from cash-in with `amount`. */
  async function fundedWallet(amount: bigint): Promise<string> {
    const wallet = accountKey.wallet(nextMember++);
    await ledger.openAccount(wallet, 'BAHT');
    if (amount > 0n) {
      await ledger.transfer({
        idempotencyKey: randomUUID(),
        debit: CASH_IN,
        credit: wallet,
        amount,
        kind: 'deposit',
      });
    }
    return wallet;
  }

  beforeAll(async () => {
    database = await openTestDatabase();
    ledger = createLedgerService(database.db);
    await ledger.openOperatorAccounts('BAHT');
  });
  afterAll(() => database.close());

  it('moves money between two accounts with entries that carry the balances', async () => {
    const wallet = await fundedWallet(10_000n);
    const game = accountKey.game(nextMember - 1, 'JOKER');
    await ledger.openAccount(game, 'BAHT');
    await ledger.transfer({
      idempotencyKey: 'move-1',
      debit: wallet,
      credit: game,
      amount: 2_550n,
      kind: 'transfer',
    });
    expect(await ledger.balanceOf(wallet)).toBe(7_450n);
    expect(await ledger.balanceOf(game)).toBe(2_550n);
    const entries = await rowsOf<{ amount: string; balance_before: string; balance_after: string }>(
      database.db,
      sql`
        select e.amount::text, e.balance_before::text, e.balance_after::text from ledger_entries e
        join ledger_transfers t on t.id = e.transfer_id where t.idempotency_key = 'move-1' order by e.amount`,
    );
    expect(entries).toEqual([
      { amount: '-2550', balance_before: '10000', balance_after: '7450' },
      { amount: '2550', balance_before: '0', balance_after: '2550' },
    ]);
    await clean();
  });

  it('moves money once per idempotency key, and refuses the key for another transfer', async () => {
    const wallet = await fundedWallet(5_000n);
    const request = {
      idempotencyKey: 'once-1',
      debit: wallet,
      credit: CASH_OUT,
      amount: 1_000n,
      kind: 'withdraw',
    };
    const first = await ledger.transfer(request);
    const again = await ledger.transfer(request);
    expect(again).toEqual({ transferId: first.transferId, replayed: true, createdAt: first.createdAt });
    expect(await ledger.balanceOf(wallet)).toBe(4_000n);
    await expect(ledger.transfer({ ...request, amount: 2_000n })).rejects.toMatchObject({
      code: 'IDEMPOTENCY_KEY_REUSED',
    });
    await clean();
  });

  it('refuses to overdraw a member account, in code and in the database', async () => {
    const wallet = await fundedWallet(100n);
    await expect(
      ledger.transfer({
        idempotencyKey: randomUUID(),
        debit: wallet,
        credit: CASH_OUT,
        amount: 101n,
        kind: 'withdraw',
      }),
    ).rejects.toMatchObject({ code: 'MONEY_NOT_ENOUGH' });
    await expect(
      database.db.execute(sql`update ledger_accounts set balance = -1 where key = ${wallet}`),
    ).rejects.toThrow();
    expect(await ledger.balanceOf(wallet)).toBe(100n);
  });

  it('never changes or deletes a ledger row', async () => {
    await fundedWallet(1n);
    // Drizzle wraps the database's error; the trigger's message is on its cause.
    const reason = (error: unknown) => String((error as { cause?: Error }).cause?.message ?? error);
    const update = await database.db
      .execute(sql`update ledger_entries set amount = amount + 1`)
      .catch(reason);
    const remove = await database.db.execute(sql`delete from ledger_transfers`).catch(reason);
    expect(update).toMatch(/append-only/);
    expect(remove).toMatch(/append-only/);
  });

  it('settles a hold once: posted on success or voided back, never both', async () => {
    const wallet = await fundedWallet(3_000n);
    const game = accountKey.game(nextMember - 1, 'PG');
    await ledger.openAccount(game, 'BAHT');
    await ledger.hold({
      idempotencyKey: 'hold-1',
      debit: wallet,
      destination: game,
      amount: 1_000n,
      kind: 'game-deposit',
      currency: 'BAHT',
    });
    expect(await ledger.balanceOf(wallet)).toBe(2_000n);
    expect(await pendingHoldKeys(database.db)).toContain('hold-1');
    await ledger.post('hold-1');
    expect((await ledger.post('hold-1')).replayed).toBe(true);
    await expect(ledger.void('hold-1')).rejects.toMatchObject({ code: 'IDEMPOTENCY_KEY_REUSED' });
    expect(await ledger.balanceOf(game)).toBe(1_000n);

    await ledger.hold({
      idempotencyKey: 'hold-2',
      debit: wallet,
      destination: game,
      amount: 500n,
      kind: 'game-deposit',
      currency: 'BAHT',
    });
    await ledger.void('hold-2');
    await expect(ledger.post('hold-2')).rejects.toMatchObject({ code: 'IDEMPOTENCY_KEY_REUSED' });
    expect(await ledger.balanceOf(wallet)).toBe(2_000n);
    expect(await pendingHoldKeys(database.db)).not.toContain('hold-2');
    await clean();
  });

  it('never overdraws a wallet under 200 concurrent transfers and withdrawals', async () => {
    const wallet = await fundedWallet(50_000n);
    const games = [accountKey.game(nextMember - 1, 'A'), accountKey.game(nextMember - 1, 'B')];
    for (const game of games) await ledger.openAccount(game, 'BAHT');
    const amounts = Array.from({ length: 200 }, (_, i) => BigInt(100 + ((i * 37) % 900)));
    const results = await Promise.allSettled(
      amounts.map((amount, i) =>
        ledger.transfer({
          idempotencyKey: randomUUID(),
          debit: wallet,
          credit: i % 3 === 0 ? CASH_OUT : games[i % 2]!,
          amount,
          kind: i % 3 === 0 ? 'withdraw' : 'transfer',
        }),
      ),
    );
    const moved = amounts
      .filter((_, i) => results[i]!.status === 'fulfilled')
      .reduce((sum, amount) => sum + amount, 0n);
    const refused = results.filter((result) => result.status === 'rejected');
    expect(refused.every((result) => (result.reason as { code?: string }).code === 'MONEY_NOT_ENOUGH')).toBe(
      true,
    );
    expect(refused.length).toBeGreaterThan(0);
    expect(await ledger.balanceOf(wallet)).toBe(50_000n - moved);
    expect(await ledger.balanceOf(wallet)).toBeGreaterThanOrEqual(0n);
    await clean();
  });

  it('lets exactly one of 100 concurrent withdrawals of the whole balance through', async () => {
    const wallet = await fundedWallet(7_777n);
    const results = await Promise.allSettled(
      Array.from({ length: 100 }, () =>
        ledger.transfer({
          idempotencyKey: randomUUID(),
          debit: wallet,
          credit: CASH_OUT,
          amount: 7_777n,
          kind: 'withdraw',
        }),
      ),
    );
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(1);
    expect(await ledger.balanceOf(wallet)).toBe(0n);
    await clean();
  });

  it('answers every copy of one request arriving 20 times at once as that one transfer', async () => {
    // More than half the balance: a copy that missed the first commit would see too little money.
    const wallet = await fundedWallet(1_000n);
    const results = await Promise.all(
      Array.from({ length: 20 }, () =>
        ledger.transfer({
          idempotencyKey: 'burst-1',
          debit: wallet,
          credit: CASH_OUT,
          amount: 600n,
          kind: 'withdraw',
        }),
      ),
    );
    expect(results.filter((result) => !result.replayed)).toHaveLength(1);
    expect(new Set(results.map((result) => result.transferId)).size).toBe(1);
    expect(await ledger.balanceOf(wallet)).toBe(400n);
    await clean();
  });

  it('keeps the kinds and keys of holds to itself, so nobody can forge or block a settlement', async () => {
    const wallet = await fundedWallet(1_000n);
    await ledger.hold({
      idempotencyKey: 'guarded',
      debit: wallet,
      amount: 100n,
      kind: 'payout',
      currency: 'BAHT',
      destination: CASH_OUT,
    });
    const forged = { debit: wallet, credit: CASH_OUT, amount: 100n };
    await expect(
      ledger.transfer({ ...forged, idempotencyKey: 'guarded:settle', kind: 'withdraw' }),
    ).rejects.toThrow(/reserved/);
    await expect(ledger.transfer({ ...forged, idempotencyKey: 'fake', kind: 'hold:x' })).rejects.toThrow(
      /reserved/,
    );
    await expect(ledger.post('no-such-hold')).rejects.toThrow(/no hold/);
    await ledger.void('guarded');
    expect(await ledger.balanceOf(wallet)).toBe(1_000n);
    await clean();
  });

  it('lets only operator accounts go negative, whatever a caller asks', async () => {
    await expect(ledger.openAccount('wallet:999999', 'BAHT', { allowNegative: true })).rejects.toThrow();
    await expect(ledger.openAccount(CASH_OUT, 'BAHT')).rejects.toThrow();
  });

  it('reports a balance that no longer matches its entries, and an unsettled hold', async () => {
    const wallet = await fundedWallet(900n);
    await database.db.execute(sql`update ledger_accounts set balance = balance + 1 where key = ${wallet}`);
    try {
      const problems = await checkLedger(database.db, { pendingOlderThanMs: 3_600_000 });
      expect(problems).toEqual([
        `account ${wallet} holds 901 but its entries sum to 900`,
        'balances in BAHT sum to 1, not 0',
      ]);
    } finally {
      await database.db.execute(sql`update ledger_accounts set balance = balance - 1 where key = ${wallet}`);
    }
    await ledger.hold({
      idempotencyKey: 'stale-1',
      debit: wallet,
      amount: 100n,
      kind: 'payout',
      currency: 'BAHT',
      destination: CASH_OUT,
    });
    expect(await checkLedger(database.db, { pendingOlderThanMs: -1000 })).toEqual([
      'hold stale-1 is still pending',
    ]);
    // A pending hold whose row names no source (written by a server older than migration 0012).
    await database.db.execute(
      sql`update ledger_pending_holds set source_key = null where idempotency_key = 'stale-1'`,
    );
    expect(await checkLedger(database.db, { pendingOlderThanMs: 3_600_000 })).toEqual([
      'pending hold stale-1 names another source or destination than its transfer',
    ]);
    await ledger.void('stale-1');
    await clean();
  });

  it('agrees with a simple model of balances over random sequences of operations', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(
          fc.record({
            from: fc.integer({ min: 0, max: 3 }),
            to: fc.integer({ min: 0, max: 3 }),
            amount: fc.bigInt({ min: 1n, max: 5_000n }),
            replay: fc.boolean(),
          }),
          { minLength: 1, maxLength: 25 },
        ),
        async (operations) => {
          // One member's wallet and two game accounts, and the operator's cash-in (index 3), which
          // may go negative. (Money never moves between two members.)
          const wallet = await fundedWallet(2_000n);
          const games = [accountKey.game(nextMember - 1, 'A'), accountKey.game(nextMember - 1, 'B')];
          for (const game of games) await ledger.openAccount(game, 'BAHT');
          await ledger.transfer({
            idempotencyKey: randomUUID(),
            debit: CASH_IN,
            credit: games[1]!,
            amount: 500n,
            kind: 'deposit',
          });
          const wallets = [wallet, ...games];
          const keys = [...wallets, CASH_IN];
          const model = new Map<string, bigint>(keys.map((key) => [key, 0n]));
          for (const wallet of wallets) model.set(wallet, await ledger.balanceOf(wallet));
          let last: Parameters<LedgerService['transfer']>[0] | null = null;
          for (const operation of operations) {
            if (operation.from === operation.to) continue;
            const request: Parameters<LedgerService['transfer']>[0] =
              operation.replay && last
                ? last
                : {
                    idempotencyKey: randomUUID(),
                    debit: keys[operation.from]!,
                    credit: keys[operation.to]!,
                    amount: operation.amount,
                    kind: 'model',
                  };
            const isReplay = request === last;
            const canPay = request.debit === CASH_IN || model.get(request.debit)! >= request.amount;
            try {
              const result = await ledger.transfer(request);
              if (!result.replayed) {
                model.set(request.debit, model.get(request.debit)! - request.amount);
                model.set(request.credit, model.get(request.credit)! + request.amount);
              }
              expect(result.replayed || canPay).toBe(true);
              last = request;
            } catch (error) {
              expect(isReplay ? 'replay' : (error as { code?: string }).code).toBe(
                isReplay ? 'never' : 'MONEY_NOT_ENOUGH',
              );
              expect(canPay).toBe(false);
            }
          }
          for (const wallet of wallets) expect(await ledger.balanceOf(wallet)).toBe(model.get(wallet));
        },
      ),
      { numRuns: 15 },
    );
    await clean();
  });
});
