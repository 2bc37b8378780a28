import { bigint, pgTable, primaryKey, text, timestamp, unique } from 'drizzle-orm/pg-core';

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
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.memberId, table.gameCode] }),
    unique('game_accounts_login').on(table.gameCode, table.username),
  ],
);
