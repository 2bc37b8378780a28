import { eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../platform/db/database';
import { preparedRowsOf, rowsOf } from '../../platform/db/rows';
import { canonicalJson } from '../../platform/canonical-json';
import { AppError } from '../../platform/errors';
import { uniqueViolation } from '../../platform/db/unique-violation';
import { ledgerAccounts, ledgerTransfers } from './ledger.tables';

import { verdictToSettlement, type OutsideVerdict } from './hold-expiry';
import { createHoldQueue, type ClaimedHold } from './hold-queue';
import {
  balancesOf,
  memberBalancesSql,
  type BalancesRow,
  type MemberBalances,
  type MemberHoldings,
} from './member-holdings';

// The expiry rule of the references holds give outside systems (docs/decisions/010).
export { referenceExpiry, type OutsideVerdict } from './hold-expiry';
export type { ClaimedHold } from './hold-queue';
export type { MemberBalances, MemberHoldings } from './member-holdings';

/** Account names: one place that spells them. */
export const accountKey = {
  wallet: (memberId: number) => `wallet:${memberId}`,
  game: (memberId: number, gameCode: string) => `game:${memberId}:${gameCode}`,
  operator: (name: OperatorAccount, currency: string) => `operator:${name}:${currency}`,
  /**
   * Where money held from an account waits for an outside answer. One per source account, not
   * one for the whole operator: a single shared row would be locked by every hold and settlement
   * of every member (measured in bench/: the two ledger steps of a transfer at 108 tps through
   * one shared row, 443 tps through one per member).
   */
  inFlight: (from: string) => `in_flight:${from}`,
  /** Invite commission a member collected and has not claimed yet (docs/decisions/020). */
  invite: (memberId: number) => `invite:${memberId}`,
  /** Loss refunds a member received and has not moved to the wallet yet (docs/decisions/020). */
  refund: (memberId: number) => `refund:${memberId}`,
  /** A member's spin-wheel coins: an asset of their own, currency COIN (docs/decisions/021). */
  coin: (memberId: number) => `coin:${memberId}`,
  /** Cash and bonus prizes a member won and has not claimed yet: their coupons' worth (decision 021). */
  prize: (memberId: number) => `prize:${memberId}`,
};

/** The operator's side of every movement. */
export type OperatorAccount =
  | 'cash_in'
  | 'cash_out'
  | 'provider_clearing'
  | 'bonus'
  | 'invite'
  | 'refund'
  | 'prize'
  | 'adjustment'
  /** Where coins come from and where spent ones return (currency COIN only). */
  | 'coin';

export interface TransferRequest {
  /** Same key, same transfer: a replay moves nothing. Same key, other transfer: refused. */
  idempotencyKey: string;
  debit: string;
  credit: string;
  /** Minor units, > 0. */
  amount: bigint;
  kind: string;
  metadata?: Record<string, unknown>;
}

export interface TransferResult {
  transferId: number;
  /** True when this key had moved the money already and nothing moved now. */
  replayed: boolean;
  /** When the transfer was first made (a hold's references expire from this instant). */
  createdAt: Date;
}

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

/** Where a hold stands: waiting for the outside answer, or settled one way. */
export type HoldState = 'pending' | 'posted' | 'voided';

export interface StoredTransfer {
  id: number;
  amount: bigint;
  kind: string;
  metadata: Record<string, unknown>;
  createdAt: Date;
}

export interface PendingHold extends StoredTransfer {
  key: string;
  /** The account the money was held from (where a void returns it). */
  from: string;
}

export interface AccountState {
  key: string;
  currency: string;
  balance: bigint;
  /** Time of the account's last movement, or of its opening. */
  updatedAt: Date;
}

/** A deposit credited to an account, with the account's balance just before it. */
export interface CreditedDeposit {
  transferId: number;
  amount: bigint;
  createdAt: Date;
  balanceBefore: bigint;
}

/** A member-visible movement, for the statement: metadata.statement says what it was. */
export interface StatementLine extends StoredTransfer {
  /** null for a plain transfer (done at once); the hold's state for two-phase money. */
  hold: HoldState | null;
}

/** The only code that moves money (docs/decisions/009-double-entry-ledger.md). */
export function createLedgerService(db: Database) {
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

    /**
     * Deposits credited to members' wallets since `since` that no transfer keyed
     * `${followKeyPrefix}${deposit id}` follows yet, oldest first (the invite commission of each
     * is keyed so). Through the partial index of deposits by time (ledger_transfers_deposits).
     */
    async depositsAwaiting(
      followKeyPrefix: string,
      since: Date,
      page: { afterId: number; limit: number; memberIds?: number[] },
    ): Promise<
      { transferId: number; memberId: number; amount: bigint; createdAt: Date; currency: string }[]
    > {
      const { afterId, limit, memberIds } = page;
      if (memberIds && memberIds.length === 0) return [];
      const wallets = memberIds
        ? sql`and a.key in (${sql.join(
            memberIds.map((id) => sql`${accountKey.wallet(id)}`),
            sql`, `,
          )})`
        : sql`and a.key like 'wallet:%'`;
      const rows = await rowsOf<{
        id: number;
        amount: string;
        created_at: Date | string;
        key: string;
        currency: string;
      }>(
        db,
        sql`select t.id, t.amount::text, t.created_at, a.key, a.currency
            from ledger_transfers t
            join ledger_entries e on e.transfer_id = t.id and e.amount > 0
            join ledger_accounts a on a.id = e.account_id ${wallets}
            where t.metadata -> 'statement' ->> 'type' = 'deposit' and t.created_at >= ${since.toISOString()}
              and t.id > ${afterId}
              and not exists (select 1 from ledger_transfers f
                              where f.idempotency_key = ${followKeyPrefix} || t.id::text)
            order by t.id limit ${limit}`,
      );
      return rows.map((row) => ({
        transferId: Number(row.id),
        memberId: Number(row.key.slice('wallet:'.length)),
        amount: BigInt(row.amount),
        createdAt: new Date(row.created_at),
        currency: row.currency,
      }));
    },

    /**
     * The sum credited to an account by transfers of `kind` whose metadata `field` is `value`, read
     * in the caller's transaction (a daily cap judged under the account's lock).
     */
    async creditedWhere(
      tx: Pick<Database, 'execute'>,
      key: string,
      kind: string,
      field: string,
      value: string,
    ): Promise<bigint> {
      const [row] = await rowsOf<{ total: string }>(
        tx,
        sql`select coalesce(sum(amount), 0)::text as total from ledger_transfers
            where credit_account_id = (select id from ledger_accounts where key = ${key})
              and kind = ${kind} and metadata ->> ${field} = ${value}`,
      );
      return BigInt(row!.total);
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

    /** The transfer made under a key, or null. */
    async findTransfer(idempotencyKey: string): Promise<StoredTransfer | null> {
      const row = await findByKey(db, idempotencyKey);
      return row
        ? { id: row.id, amount: row.amount, kind: row.kind, metadata: row.metadata, createdAt: row.createdAt }
        : null;
    },

    /** Where the hold of a key stands; null when there is no such hold. */
    async holdState(holdKey: string): Promise<HoldState | null> {
      return (await service.holdStates([holdKey])).get(holdKey) ?? null;
    },

    /** Where the holds of these keys stand, in one look-up; keys without a hold are left out. */
    async holdStates(holdKeys: string[]): Promise<Map<string, HoldState>> {
      const keys = holdKeys.flatMap((key) => [key, `${key}:settle`]);
      const rows = await rowsOf<{ idempotency_key: string; kind: string }>(
        db,
        sql`select idempotency_key, kind from ledger_transfers where idempotency_key in (${sql.join(
          keys.map((key) => sql`${key}`),
          sql`, `,
        )})`,
      );
      const kindOf = new Map(rows.map((row) => [row.idempotency_key, row.kind]));
      const states = new Map<string, HoldState>();
      for (const key of holdKeys) {
        if (!kindOf.get(key)?.startsWith('hold:')) continue;
        const settle = kindOf.get(`${key}:settle`);
        states.set(key, !settle ? 'pending' : settle.startsWith('post:') ? 'posted' : 'voided');
      }
      return states;
    },

    // The reconciler's queue of pending holds (hold-queue.ts, decisions 010 and 037).
    ...createHoldQueue(db),

    /** Whether money held from or bound for this account is waiting for an outside answer. */
    async hasPendingHold(accountKey: string): Promise<boolean> {
      // NOTE: two EXISTS, one per index: with one OR the planner may read the whole list.
      const [row] = await rowsOf<{ pending: boolean }>(
        db,
        sql`select exists (select 1 from ledger_pending_holds where source_key = ${accountKey})
                or exists (select 1 from ledger_pending_holds where destination_key = ${accountKey})
                as pending`,
      );
      return row!.pending;
    },

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

    /** The keys of a member's wallet and game accounts that exist (for the statement). */
    async memberAccountKeys(memberId: number): Promise<string[]> {
      const wallet = accountKey.wallet(memberId);
      const games = `${accountKey.game(memberId, '')}%`;
      const rows = await rowsOf<{ key: string }>(
        db,
        sql`select key from ledger_accounts where key = ${wallet} or key like ${games} order by id`,
      );
      return rows.map((row) => row.key);
    },

    /** The accounts of these keys that exist, with balance and time of last movement. */
    async accountStates(keys: string[]): Promise<AccountState[]> {
      if (keys.length === 0) return [];
      const rows = await rowsOf<{
        key: string;
        currency: string;
        balance: string;
        updated_at: Date | string;
      }>(
        db,
        sql`select a.key, a.currency, a.balance::text,
                   -- The newest entry through the (account_id, id) index: no scan of the history.
                   coalesce((select e.created_at from ledger_entries e where e.account_id = a.id
                             order by e.id desc limit 1), a.created_at) as updated_at
            from ledger_accounts a where a.key in (${sql.join(
              keys.map((key) => sql`${key}`),
              sql`, `,
            )})`,
      );
      return rows.map((row) => ({
        key: row.key,
        currency: row.currency,
        balance: BigInt(row.balance),
        updatedAt: new Date(row.updated_at),
      }));
    },

    /**
     * The last provider round booked for a member's game (transfers of kind `play`), or null;
     * an index lookup (ledger_transfers_play_rounds), whatever the length of the history.
     */
    async lastBookedRound(memberId: number, game: string): Promise<number | null> {
      const [row] = await rowsOf<{ mark: string | null }>(
        db,
        // NOTE: order by ... limit 1, not max(): the planner then reads the index backwards and
        // stops at one row, where max() would read every round of the member's game.
        sql`select ((metadata ->> 'toRound')::bigint)::text as mark from ledger_transfers
            where kind = 'play' and metadata ->> 'memberId' = ${String(memberId)}
              and metadata ->> 'game' = ${game} and metadata ->> 'toRound' is not null
            order by (metadata ->> 'toRound')::bigint desc limit 1`,
      );
      return row?.mark == null ? null : Number(row.mark);
    },

    /**
     * The latest deposits credited to an account (transfers whose statement type is `deposit`),
     * newest first, each with the account's balance just before it; an index walk backwards
     * through the account's entries.
     */
    async recentDeposits(key: string, limit: number): Promise<CreditedDeposit[]> {
      const rows = await rowsOf<{
        id: number;
        amount: string;
        created_at: Date | string;
        balance_before: string;
      }>(
        db,
        sql`select t.id, t.amount::text, t.created_at, e.balance_before::text
            from ledger_entries e join ledger_transfers t on t.id = e.transfer_id
            where e.account_id = (select id from ledger_accounts where key = ${key}) and e.amount > 0
              and t.metadata -> 'statement' ->> 'type' = 'deposit'
            order by e.id desc limit ${limit}`,
      );
      return rows.map((row) => ({
        transferId: Number(row.id),
        amount: BigInt(row.amount),
        createdAt: new Date(row.created_at),
        balanceBefore: BigInt(row.balance_before),
      }));
    },

    /**
     * An account's balance, its row locked until `tx` ends: a caller's transaction that must not
     * interleave with movements of that account (a bonus claim and a withdrawal) reads it here;
     * every movement of the account waits for that transaction. 0 for an account not opened yet.
     */
    async lockedBalance(tx: Pick<Database, 'execute'>, key: string): Promise<bigint> {
      const [row] = await rowsOf<{ balance: string }>(
        tx,
        sql`select balance::text from ledger_accounts where key = ${key} for update`,
      );
      return row ? BigInt(row.balance) : 0n;
    },

    /**
     * A member's wallet, the sum of their game accounts and the money of theirs in flight (held on
     * its way to a game, back from one, or to a payout: still theirs, decision 034), read in the
     * caller's transaction (after its `lockedBalance` of the wallet: money can then leave a game
     * but not reach the wallet).
     */
    async memberBalancesIn(tx: Pick<Database, 'execute'>, memberId: number): Promise<MemberBalances> {
      const [row] = await rowsOf<BalancesRow>(tx, memberBalancesSql(memberId));
      return balancesOf(row!);
    },

    /**
     * What a member holds, in one statement (one snapshot): the wallet, the games, the money in
     * flight, their total, and the keys of the holds still waiting for an outside answer (read
     * apart, a hold settled between two reads would show its money neither in flight nor arrived).
     * Every rule that judges what a member holds reads this total (decision 034).
     */
    async memberHoldings(memberId: number): Promise<MemberHoldings> {
      const wallet = accountKey.wallet(memberId);
      const games = `${accountKey.game(memberId, '')}%`;
      const [row] = await rowsOf<BalancesRow & { holds: string[] | null }>(
        db,
        sql`with balances as (${memberBalancesSql(memberId)})
            select balances.*, (select array_agg(p.idempotency_key order by p.transfer_id)
                                from ledger_pending_holds p
                                where p.source_key = ${wallet} or p.source_key like ${games}
                                   or p.destination_key = ${wallet}) as holds
            from balances`,
      );
      const balances = balancesOf(row!);
      const holds = row!.holds ?? [];
      return {
        ...balances,
        total: balances.wallet + balances.games + balances.inFlight,
        holds,
        moving: holds.length > 0 || balances.inFlight > 0n,
      };
    },

    /** The sum of deposits credited to an account after transfer `afterTransferId`. */
    async depositsAfter(key: string, afterTransferId: number): Promise<bigint> {
      const [row] = await rowsOf<{ total: string }>(
        db,
        sql`select coalesce(sum(e.amount), 0)::text as total
            from ledger_entries e join ledger_transfers t on t.id = e.transfer_id
            where e.account_id = (select id from ledger_accounts where key = ${key}) and e.amount > 0
              and e.transfer_id > ${afterTransferId}
              and t.metadata -> 'statement' ->> 'type' = 'deposit'`,
      );
      return BigInt(row!.total);
    },

    /**
     * The member-visible movements touching these accounts (those whose metadata carries a
     * `statement`), newest first: the statement is a view over the ledger, never a copy.
     * `page.type`: only movements of that statement type (the console's latest deposits).
     */
    async statementOf(
      accountKeys: string[],
      page: { offset: number; limit: number; type?: string },
    ): Promise<{ total: number; lines: StatementLine[] }> {
      if (accountKeys.length === 0) return { total: 0, lines: [] };
      const keys = sql.join(
        accountKeys.map((key) => sql`${key}`),
        sql`, `,
      );
      const mine = sql`select distinct e.transfer_id from ledger_entries e
                       join ledger_accounts a on a.id = e.account_id where a.key in (${keys})`;
      const visible =
        page.type === undefined
          ? sql`t.metadata ? 'statement'`
          : sql`t.metadata -> 'statement' ->> 'type' = ${page.type}`;
      const [count] = await rowsOf<{ total: string }>(
        db,
        sql`select count(*)::text as total from ledger_transfers t
            where t.id in (${mine}) and ${visible}`,
      );
      const rows = await rowsOf<{
        id: number;
        amount: string;
        kind: string;
        metadata: Record<string, unknown>;
        created_at: Date | string;
        settle_kind: string | null;
      }>(
        db,
        sql`select t.id, t.amount::text, t.kind, t.metadata, t.created_at, s.kind as settle_kind
            from ledger_transfers t
            left join ledger_transfers s on s.idempotency_key = t.idempotency_key || ':settle'
            where t.id in (${mine}) and ${visible}
            order by t.id desc limit ${page.limit} offset ${page.offset}`,
      );
      return {
        total: Number(count?.total ?? 0),
        lines: rows.map((row) => ({
          id: Number(row.id),
          amount: BigInt(row.amount),
          kind: row.kind,
          metadata: row.metadata,
          createdAt: new Date(row.created_at),
          hold: !row.kind.startsWith('hold:')
            ? null
            : row.settle_kind === null
              ? 'pending'
              : row.settle_kind.startsWith('post:')
                ? 'posted'
                : 'voided',
        })),
      };
    },

    /** An account's balance; 0 for one not opened yet (a member who never earned a coin). */
    async balanceOrZero(key: string): Promise<bigint> {
      const [row] = await db
        .select({ balance: ledgerAccounts.balance })
        .from(ledgerAccounts)
        .where(eq(ledgerAccounts.key, key));
      return row?.balance ?? 0n;
    },

    async balanceOf(key: string): Promise<bigint> {
      const [row] = await db
        .select({ balance: ledgerAccounts.balance })
        .from(ledgerAccounts)
        .where(eq(ledgerAccounts.key, key));
      if (!row) throw new Error(`ledger: unknown account ${key}`);
      return row.balance;
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
