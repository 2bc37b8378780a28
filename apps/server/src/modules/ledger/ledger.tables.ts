import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';

/**
 * Double-entry ledger (docs/decisions/009-double-entry-ledger.md). Only modules/ledger reads or
 * writes these tables. Amounts are integer minor units.
 */

/** An account: a member's wallet, a member's game account, or one of the operator's accounts. */
export const ledgerAccounts = pgTable(
  'ledger_accounts',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** Unique name, e.g. wallet:100001, game:100001:JOKER, operator:cash_in:BAHT. */
    key: text('key').notNull().unique(),
    currency: text('currency').notNull(),
    /** Operator accounts are where money comes from and goes to: they may go below zero. */
    allowNegative: boolean('allow_negative').notNull().default(false),
    balance: bigint('balance', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  // NOTE: the database itself refuses an overdrawn member account, whatever the code does.
  (table) => [
    // A member's accounts by the prefix of their keys (the statement), whatever the collation.
    index('ledger_accounts_key_prefix').using('btree', table.key.op('text_pattern_ops')),
    check('ledger_accounts_not_overdrawn', sql`${table.allowNegative} or ${table.balance} >= 0`),
    // Only the operator's accounts may ever go negative; no flag can make a member's do so.
    check(
      'ledger_accounts_negative_only_operator',
      sql`${table.allowNegative} = (${table.key} like 'operator:%')`,
    ),
  ],
);

/** One movement of `amount` from the debit account to the credit account. Never updated. */
export const ledgerTransfers = pgTable(
  'ledger_transfers',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** Makes the transfer idempotent: the same key never moves money twice. */
    idempotencyKey: text('idempotency_key').notNull().unique(),
    debitAccountId: bigint('debit_account_id', { mode: 'number' })
      .notNull()
      .references(() => ledgerAccounts.id),
    creditAccountId: bigint('credit_account_id', { mode: 'number' })
      .notNull()
      .references(() => ledgerAccounts.id),
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
    /** What the movement is (deposit, transfer, withdrawal, ...), for the statement. */
    kind: text('kind').notNull(),
    metadata: jsonb('metadata').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    // The last provider round booked for a member's game (games: plays), found without a scan.
    index('ledger_transfers_play_rounds')
      .on(
        sql`(${table.metadata} ->> 'memberId')`,
        sql`(${table.metadata} ->> 'game')`,
        sql`((${table.metadata} ->> 'toRound')::bigint)`,
      )
      .where(sql`${table.kind} = 'play'`),
    // Deposits by time: the invite commission's accrual finds the ones it has not followed yet.
    index('ledger_transfers_deposits')
      .on(table.createdAt)
      .where(sql`(${table.metadata} -> 'statement' ->> 'type') = 'deposit'`),
    // What was credited to an account, by kind (a member's invite commission and refunds).
    index('ledger_transfers_credit_kind').on(table.creditAccountId, table.kind, table.id),
    // Transfers by time: the console's reports read a market day's money (decision 055).
    index('ledger_transfers_created_at').on(table.createdAt),
    // A wallet's deposits by time: whether a deposit was the member's first (decision 055).
    index('ledger_transfers_deposits_wallet')
      .on(table.creditAccountId, table.createdAt)
      .where(sql`(${table.metadata} -> 'statement' ->> 'type') = 'deposit'`),
    check('ledger_transfers_positive', sql`${table.amount} > 0`),
    check('ledger_transfers_two_accounts', sql`${table.debitAccountId} <> ${table.creditAccountId}`),
  ],
);

/** The two entries of each transfer, with the balance before and after. Append-only. */
export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    transferId: bigint('transfer_id', { mode: 'number' })
      .notNull()
      .references(() => ledgerTransfers.id),
    accountId: bigint('account_id', { mode: 'number' })
      .notNull()
      .references(() => ledgerAccounts.id),
    /** Negative on the debit side, positive on the credit side. */
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
    balanceBefore: bigint('balance_before', { mode: 'bigint' }).notNull(),
    balanceAfter: bigint('balance_after', { mode: 'bigint' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('ledger_entries_account').on(table.accountId, table.id),
    check('ledger_entries_arithmetic', sql`${table.balanceAfter} = ${table.balanceBefore} + ${table.amount}`),
  ],
);

/**
 * The holds not settled yet: a row is written with the hold and deleted with its settlement, in
 * the same transactions, so the reconciler reads what is pending without scanning every transfer.
 * (The transfers themselves stay append-only; `ledger:check` verifies this list against them.)
 * The reconciler's schedule lives here too: when to ask the outside system next, and a lease that
 * keeps one process's claim from another's (docs/decisions/010).
 */
export const ledgerPendingHolds = pgTable(
  'ledger_pending_holds',
  {
    transferId: bigint('transfer_id', { mode: 'number' })
      .primaryKey()
      .references(() => ledgerTransfers.id),
    idempotencyKey: text('idempotency_key').notNull().unique(),
    /** The account the money was held from, and the one a post takes it to. */
    sourceKey: text('source_key'),
    destinationKey: text('destination_key'),
    /**
     * When the reconciler next asks about it. The first look waits a little: the request that
     * made the hold normally settles it itself within its call's time limit.
     */
    nextCheckAt: timestamp('next_check_at', { withTimezone: true })
      .notNull()
      .default(sql`now() + interval '10 seconds'`),
    /** How many times the reconciler asked and got no final answer (its back-off grows with it). */
    checks: integer('checks').notNull().default(0),
    /**
     * The outside system that did not answer the last check (down, hanging), or null: when it
     * answers again, every hold waiting on it is asked at once (docs/decisions/037).
     */
    unansweredSystem: text('unanswered_system'),
    /** A process working on it until then; after that (a crash) another may claim it. */
    leasedUntil: timestamp('leased_until', { withTimezone: true }),
    /**
     * The liveness key of the process holding the lease (platform/db/liveness.ts), or null: when
     * that process is gone, its claim is free before the lease runs out (decision 041).
     */
    leasedBy: bigint('leased_by', { mode: 'bigint' }),
  },
  (table) => [
    index('ledger_pending_holds_source').on(table.sourceKey),
    index('ledger_pending_holds_destination').on(table.destinationKey),
    index('ledger_pending_holds_unanswered')
      .on(table.unansweredSystem)
      .where(sql`${table.unansweredSystem} is not null`),
  ],
);
