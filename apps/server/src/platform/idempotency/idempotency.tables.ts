import { bigint, integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The first final answer of every money call, by the member's Idempotency-Key: a retry of the
 * same request gets that answer again, a different request under the same key is refused.
 */
export const idempotentRequests = pgTable(
  'idempotent_requests',
  {
    memberId: bigint('member_id', { mode: 'number' }).notNull(),
    key: text('key').notNull(),
    /** SHA-256 of the route and the canonical body. */
    fingerprint: text('fingerprint').notNull(),
    /** Null while the first attempt runs (or if it died before answering). */
    responseStatus: integer('response_status'),
    responseBody: jsonb('response_body'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.memberId, table.key] })],
);
