import { bigserial, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** One code sent to a phone. The code and the token the client holds are stored only as hashes. */
export const otpRequests = pgTable(
  'otp_requests',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    tokenHash: text('token_hash').notNull().unique(),
    phone: text('phone').notNull(),
    ref: text('ref').notNull(),
    codeHash: text('code_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    clientAddress: text('client_address').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    verifiedAt: timestamp('verified_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('otp_requests_phone_created').on(table.phone, table.createdAt),
    index('otp_requests_address_created').on(table.clientAddress, table.createdAt),
  ],
);

/**
 * A phone whose code was right: whoever holds the token of that code (tokenHash) may register
 * it until expiresAt. Holding the phone's number alone proves nothing.
 */
export const phoneVerifications = pgTable('phone_verifications', {
  phone: text('phone').primaryKey(),
  tokenHash: text('token_hash').notNull(),
  verifiedAt: timestamp('verified_at', { withTimezone: true }).notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});
