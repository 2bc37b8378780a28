import { index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { staffMembers } from './console.tables';

/**
 * Web push to staff who allow it (issue 27, section 7; decision 053): one row per browser a staff
 * member turned notices on in, with the console's language then. Only modules/console reads these.
 */
export const staffPushSubscriptions = pgTable(
  'staff_push_subscriptions',
  {
    id: serial('id').primaryKey(),
    staffId: integer('staff_id')
      .notNull()
      .references(() => staffMembers.id),
    endpoint: text('endpoint').notNull(),
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    locale: text('locale').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('staff_push_endpoint').on(table.endpoint),
    index('staff_push_staff').on(table.staffId),
  ],
);

/**
 * The count of each kind of waiting work that staff were last pushed about. Every process reads
 * the counts; the one whose update moves a mark up is the one that pushes, so a rise is pushed once
 * whatever the number of processes.
 */
export const staffPushMarks = pgTable('staff_push_marks', {
  kind: text('kind').primaryKey(),
  count: integer('count').notNull().default(0),
});
