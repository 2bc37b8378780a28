import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { StoredBanner } from '../engine/grants.service';

/**
 * The invite bonus and the loss refund (docs/decisions/020-invite-and-refund.md). The money lives in
 * the ledger (a member's `invite:` and `refund:` accounts, the operator's invite and refund
 * accounts); these tables hold the operator's settings, the play counted for losses, the work of
 * closing periods and the refund each period offers. Only modules/promotions reads or writes them.
 */

/** The two programs: their switch, their settings (rewards-settings.ts) and their banners. */
export const rewardPrograms = pgTable('reward_programs', {
  name: text('name', { enum: ['invite', 'refund'] }).primaryKey(),
  active: boolean('active').notNull(),
  /** Checked by the program's schema on every read (rewards-settings.ts). */
  settings: jsonb('settings').$type<Record<string, unknown>>().notNull(),
  banners: jsonb('banners').$type<StoredBanner[]>().notNull().default([]),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** An invitee whose inviter earns nothing from them, and why: for staff to look at. */
export const inviteFlags = pgTable('invite_flags', {
  inviteeId: bigint('invitee_id', { mode: 'number' }).primaryKey(),
  inviterId: bigint('inviter_id', { mode: 'number' }).notNull(),
  reason: text('reason', { enum: ['same_account_name', 'same_bank_account', 'same_member'] }).notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Commission an inviter earned from one event of an invitee (a deposit credited, a day's loss),
 * once per event: `source` is its key, and the ledger movement of its amount (operator invite
 * account to the inviter's `invite:` account) is keyed `invite:<source>` and made in the same
 * transaction. An amount of 0 records an event that earned nothing (self-referral, the daily cap
 * reached, another currency), so it is not looked at again.
 */
export const inviteCommissions = pgTable(
  'invite_commissions',
  {
    source: text('source').primaryKey(),
    inviterId: bigint('inviter_id', { mode: 'number' }).notNull(),
    inviteeId: bigint('invitee_id', { mode: 'number' }).notNull(),
    kind: text('kind', { enum: ['deposit', 'loss'] }).notNull(),
    /** The deposit, or the day's net loss, the percent was taken of. */
    base: bigint('base', { mode: 'bigint' }).notNull(),
    percent: doublePrecision('percent').notNull(),
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
    currency: text('currency').notNull(),
    /** The market day the event belongs to (the daily cap counts per day). */
    day: text('day').notNull(),
    /** Why it earned less than its percent: self_referral, capped, currency. */
    note: text('note'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('invite_commissions_inviter').on(table.inviterId, table.createdAt),
    check('invite_commissions_amount', sql`${table.amount} >= 0`),
  ],
);

/**
 * How far a member's game rounds were counted into `play_tally`: the cursor and the hour sums
 * move together in one transaction, guarded by the cursor (a compare-and-set), so a round read
 * twice is counted once.
 */
export const playTallyCursors = pgTable(
  'play_tally_cursors',
  {
    memberId: bigint('member_id', { mode: 'number' }).notNull(),
    gameCode: text('game_code').notNull(),
    lastRoundId: bigint('last_round_id', { mode: 'number' }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.memberId, table.gameCode] })],
);

/**
 * Settled stakes and payouts of a member's game per hour (periods close on whole hours), apart
 * for rounds played while a grant ran: losses under a bonus are not refunded. A measure of play,
 * not money.
 */
export const playTally = pgTable(
  'play_tally',
  {
    memberId: bigint('member_id', { mode: 'number' }).notNull(),
    gameCode: text('game_code').notNull(),
    hour: timestamp('hour', { withTimezone: true }).notNull(),
    underGrant: boolean('under_grant').notNull(),
    stakes: bigint('stakes', { mode: 'bigint' }).notNull(),
    payouts: bigint('payouts', { mode: 'bigint' }).notNull(),
    rounds: integer('rounds').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.memberId, table.hour, table.gameCode, table.underGrant] }),
    // The console's reports read play by hour across members (decision 055).
    index('play_tally_hour').on(table.hour),
  ],
);

/** A period of a program that closed. */
export const periodClosings = pgTable(
  'period_closings',
  {
    program: text('program', { enum: ['invite', 'refund'] }).notNull(),
    periodStart: timestamp('period_start', { withTimezone: true }).notNull(),
    periodEnd: timestamp('period_end', { withTimezone: true }).notNull(),
    /**
     * Every member's work is listed (a member's own call may open the period and list only
     * themselves first, so as not to wait for the schedule).
     */
    listed: boolean('listed').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.program, table.periodStart] })],
);

/**
 * One member's share of closing a period: their play counted and their loss turned into a refund
 * or an inviter's commission. Claimed by one process at a time (a lease; FOR UPDATE SKIP LOCKED).
 */
export const periodClosingMembers = pgTable(
  'period_closing_members',
  {
    program: text('program', { enum: ['invite', 'refund'] }).notNull(),
    periodStart: timestamp('period_start', { withTimezone: true }).notNull(),
    memberId: bigint('member_id', { mode: 'number' }).notNull(),
    done: boolean('done').notNull().default(false),
    leaseUntil: timestamp('lease_until', { withTimezone: true }),
    attempts: integer('attempts').notNull().default(0),
  },
  (table) => [
    primaryKey({ columns: [table.program, table.periodStart, table.memberId] }),
    index('period_closing_members_pending')
      .on(table.leaseUntil)
      .where(sql`not ${table.done}`),
  ],
);

/**
 * What a closed period refunds a member, worked out once (unique per member and period). The money
 * moves when the member receives it (`ledger: refund:receive:<id>`), never here.
 */
export const refunds = pgTable(
  'refunds',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    memberId: bigint('member_id', { mode: 'number' }).notNull(),
    periodStart: timestamp('period_start', { withTimezone: true }).notNull(),
    periodEnd: timestamp('period_end', { withTimezone: true }).notNull(),
    currency: text('currency').notNull(),
    loss: bigint('loss', { mode: 'bigint' }).notNull(),
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
    /** The percent, cap and minimum it was worked out with. */
    terms: jsonb('terms').$type<{ percent: number; cap: string; minimum: string }>().notNull(),
    state: text('state', { enum: ['offered', 'below_minimum', 'received'] }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    receivedAt: timestamp('received_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('refunds_member_period').on(table.memberId, table.periodStart),
    index('refunds_member_received')
      .on(table.memberId, table.receivedAt)
      .where(sql`${table.state} = 'received'`),
    check('refunds_amounts', sql`${table.loss} > 0 and ${table.amount} >= 0`),
  ],
);
