import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * How each withdrawal was routed and what staff decided on it (docs/decisions/045). The money
 * itself is the ledger hold under the same key: this row says whether the payout service may be
 * called for it. Only modules/withdrawals reads or writes it.
 */
export const withdrawalOrders = pgTable(
  'withdrawal_orders',
  {
    /** The ledger hold's key: the withdrawal's reference everywhere. */
    holdKey: text('hold_key').primaryKey(),
    memberId: bigint('member_id', { mode: 'number' }).notNull(),
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
    currency: text('currency').notNull(),
    /** The bank account it is paid to, as it was when asked. */
    bankCode: text('bank_code').notNull(),
    accountNo: text('account_no').notNull(),
    accountName: text('account_name').notNull(),
    /** auto: paid at once; review: waits for staff (then approved or rejected). */
    status: text('status', { enum: ['auto', 'review', 'approved', 'rejected'] }).notNull(),
    /** Why it waits for a person (WITHDRAWAL_HOLD_REASONS); empty for auto. */
    heldFor: jsonb('held_for')
      .$type<string[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    /** The member's risk flags when it was asked (decision 051). */
    flags: jsonb('flags')
      .$type<string[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    /** The market day it was asked on (the daily count of automatic withdrawals). */
    marketDay: text('market_day').notNull(),
    /** Over secondApprovalOver when asked: two different staff members must approve it. */
    needsTwo: boolean('needs_two').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * The member was locked while it waited: no approval may decide it. Set by the lock itself on
     * the member's rows, so a lock and an approval of the same row are ordered by its row lock.
     */
    memberLocked: boolean('member_locked').notNull().default(false),
    /** A staff member working on it now, until their lease ends. */
    claimedBy: integer('claimed_by'),
    claimedUntil: timestamp('claimed_until', { withTimezone: true }),
    firstApprovedBy: integer('first_approved_by'),
    firstApprovedAt: timestamp('first_approved_at', { withTimezone: true }),
    decidedBy: integer('decided_by'),
    /** On the database's clock: an approved withdrawal's payout reference expires from here. */
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    refusal: text('refusal'),
    note: text('note'),
  },
  (table) => [
    index('withdrawal_orders_status_idx').on(table.status, table.createdAt),
    index('withdrawal_orders_member_day_idx').on(table.memberId, table.marketDay),
    check(
      'withdrawal_orders_decided',
      sql`(${table.status} in ('approved', 'rejected')) = (${table.decidedAt} is not null)`,
    ),
  ],
);
