import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';

/**
 * The sandbox game provider's own storage. It plays a remote system, so it shares nothing with
 * the wallet's tables; only sandbox/provider reads or writes these. Amounts are integer
 * minor units of the game-side credit.
 */

/** A player of one game, with the balance the provider holds for them. */
export const sandboxProviderPlayers = pgTable(
  'sandbox_provider_players',
  {
    gameCode: text('game_code').notNull(),
    username: text('username').notNull(),
    password: text('password').notNull(),
    balance: bigint('balance', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.gameCode, table.username] }),
    check('sandbox_provider_players_not_negative', sql`${table.balance} >= 0`),
  ],
);

/** Every transfer reference the provider has seen, applied or failed. Never updated. */
export const sandboxProviderTransfers = pgTable(
  'sandbox_provider_transfers',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** The caller's reference: a reference is decided once, whatever copies arrive later. */
    reference: text('reference').notNull().unique(),
    gameCode: text('game_code').notNull(),
    username: text('username').notNull(),
    direction: text('direction', { enum: ['deposit', 'withdraw'] }).notNull(),
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
    status: text('status', { enum: ['applied', 'failed'] }).notNull(),
    /** Why a failed transfer failed; null when applied. */
    reason: text('reason'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [check('sandbox_provider_transfers_positive', sql`${table.amount} > 0`)],
);

/** A round played on the demo page; ids only grow, so callers page with `after`. */
export const sandboxProviderRounds = pgTable(
  'sandbox_provider_rounds',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    gameCode: text('game_code').notNull(),
    username: text('username').notNull(),
    bet: bigint('bet', { mode: 'bigint' }).notNull(),
    win: bigint('win', { mode: 'bigint' }).notNull(),
    playedAt: timestamp('played_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('sandbox_provider_rounds_player').on(table.gameCode, table.username, table.id)],
);

/** How the provider misbehaves for one game code; in the database so every server process agrees. */
export const sandboxProviderFaults = pgTable('sandbox_provider_faults', {
  gameCode: text('game_code').primaryKey(),
  mode: text('mode', { enum: ['none', 'fail', 'timeout', 'applied-then-timeout'] }).notNull(),
  latencyMs: integer('latency_ms').notNull().default(0),
});

/** A launch link handed out: the token itself is kept only as a hash. */
export const sandboxProviderLaunches = pgTable(
  'sandbox_provider_launches',
  {
    tokenHash: text('token_hash').primaryKey(),
    gameCode: text('game_code').notNull(),
    username: text('username').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('sandbox_provider_launches_expires').on(table.expiresAt)],
);
