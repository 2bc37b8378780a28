import { bigint, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The sandbox payout service's own storage: it plays the operator's bank gateway, so it shares
 * nothing with the wallet's tables. Only sandbox/payout reads or writes these.
 */
export const sandboxPayouts = pgTable('sandbox_payouts', {
  reference: text('reference').primaryKey(),
  amount: bigint('amount', { mode: 'bigint' }).notNull(),
  currency: text('currency').notNull(),
  bankCode: text('bank_code').notNull(),
  accountNo: text('account_no').notNull(),
  accountName: text('account_name').notNull(),
  /** accepted (paid once payAt has passed) or rejected. */
  status: text('status').notNull(),
  reason: text('reason'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  payAt: timestamp('pay_at', { withTimezone: true }).notNull(),
});

/** How the sandbox payout service misbehaves (one row), so that every server process agrees. */
export const sandboxPayoutFaults = pgTable('sandbox_payout_faults', {
  id: integer('id').primaryKey(),
  mode: text('mode').notNull(),
});
