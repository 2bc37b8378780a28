import { sql } from 'drizzle-orm';
import { bigint, check, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The sandbox bank's own storage: the transfers it made, which its slip verification API knows.
 * Only sandbox/bank reads or writes it.
 */
export const sandboxBankTransfers = pgTable(
  'sandbox_bank_transfers',
  {
    transRef: text('trans_ref').primaryKey(),
    /** The 3-digit code of the sending bank, as printed in the slip's QR code. */
    sendingBank: text('sending_bank').notNull(),
    fromBankCode: text('from_bank_code').notNull(),
    fromAccountNo: text('from_account_no').notNull(),
    toBankCode: text('to_bank_code').notNull(),
    toAccountNo: text('to_account_no').notNull(),
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
    /** BAHT or LAK: the transfer's currency, told by the verification API (null: made before 0045). */
    currency: text('currency'),
    paidAt: timestamp('paid_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [check('sandbox_bank_transfers_positive', sql`${table.amount} > 0`)],
);
