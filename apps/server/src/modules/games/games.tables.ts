import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
} from 'drizzle-orm/pg-core';

/**
 * A member's account at a game: the login the provider gave. The money in it lives in the
 * ledger (account game:<member>:<code>), never here. Only modules/games reads or writes this.
 */
export const gameAccounts = pgTable(
  'game_accounts',
  {
    memberId: bigint('member_id', { mode: 'number' }).notNull(),
    gameCode: text('game_code').notNull(),
    username: text('username').notNull(),
    // NOTE: kept readable on purpose: the member is shown it, and auto login signs in with it.
    password: text('password').notNull(),
    /**
     * The last provider round anyone read for this account, booked or not: rounds whose net is 0
     * move no money, so the ledger's booked rounds alone would not show they were played, and a
     * grant would skip a game left empty since (issue 25).
     */
    seenRound: bigint('seen_round', { mode: 'number' }).notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.memberId, table.gameCode] }),
    unique('game_accounts_login').on(table.gameCode, table.username),
  ],
);

/**
 * A transfer from one game to another goes through the wallet in two legs. This row is written
 * before the first leg and marked done once the second has been made, so a crash between the legs
 * (the first posted, the second never started) is found and finished by the reconciler's sweep
 * instead of leaving the money in the wallet unasked.
 */
export const gameToGameTransfers = pgTable(
  'game_to_game_transfers',
  {
    /** The member's Idempotency-Key of the transfer; the legs are `<key>:out` and `<key>:in`. */
    key: text('key').primaryKey(),
    memberId: bigint('member_id', { mode: 'number' }).notNull(),
    toGame: text('to_game').notNull(),
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** When the sweep may next look at it (claimed rows are pushed ahead: a lease). */
    nextCheckAt: timestamp('next_check_at', { withTimezone: true })
      .notNull()
      .default(sql`now() + interval '30 seconds'`),
    doneAt: timestamp('done_at', { withTimezone: true }),
  },
  (table) => [
    index('game_to_game_transfers_due')
      .on(table.nextCheckAt)
      .where(sql`${table.doneAt} is null`),
  ],
);

/**
 * Staff's settings of each game of the catalogue (decision 064): on or off, the place in the
 * carousels, the wallet factor members are shown (null: the provider's) and the platforms it is
 * launched on. A game of the catalogue without a row is on, after the others, as the provider says.
 */
export const gameSettings = pgTable('game_settings', {
  gameCode: text('game_code').primaryKey(),
  enabled: boolean('enabled').notNull().default(true),
  position: integer('position').notNull(),
  walletFactor: numeric('wallet_factor', { precision: 10, scale: 4 }),
  launchWeb: boolean('launch_web').notNull().default(true),
  launchAndroid: boolean('launch_android').notNull().default(true),
  launchIos: boolean('launch_ios').notNull().default(true),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
