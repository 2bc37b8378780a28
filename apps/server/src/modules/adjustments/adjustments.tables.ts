import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { ADJUSTMENT_REASONS, ADJUSTMENT_STATUSES } from '@wallet/contract/http/adjustment';

/**
 * Balance adjustments staff ask for (decision 046): one row per request, from the maker's ask to
 * the checker's decision. The money itself is the ledger's transfer keyed `adjustment:<id>`
 * (written with the row's move to `applied`, in one transaction); this table never holds a
 * balance. Only modules/adjustments reads or writes it.
 */
export const balanceAdjustments = pgTable(
  'balance_adjustments',
  {
    id: serial('id').primaryKey(),
    memberId: bigint('member_id', { mode: 'number' }).notNull(),
    /** The member's wallet currency when asked (a member's currency never changes). */
    currency: text('currency').notNull(),
    /** Signed minor units: + into the wallet, - out of it. */
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
    /** What the member reads in their statement (translated by the member site). */
    memberReason: text('member_reason', { enum: ADJUSTMENT_REASONS }).notNull(),
    /** The maker's note for colleagues; never shown to the member. */
    reason: text('reason').notNull(),
    status: text('status', { enum: ADJUSTMENT_STATUSES }).notNull(),
    makerId: integer('maker_id').notNull(),
    /** The maker's Idempotency-Key: the same request sent again is this row, never a second one. */
    requestKey: text('request_key').notNull(),
    /** Who approved or rejected it; null while it waits and for one applied at once. */
    checkerId: integer('checker_id'),
    /** The checker's note on a rejection. */
    rejectReason: text('reject_reason'),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('balance_adjustments_request').on(table.makerId, table.requestKey),
    // The checkers' queue and its count (countAwaiting): only the rows that wait.
    index('balance_adjustments_awaiting')
      .on(table.id)
      .where(sql`${table.status} = 'awaiting_approval'`),
    index('balance_adjustments_status').on(table.status, table.id),
    check('balance_adjustments_amount', sql`${table.amount} <> 0`),
    check('balance_adjustments_status', sql`${table.status} in ('awaiting_approval', 'applied', 'rejected')`),
    // Nobody approves their own: the database refuses it too, whatever the code above it does.
    check(
      'balance_adjustments_checker',
      sql`${table.status} <> 'applied' or ${table.checkerId} is null or ${table.checkerId} <> ${table.makerId}`,
    ),
    check(
      'balance_adjustments_decided',
      sql`(${table.status} = 'awaiting_approval') = (${table.decidedAt} is null)`,
    ),
  ],
);
