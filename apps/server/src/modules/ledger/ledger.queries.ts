import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../platform/db/database';
import { rowsOf } from '../../platform/db/rows';
import { ledgerAccounts, ledgerTransfers } from './ledger.tables';
import {
  accountKey,
  type AccountState,
  type CreditedDeposit,
  type HoldState,
  type StatementLine,
  type StoredTransfer,
} from './ledger.types';
import {
  balancesOf,
  heldGameTransfers,
  memberBalancesSql,
  type BalancesRow,
  type MemberBalances,
  type MemberHoldings,
} from './member-holdings';

/**
 * The ledger's reads that other areas use (balances, holdings, statements, deposits, hold states):
 * part of the one exported ledger service, apart from the posting core that writes.
 */
export function createLedgerQueries(db: Database) {
  const queries = {
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

    /** The transfer made under a key, or null. */
    async findTransfer(idempotencyKey: string): Promise<StoredTransfer | null> {
      const [row] = await db
        .select()
        .from(ledgerTransfers)
        .where(eq(ledgerTransfers.idempotencyKey, idempotencyKey));
      return row
        ? { id: row.id, amount: row.amount, kind: row.kind, metadata: row.metadata, createdAt: row.createdAt }
        : null;
    },

    /** Where the hold of a key stands; null when there is no such hold. */
    async holdState(holdKey: string): Promise<HoldState | null> {
      return (await queries.holdStates([holdKey])).get(holdKey) ?? null;
    },

    /** Where the holds of these keys stand, in one look-up; keys without a hold are left out. */
    async holdStates(holdKeys: string[]): Promise<Map<string, HoldState>> {
      if (holdKeys.length === 0) return new Map();
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

    /**
     * How many members hold money at each game (a balance other than 0, or on its way in or out):
     * what switching a game off leaves them to move back (the console's games, decision 064).
     */
    async gameHolders(): Promise<Map<string, number>> {
      const rows = await rowsOf<{ game: string; members: number }>(
        db,
        // Money on its way into or out of a game is still there for this count (decision 034): a
        // pending hold's game account is its source or its destination.
        sql`select split_part(key, ':', 3) as game, count(distinct split_part(key, ':', 2))::int as members
            from (select key from ledger_accounts where key like 'game:%' and balance <> 0
                  union all
                  select held.key from ledger_pending_holds h
                    cross join lateral (values (h.source_key), (h.destination_key)) as held(key)
                  where held.key like 'game:%') as holding
            group by 1`,
      );
      return new Map(rows.map((row) => [row.game, row.members]));
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

    /** The member's transfers held at a game and all their money in flight (member-holdings.ts). */
    heldGameTransfers: (memberId: number) => heldGameTransfers(db, memberId),

    /**
     * The sum of deposits credited to an account from `since` on (a deposit limit's period), read
     * in the caller's transaction when given one.
     */
    async depositedSince(key: string, since: Date, tx: Pick<Database, 'execute'> = db): Promise<bigint> {
      const [row] = await rowsOf<{ total: string }>(
        tx,
        sql`select coalesce(sum(e.amount), 0)::text as total
            from ledger_entries e join ledger_transfers t on t.id = e.transfer_id
            where e.account_id = (select id from ledger_accounts where key = ${key}) and e.amount > 0
              and t.created_at >= ${since.toISOString()}
              and t.metadata -> 'statement' ->> 'type' = 'deposit'`,
      );
      return BigInt(row!.total);
    },

    /**
     * Deposits minus withdrawals of a wallet from `since` on (the statement's net deposits, issue
     * 29): a withdrawal counts from when it is held until it is refused (its hold voided).
     */
    async netDepositsSince(key: string, since: Date): Promise<bigint> {
      const [row] = await rowsOf<{ net: string }>(
        db,
        sql`select coalesce(sum(e.amount), 0)::text as net
            from ledger_entries e join ledger_transfers t on t.id = e.transfer_id
            where e.account_id = (select id from ledger_accounts where key = ${key})
              and t.created_at >= ${since.toISOString()}
              and ((e.amount > 0 and t.metadata -> 'statement' ->> 'type' = 'deposit')
                or (e.amount < 0 and t.metadata -> 'statement' ->> 'type' = 'withdraw'
                    and not exists (select 1 from ledger_transfers s
                                    where s.idempotency_key = t.idempotency_key || ':settle'
                                      and s.kind like 'void:%')))`,
      );
      return BigInt(row!.net);
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
      walletKey?: string,
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
      // The wallet's balance after the row's own entry on it, or its post's (money from a game
      // reaches the wallet when the hold is posted): read from the entry, so no page depends on
      // another (decision 071). The wallet's entries are read once, by its (account, id) index.
      const rows = await rowsOf<{
        id: number;
        idempotency_key: string;
        amount: string;
        kind: string;
        metadata: Record<string, unknown>;
        created_at: Date | string;
        settle_kind: string | null;
        wallet_after: string | null;
      }>(
        db,
        sql`with wallet_entries as materialized (
              select e.id, e.transfer_id, e.balance_after from ledger_entries e
              where e.account_id = (select id from ledger_accounts where key = ${walletKey ?? null}))
            select t.id, t.idempotency_key, t.amount::text, t.kind, t.metadata, t.created_at, s.kind as settle_kind,
                   (select w.balance_after::text from wallet_entries w where w.transfer_id in (t.id, s.id)
                    order by w.id desc limit 1) as wallet_after
            from ledger_transfers t
            left join ledger_transfers s on s.idempotency_key = t.idempotency_key || ':settle'
            where t.id in (${mine}) and ${visible}
            order by t.id desc limit ${page.limit} offset ${page.offset}`,
      );
      return {
        total: Number(count?.total ?? 0),
        lines: rows.map((row) => {
          const hold: HoldState | null = !row.kind.startsWith('hold:')
            ? null
            : row.settle_kind === null
              ? 'pending'
              : row.settle_kind.startsWith('post:')
                ? 'posted'
                : 'voided';
          return {
            id: Number(row.id),
            key: row.idempotency_key,
            amount: BigInt(row.amount),
            kind: row.kind,
            metadata: row.metadata,
            createdAt: new Date(row.created_at),
            hold,
            // NOTE: a voided hold left the wallet as it was (its void gave the money back): no
            // balance of its own, or the row would show money that came back as gone.
            walletAfter: hold === 'voided' || row.wallet_after === null ? null : BigInt(row.wallet_after),
          };
        }),
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
  };
  return queries;
}
