import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

/**
 * Deposits' own records. The money itself is in the ledger (decision 009): these say which QR,
 * gift link or notice a credit came from, so each is credited once. Only modules/deposits reads
 * or writes them.
 */

/** A QR payment a member opened at a payment provider. */
export const qrPayments = pgTable(
  'qr_payments',
  {
    /** Our reference, sent to the provider and shown to the member as qrcodeId. */
    id: text('id').primaryKey(),
    memberId: bigint('member_id', { mode: 'number' }).notNull(),
    provider: text('provider').notNull(),
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
    currency: text('currency').notNull(),
    /** open -> paid | cancelled | expired | failed (the provider would not make it). A late payment of a cancelled or expired QR still makes it paid: the money arrived. */
    status: text('status', { enum: ['open', 'paid', 'cancelled', 'expired', 'failed'] }).notNull(),
    /** The EMVCo payload the provider made (rendered as the QR image). */
    payload: text('payload'),
    providerReference: text('provider_reference'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
  },
  (table) => [
    check('qr_payments_positive', sql`${table.amount} > 0`),
    // At most one open QR per member and provider, whatever requests race.
    uniqueIndex('qr_payments_one_open')
      .on(table.memberId, table.provider)
      .where(sql`${table.status} = 'open'`),
    index('qr_payments_member').on(table.memberId, table.createdAt),
  ],
);

/** Every payment-provider webhook event accepted (signature and time checked), kept once. */
export const paymentWebhookEvents = pgTable(
  'payment_webhook_events',
  {
    provider: text('provider').notNull(),
    eventId: text('event_id').notNull(),
    body: jsonb('body').notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.provider, table.eventId] })],
);

/** A prepaid-wallet gift link a member sent: one row per voucher, so a link is used once. */
export const giftLinks = pgTable(
  'gift_links',
  {
    voucherCode: text('voucher_code').primaryKey(),
    memberId: bigint('member_id', { mode: 'number' }).notNull(),
    /** The ledger key of the request that sent it (a retry of that request goes on). */
    requestKey: text('request_key').notNull(),
    /** redeeming -> credited | refused */
    status: text('status', { enum: ['redeeming', 'credited', 'refused'] }).notNull(),
    amount: bigint('amount', { mode: 'bigint' }),
    reason: text('reason'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * The lease on a redeeming link, by the database's clock: the member's request holds it for a
     * while, then the sweep may claim it; each claim pushes it further (backoff) and counts an attempt.
     */
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    attempts: integer('attempts').notNull().default(0),
  },
  (table) => [
    index('gift_links_redeeming')
      .on(table.nextAttemptAt)
      .where(sql`${table.status} = 'redeeming'`),
  ],
);

/**
 * A QR paid with another amount than it was made for: nothing is credited, staff decide. One row
 * per gateway event, so a redelivered event adds none.
 */
export const paymentReviews = pgTable(
  'payment_reviews',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    qrPaymentId: text('qr_payment_id').notNull(),
    memberId: bigint('member_id', { mode: 'number' }).notNull(),
    provider: text('provider').notNull(),
    eventId: text('event_id').notNull(),
    currency: text('currency').notNull(),
    expectedAmount: bigint('expected_amount', { mode: 'bigint' }).notNull(),
    paidAmount: bigint('paid_amount', { mode: 'bigint' }).notNull(),
    /** When the gateway says it was paid; createdAt is when we recorded it. */
    paidAt: timestamp('paid_at', { withTimezone: true }).notNull(),
    /** open -> resolved (by staff, from the console to come). */
    status: text('status', { enum: ['open', 'resolved'] })
      .notNull()
      .default('open'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('payment_reviews_event').on(table.provider, table.eventId),
    index('payment_reviews_open')
      .on(table.id)
      .where(sql`${table.status} = 'open'`),
  ],
);

/** A manual deposit notice: waits for staff, credits nothing by itself. */
export const depositNotices = pgTable(
  'deposit_notices',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    memberId: bigint('member_id', { mode: 'number' }).notNull(),
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
    currency: text('currency').notNull(),
    status: text('status', { enum: ['waiting', 'credited', 'rejected'] })
      .notNull()
      .default('waiting'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [check('deposit_notices_positive', sql`${table.amount} > 0`)],
);

/**
 * What staff decided on a deposit that waited for a person (decision 049): one row per item,
 * written in the transaction that closes the item and, for a credit, moves the money. The item's
 * own row (slip, payment review, gift link, notice) says it is closed; this says who, how much, why.
 */
export const depositReviewDecisions = pgTable('deposit_review_decisions', {
  /** The item's id in the console: slip:123, qr:45, gift:<voucher code>, notice:9. */
  itemId: text('item_id').primaryKey(),
  memberId: bigint('member_id', { mode: 'number' }).notNull(),
  status: text('status', { enum: ['credited', 'refused'] }).notNull(),
  /** The amount credited; null for a refusal. */
  amount: bigint('amount', { mode: 'bigint' }),
  currency: text('currency').notNull(),
  /** Staff's note, plain text. */
  note: text('note').notNull(),
  decidedBy: bigint('decided_by', { mode: 'number' }).notNull(),
  decidedAt: timestamp('decided_at', { withTimezone: true }).notNull().defaultNow(),
});
