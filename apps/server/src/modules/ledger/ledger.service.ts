import { eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../platform/db/database';
import { noLiveness, type ProcessLiveness } from '../../platform/db/liveness';
import { preparedRowsOf, rowsOf } from '../../platform/db/rows';
import { canonicalJson } from '../../platform/canonical-json';
import { AppError } from '../../platform/errors';
import { uniqueViolation } from '../../platform/db/unique-violation';
import { ledgerAccounts, ledgerTransfers } from './ledger.tables';

import { verdictToSettlement, type OutsideVerdict } from './hold-expiry';
import { createHoldQueue, type ClaimedHold } from './hold-queue';
import { createLedgerQueries } from './ledger.queries';
import { createLedgerReports } from './ledger-reports';
import {
  accountKey,
  type HoldState,
  type OperatorAccount,
  type TransferRequest,
  type TransferResult,
} from './ledger.types';

// The expiry rule of the references holds give outside systems (docs/decisions/010).
export { referenceExpiry, type OutsideVerdict } from './hold-expiry';
export type { ClaimedHold } from './hold-queue';
export type { MemberBalances, MemberHoldings } from './member-holdings';
export * from './ledger.types';

/** What ledger_move did (db/migrations/0008_ledger_move.sql). */
type MoveOutcome =
  | 'moved'
  | 'replayed'
  | 'reused'
  | 'insufficient'
  | 'unknown_account'
  | 'currency_mismatch'
  | 'no_hold'
  | 'not_a_hold'
  | 'no_destination';

export function createLedgerService(db: Database, options: { liveness?: ProcessLiveness } = {}) {
  const queries = createLedgerQueries(db);
  async function findByKey(tx: Database, idempotencyKey: string) {
    const [row] = await tx
      .select()
      .from(ledgerTransfers)
      .where(eq(ledgerTransfers.idempotencyKey, idempotencyKey));
    return row ?? null;
  }

  /** Whether a stored transfer is the one asked for now (then a replay), or a different one (refused). */
  async function sameTransfer(
    tx: Database,
    stored: typeof ledgerTransfers.$inferSelect,
    request: TransferRequest,
  ) {
    const accounts = await tx
      .select({ id: ledgerAccounts.id, key: ledgerAccounts.key })
      .from(ledgerAccounts)
      .where(inArray(ledgerAccounts.id, [stored.debitAccountId, stored.creditAccountId]));
    const keyOf = (id: number) => accounts.find((account) => account.id === id)?.key;
    return (
      keyOf(stored.debitAccountId) === request.debit &&
      keyOf(stored.creditAccountId) === request.credit &&
      stored.amount === request.amount &&
      stored.kind === request.kind &&
      // NOTE: the metadata says what the movement is for (which game, which statement line): a
      // key reused for the same amount to another game is another request, not a replay.
      canonicalJson(stored.metadata) === canonicalJson(request.metadata ?? {})
    );
  }

  async function replayOrRefuse(tx: Database, request: TransferRequest): Promise<TransferResult | null> {
    const stored = await findByKey(tx, request.idempotencyKey);
    if (!stored) return null;
    if (!(await sameTransfer(tx, stored, request))) throw new AppError('IDEMPOTENCY_KEY_REUSED', 409);
    return { transferId: stored.id, replayed: true, createdAt: stored.createdAt };
  }

  /** Kinds and keys the two-phase helpers own: a caller using them could forge or block a settlement. */
  function refuseReserved(request: Pick<TransferRequest, 'kind' | 'idempotencyKey'>) {
    if (/^(hold|post|void):/.test(request.kind) || request.idempotencyKey.endsWith(':settle')) {
      throw new Error(`ledger: kind ${request.kind} / key ${request.idempotencyKey} are reserved for holds`);
    }
  }

  async function transfer(request: TransferRequest): Promise<TransferResult> {
    refuseReserved(request);
    return move(request);
  }

  async function move(request: TransferRequest, tx?: Pick<Database, 'execute'>): Promise<TransferResult> {
    if (request.amount <= 0n) throw new Error(`ledger: amount must be positive, got ${request.amount}`);
    if (request.debit === request.credit) throw new Error('ledger: debit and credit are the same account');
    const settles = request.idempotencyKey.endsWith(':settle')
      ? request.idempotencyKey.slice(0, -':settle'.length)
      : null;
    try {
      // One statement, one round trip: lock, replay check under the lock, rows and balances
      // (db/migrations/0008_ledger_move.sql, decision 012).
      return await moved(
        sql`select outcome, transfer_id, created_at from ledger_move(
              ${request.idempotencyKey}, ${request.debit}, ${request.credit}, ${request.amount.toString()}::bigint,
              ${request.kind}, ${canonicalJson(request.metadata ?? {})}::jsonb,
              ${request.kind.startsWith('hold:')}, ${settles})`,
        `${request.debit} -> ${request.credit}`,
        tx,
      );
    } catch (error) {
      // The same key raced in under other accounts (so no shared lock) and won: a replay or a refusal.
      // (In a caller's transaction the violation ended it: the caller's retry finds the replay.)
      if (!tx && uniqueViolation(error)?.includes('idempotency')) {
        const replay = await replayOrRefuse(db, request);
        if (replay) return replay;
      }
      throw error;
    }
  }

  /**
   * Phase two of a hold, in one statement: post to its destination or void back to its source.
   * `alongside`: a caller's write that travels in the same statement (decision 030), given the
   * condition "the settle moved or replayed", so it is written exactly when the hold is settled.
   */
  function settle(
    holdKey: string,
    post: boolean,
    alongside?: (settled: SQL) => SQL,
  ): Promise<TransferResult> {
    if (!alongside) {
      return moved(
        sql`select outcome, transfer_id, created_at from ledger_settle(${holdKey}, ${post})`,
        holdKey,
      );
    }
    // NOTE: a data-modifying WITH runs once, to completion, whatever the outer query reads; the
    // settle is a CTE read twice, so it is materialized and ledger_settle runs exactly once.
    return moved(
      sql`with settled as (select outcome, transfer_id, created_at from ledger_settle(${holdKey}, ${post})),
               alongside as (${alongside(sql`exists (select 1 from settled where outcome in ('moved', 'replayed'))`)})
          select outcome, transfer_id, created_at from settled`,
      holdKey,
    );
  }

  type OutcomeRow = {
    outcome: MoveOutcome;
    transfer_id: string | number | null;
    created_at: Date | string | null;
  };

  /** Runs ledger_move or ledger_settle and turns its outcome into a result or an error. */
  async function moved(
    query: SQL,
    what: string,
    tx: Pick<Database, 'execute'> = db,
  ): Promise<TransferResult> {
    // The hot statements of every movement: prepared, unless in a caller's transaction.
    const [row] =
      tx === db ? await preparedRowsOf<OutcomeRow>(db, query) : await rowsOf<OutcomeRow>(tx, query);
    return resultOf(row!, what);
  }

  function resultOf(row: OutcomeRow, what: string): TransferResult {
    switch (row.outcome) {
      case 'moved':
      case 'replayed':
        return {
          transferId: Number(row.transfer_id),
          replayed: row.outcome === 'replayed',
          createdAt: new Date(row.created_at!),
        };
      case 'reused':
        throw new AppError('IDEMPOTENCY_KEY_REUSED', 409);
      case 'insufficient':
        throw new AppError('MONEY_NOT_ENOUGH', 400);
      // A caller's bug, never a member's mistake.
      case 'unknown_account':
        throw new Error(`ledger: unknown account in ${what}`);
      case 'currency_mismatch':
        throw new Error(`ledger: accounts of different currencies in ${what}`);
      case 'no_hold':
        throw new Error(`ledger: no hold ${what}`);
      case 'not_a_hold':
        throw new Error(`ledger: ${what} is not a hold`);
      case 'no_destination':
        throw new Error(`ledger: hold ${what} names no destination`);
    }
    throw new Error(`ledger: unexpected outcome ${String(row.outcome)} (${what})`);
  }

  const opened = new Map<string, number>();

  const service = {
    transfer,

    /**
     * A transfer made in the caller's transaction: it commits or rolls back with the caller's other
     * rows (a grant and its credit; a commission and the cap it was judged against). The accounts
     * must be open already.
     */
    async transferIn(tx: Pick<Database, 'execute'>, request: TransferRequest): Promise<TransferResult> {
      refuseReserved(request);
      return move(request, tx);
    },

    /** Opens an account if it does not exist yet; returns its id. Safe to call any number of times. */
    async openAccount(
      key: string,
      currency: string,
      options: { allowNegative?: boolean } = {},
    ): Promise<number> {
      // Accounts are never closed or changed: once seen open, a key needs no more statements.
      const terms = `${key} ${currency} ${options.allowNegative ?? false}`;
      const known = opened.get(terms);
      if (known !== undefined) return known;
      await db
        .insert(ledgerAccounts)
        .values({ key, currency, allowNegative: options.allowNegative ?? false })
        .onConflictDoNothing();
      const [row] = await db
        .select({
          id: ledgerAccounts.id,
          currency: ledgerAccounts.currency,
          allowNegative: ledgerAccounts.allowNegative,
        })
        .from(ledgerAccounts)
        .where(eq(ledgerAccounts.key, key));
      if (row!.currency !== currency || row!.allowNegative !== (options.allowNegative ?? false)) {
        throw new Error(
          `ledger: ${key} exists with other terms (${row!.currency}, negative ${row!.allowNegative})`,
        );
      }
      opened.set(terms, row!.id);
      return row!.id;
    },

    /** The operator's accounts of a currency, opened if missing. */
    async openOperatorAccounts(currency: string): Promise<void> {
      const names: OperatorAccount[] = [
        'cash_in',
        'cash_out',
        'provider_clearing',
        'bonus',
        'invite',
        'refund',
        'prize',
        'adjustment',
      ];
      for (const name of names)
        await service.openAccount(accountKey.operator(name, currency), currency, { allowNegative: true });
    },

    // The reconciler's queue of pending holds (hold-queue.ts, decisions 010 and 037).
    ...createHoldQueue(db, options.liveness ?? noLiveness),
    ...createLedgerReports(db),

    // The reads other areas use (ledger.queries.ts).
    ...queries,

    /**
     * Settles a hold by what the outside system said of its reference (the one rule of
     * hold-expiry.ts); answers where the hold stands now.
     */
    async settleByVerdict(
      hold: ClaimedHold,
      verdict: OutsideVerdict,
      limits: { ttlMs: number; callTimeoutMs: number },
    ): Promise<HoldState> {
      const settlement = verdictToSettlement(verdict, hold, limits);
      if (settlement === 'post') await service.post(hold.key);
      if (settlement === 'void') await service.void(hold.key);
      return settlement === 'post' ? 'posted' : settlement === 'void' ? 'voided' : 'pending';
    },

    /**
     * Phase one of money leaving for an outside system: `amount` moves from `debit` to its
     * in-flight account, where it waits for the outside answer. The hold's key is the reference
     * the outside call carries.
     */
    async hold(
      request: Omit<TransferRequest, 'credit'> & {
        currency: string;
        /** Where a post takes the money: fixed now, so no later caller can send it elsewhere. */
        destination: string;
      },
    ): Promise<TransferResult> {
      const { currency, destination, ...rest } = request;
      refuseReserved(rest);
      const inFlight = accountKey.inFlight(request.debit);
      await service.openAccount(inFlight, currency);
      return move({
        ...rest,
        credit: inFlight,
        kind: `hold:${request.kind}`,
        metadata: { ...rest.metadata, destination },
      });
    },

    /**
     * A hold whose caller's claim travels in the same statement (decision 030): `claim` is an
     * INSERT … RETURNING true AS claimed (the Idempotency-Key's claim), answering one row when it
     * is new. The hold is made only with it; when it is taken, nothing is written and the answer
     * is null. NOTE: the claim commits even when the hold is refused (MONEY_NOT_ENOUGH), so the
     * caller can store that refusal as the key's answer.
     */
    async holdClaimed(
      request: Omit<TransferRequest, 'credit'> & { currency: string; destination: string },
      claim: SQL,
    ): Promise<TransferResult | null> {
      const { currency, destination, ...rest } = request;
      refuseReserved(rest);
      if (rest.amount <= 0n) throw new Error(`ledger: amount must be positive, got ${rest.amount}`);
      const inFlight = accountKey.inFlight(request.debit);
      await service.openAccount(inFlight, currency);
      const metadata = { ...rest.metadata, destination };
      // NOTE: the move's key is read from the claim's row, so ledger_move cannot run without it
      // (a lateral call depends on its row; no plan can call it first).
      const rows = await preparedRowsOf<OutcomeRow>(
        db,
        sql`with claim as (${claim})
            select m.outcome, m.transfer_id, m.created_at from claim cross join lateral ledger_move(
              case when claim.claimed then ${rest.idempotencyKey}::text end, ${rest.debit}::text, ${inFlight}::text,
              ${rest.amount.toString()}::bigint, ${`hold:${rest.kind}`}::text,
              ${canonicalJson(metadata)}::jsonb, true, null::text) m`,
      );
      return rows[0] ? resultOf(rows[0], `${rest.debit} -> ${inFlight}`) : null;
    },

    /** `post`, with a caller's write travelling in its statement (see `settle`). */
    async postWith(holdKey: string, alongside: (settled: SQL) => SQL): Promise<TransferResult> {
      return settle(holdKey, true, alongside);
    },

    /** `void`, with a caller's write travelling in its statement (see `settle`). */
    async voidWith(holdKey: string, alongside: (settled: SQL) => SQL): Promise<TransferResult> {
      return settle(holdKey, false, alongside);
    },

    /**
     * Phase two, success: the held money goes on to the destination the hold named. Post and void share one key, so a hold
     * is settled once, one way; settling it again the same way is a replay.
     */
    async post(holdKey: string): Promise<TransferResult> {
      return settle(holdKey, true);
    },

    /** Phase two, definite failure: the held money returns to where it came from. */
    async void(holdKey: string): Promise<TransferResult> {
      return settle(holdKey, false);
    },
  };
  return service;
}

export type LedgerService = ReturnType<typeof createLedgerService>;
