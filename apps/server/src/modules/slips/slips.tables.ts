import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  customType,
  index,
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
    // A bank transfer credits once, however many copies of its slip are uploaded, by whom, with
    // its reference in whichever letter case.
    uniqueIndex('slip_uploads_credited_once')
      .on(sql`upper(${table.reference})`)
      .where(sql`${table.status} = 'SUCCESS'`),
  ],
);
