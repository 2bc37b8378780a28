import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';

/**
 * Play limits a member sets (issue 29, decision 061): one row per member, kind and period. The
 * value in force is `value` (null: none); a loosening waits in `pending_*` until the member confirms
 * it after `pending_from` (24 h after it was asked). Only modules/limits reads or writes these.
 */
export const playLimits = pgTable(
  'play_limits',
  {
    memberId: bigint('member_id', { mode: 'number' }).notNull(),
    /** deposit | loss */
    kind: text('kind').notNull(),
    /** day | week | month */
    period: text('period').notNull(),
    /** Minor units; null: no limit. */
    value: bigint('value', { mode: 'bigint' }),
    /** A loosening asked for: true even when the asked value is null (a removal). */
    pending: boolean('pending').notNull().default(false),
    pendingValue: bigint('pending_value', { mode: 'bigint' }),
    /** The earliest moment a confirmation makes the pending value the one in force. */
    pendingFrom: timestamp('pending_from', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.memberId, table.kind, table.period] }),
    check('play_limits_kind', sql`${table.kind} in ('deposit', 'loss')`),
    check('play_limits_period', sql`${table.period} in ('day', 'week', 'month')`),
    check('play_limits_positive', sql`${table.value} is null or ${table.value} > 0`),
  ],
);

/**
 * A member's reality check, time-out, self-exclusion and play session (decision 061). A time-out
 * ends by itself at `timeout_until`; a self-exclusion never does: after `excluded_until` (null:
 * for good) the member asks, and it lifts at `lift_at`, 7 days later.
 */
export const playStates = pgTable('play_states', {
  memberId: bigint('member_id', { mode: 'number' }).primaryKey(),
  realityCheckMinutes: integer('reality_check_minutes'),
  timeoutUntil: timestamp('timeout_until', { withTimezone: true }),
  excludedSince: timestamp('excluded_since', { withTimezone: true }),
  /** Null while excluded_since is set: for good. */
  excludedUntil: timestamp('excluded_until', { withTimezone: true }),
  liftAt: timestamp('lift_at', { withTimezone: true }),
  /** The play session's clock: its first move toward play, and the latest. */
  sessionStartedAt: timestamp('session_started_at', { withTimezone: true }),
  sessionLastAt: timestamp('session_last_at', { withTimezone: true }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
});

/** Every change of a member's limits and states, by the member or staff: the history staff read. */
export const playLimitEvents = pgTable(
  'play_limit_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    memberId: bigint('member_id', { mode: 'number' }).notNull(),
    /** Null: the member. */
    staffId: integer('staff_id'),
    what: text('what').notNull(),
    detail: jsonb('detail').$type<Record<string, unknown>>().notNull(),
    at: timestamp('at', { withTimezone: true }).notNull(),
  },
  (table) => [index('play_limit_events_member').on(table.memberId, table.id)],
);

/**
 * Deposits on their way whose amount is known before the money arrives (a gift link being
 * redeemed): counted against the deposit limit until credited, so two at once cannot both pass.
 */
export const depositReservations = pgTable('deposit_reservations', {
  key: text('key').primaryKey(),
  memberId: bigint('member_id', { mode: 'number' }).notNull(),
  amount: bigint('amount', { mode: 'bigint' }).notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
