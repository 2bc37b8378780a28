import { bigint, bigserial, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';

/**
 * The outbox of notices to the staff group chat (issue 27, section 7; decision 045). A notice is
 * written here by whatever it tells of and sent by the notices schedule, retried with back-off
 * until the notifier takes it, so a notifier that is down never blocks money. Only
 * modules/notices reads or writes these.
 */
export const staffNotices = pgTable(
  'staff_notices',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    kind: text('kind').notNull(),
    /** One notice per thing it tells of (a withdrawal's key, a deposit's transfer, a day). */
    dedupeKey: text('dedupe_key').notNull().unique(),
    text: text('text').notNull(),
    data: jsonb('data').$type<Record<string, unknown>>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    attempts: integer('attempts').notNull().default(0),
    /** The next try (and the lease of the process trying it now), on the database's clock. */
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    lastError: text('last_error'),
  },
  (table) => [
    index('staff_notices_due')
      .on(table.nextAttemptAt)
      .where(sql`${table.sentAt} is null`),
  ],
);

/** How far a scan of the ledger for notices has read (the large deposits'), one row per scan. */
export const staffNoticeCursors = pgTable('staff_notice_cursors', {
  name: text('name').primaryKey(),
  lastId: bigint('last_id', { mode: 'number' }).notNull(),
});
