import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';

/**
 * What staff write about a member (issue 27, section 5): notes for colleagues, and tags a rule
 * can act on (a withdrawal of a member with a tag staff chose is reviewed, decision 045). Only
 * modules/console reads or writes these.
 */
export const memberNotes = pgTable(
  'member_notes',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    memberId: bigint('member_id', { mode: 'number' }).notNull(),
    staffId: integer('staff_id').notNull(),
    /** Shown as text, never as HTML. */
    text: text('text').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('member_notes_member').on(table.memberId, table.id)],
);

export const memberTags = pgTable(
  'member_tags',
  {
    memberId: bigint('member_id', { mode: 'number' }).notNull(),
    tag: text('tag').notNull(),
    staffId: integer('staff_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.memberId, table.tag] }),
    check('member_tags_slug', sql`${table.tag} ~ '^[a-z0-9][a-z0-9_-]{0,31}$'`),
  ],
);
