import { sql } from 'drizzle-orm';
import { bigint, check, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The sandbox payment gateway's and voucher service's own storage. They play remote systems, so
 * they share nothing with the wallet's tables; only sandbox/payments reads or writes these.
 */

/** A QR payment order the sandbox gateway made for a merchant reference. */
export const sandboxPaymentOrders = pgTable(
  'sandbox_payment_orders',
  {
    /** The merchant's (our) reference. */
    reference: text('reference').primaryKey(),
    id: text('id').notNull().unique(),
    provider: text('provider').notNull(),
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
    payload: text('payload').notNull(),
    /** open -> paid | cancelled */
    status: text('status', { enum: ['open', 'paid', 'cancelled'] }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [check('sandbox_payment_orders_positive', sql`${table.amount} > 0`)],
);

/** A gift voucher the sandbox voucher service issued; redeemed at most once. */
export const sandboxVouchers = pgTable(
  'sandbox_vouchers',
  {
    code: text('code').primaryKey(),
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
    /** The reference it was redeemed under; null while available. */
    redeemedReference: text('redeemed_reference'),
    redeemedAt: timestamp('redeemed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [check('sandbox_vouchers_positive', sql`${table.amount} > 0`)],
);
