import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  customType,
  index,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

const bytea = customType<{ data: Buffer }>({ dataType: () => 'bytea' });

/**
 * Every slip a member uploaded that could be read as an image, with its outcome: the slip status
 * dialog shows these. The money is in the ledger (credited under deposit:slip:<REFERENCE>).
 * Only modules/slips reads or writes it.
 */
export const slipUploads = pgTable(
  'slip_uploads',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    memberId: bigint('member_id', { mode: 'number' }).notNull(),
    /**
     * REVIEW: for staff. With note SENDER_UNCONFIRMED, verified but its sender not confirmed as the
     * member: nothing credited, staff decide. With note SLIP_CREDITED_TWICE (rows from before
     * migration 0014 only): credited a second time under its reference in another letter case,
     * staff reverse that credit, then set the row FAILED (`npm run ledger:check` lists them till then).
     * A SENDER_UNCONFIRMED row staff decided becomes SUCCESS with note SLIP_CREDITED_BY_STAFF, or
     * FAILED with SLIP_REFUSED_BY_STAFF (decision 049).
     */
    status: text('status', { enum: ['SUCCESS', 'FAILED', 'PENDING', 'REVIEW'] }).notNull(),
    /** Why it failed (a slip note of the contract); null otherwise. */
    note: text('note'),
    amount: bigint('amount', { mode: 'bigint' }),
    /**
     * The sending bank's 3-digit code and the transaction reference read from the QR code (upper
     * case since migration 0014; older rows as they were read).
     */
    sendingBank: text('sending_bank'),
    reference: text('reference'),
    /**
     * What the verifier told of the transfer's sender (masked as it gives it) and when the money
     * left, for staff who review the slip; null on rows from before they were kept (migration 0037)
     * and on slips the verifier did not find.
     */
    sender: jsonb('sender').$type<{ bankCode: string | null; accountNo: string; names: string[] }>(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    /**
     * The currency of the operator's account the money went to, where it is not the member's
     * (DEST_ACC_TAKES_BAHT / _KIP, migration 0043), or of the member's own account it left
     * (SENDER_ACC_OTHER_CURRENCY); null: the member's.
     */
    currency: text('currency'),
    /** SENDER_UNCONFIRMED only: which check failed (the account changed after, or the name). */
    unconfirmed: text('unconfirmed', { enum: ['bank_changed_after', 'name_differs'] }),
    /** The image re-encoded from its pixels (never the uploaded bytes); empty without a reference. */
    image: bytea('image').notNull(),
    imageType: text('image_type').notNull(),
    /**
     * Whether `image` holds re-encoded pixels: rows from before migration 0015 hold the upload's
     * own bytes, re-encoded and stored back when first shown.
     */
    imageReencoded: boolean('image_reencoded').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('slip_uploads_member').on(table.memberId, table.id),
    // The console's queue of slips kept for staff (decision 049).
    index('slip_uploads_review')
      .on(table.id)
      .where(sql`${table.status} = 'REVIEW'`),
    // A bank transfer credits once, however many copies of its slip are uploaded, by whom, with
    // its reference in whichever letter case.
    uniqueIndex('slip_uploads_credited_once')
      .on(sql`upper(${table.reference})`)
      .where(sql`${table.status} = 'SUCCESS'`),
  ],
);
