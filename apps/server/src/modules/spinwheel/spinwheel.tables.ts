import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { LocalText } from '../promotions/engine/grants.service';
import type { StoredCoinRules, StoredPrize } from './spinwheel-settings';

/**
 * The spin wheel (docs/decisions/021-spin-wheel.md). Coins and prizes are money of the ledger (a
 * member's `coin:` and `prize:` accounts, the operator's coin and prize accounts); these tables hold
 * the operator's wheel, what each slice has left to give, and the coupons draws issued. Only
 * modules/spinwheel reads or writes them.
 */

/** A wheel: its name, the coin rules and how long coupons last. At most one is active. */
export const spinWheels = pgTable(
  'spin_wheels',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    active: boolean('active').notNull(),
    /** Checked by its schema on every read (spinwheel-settings.ts). */
    coinRules: jsonb('coin_rules').$type<StoredCoinRules>().notNull(),
    couponHours: integer('coupon_hours').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('spin_wheels_one_active')
      .on(table.active)
      .where(sql`${table.active}`),
    check('spin_wheels_coupon_hours', sql`${table.couponHours} > 0`),
  ],
);

/** A slice, in its clockwise position from the top; drawn by its weight. */
export const spinSlices = pgTable(
  'spin_slices',
  {
    wheelId: integer('wheel_id')
      .notNull()
      .references(() => spinWheels.id),
    code: text('code').notNull(),
    position: integer('position').notNull(),
    labels: jsonb('labels').$type<LocalText>().notNull(),
    bgColor: text('bg_color').notNull(),
    textColor: text('text_color').notNull(),
    descriptions: jsonb('descriptions').$type<LocalText>().notNull(),
    weight: integer('weight').notNull(),
    prize: jsonb('prize').$type<StoredPrize>().notNull(),
    /** Prizes left to give (null: unlimited); a draw takes one under a conditional update. */
    stock: integer('stock'),
    /** The most a slice pays in a market day, per unit (minor units, or coins); null: no budget. */
    dailyBudget: jsonb('daily_budget').$type<Record<string, string>>(),
    /** Withdrawn by the operator: never drawn, and its coupons are not paid (INVALID_PRIZE_CODE). */
    withdrawn: boolean('withdrawn').notNull().default(false),
  },
  (table) => [
    primaryKey({ columns: [table.wheelId, table.code] }),
    check('spin_slices_weight', sql`${table.weight} >= 0`),
    check('spin_slices_stock', sql`${table.stock} is null or ${table.stock} >= 0`),
  ],
);

/** What a slice paid in a market day, per unit: its daily budget is judged on this row. */
export const spinSliceDays = pgTable(
  'spin_slice_days',
  {
    wheelId: integer('wheel_id').notNull(),
    code: text('code').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    unit: text('unit').notNull(),
    paid: bigint('paid', { mode: 'bigint' }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.wheelId, table.code, table.day, table.unit] })],
);

/**
 * One draw and the coupon it issued: the prize as it was drawn (a later edit of the wheel never
 * changes it). A cash or bonus prize's worth sits in the member's `prize:` account until the coupon
 * is claimed or expires.
 */
export const spinCoupons = pgTable(
  'spin_coupons',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    memberId: bigint('member_id', { mode: 'number' }).notNull(),
    /** The spin's Idempotency-Key: one draw per member and key, whatever retries. */
    requestKey: text('request_key').notNull(),
    wheelId: integer('wheel_id').notNull(),
    sliceCode: text('slice_code').notNull(),
    labels: jsonb('labels').$type<LocalText>().notNull(),
    kind: text('kind', { enum: ['cash', 'bonus', 'coin', 'none'] }).notNull(),
    /** BAHT or LAK (cash, bonus), COIN, or null (nothing). */
    unit: text('unit'),
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
    /** A bonus prize's grant terms. */
    terms: jsonb('terms').$type<Record<string, unknown>>(),
    status: text('status', { enum: ['claimable', 'claimed', 'expired', 'none'] }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    claimedAt: timestamp('claimed_at', { withTimezone: true }),
    /** The grant a bonus prize made. */
    grantId: bigint('grant_id', { mode: 'number' }),
  },
  (table) => [
    uniqueIndex('spin_coupons_request').on(table.memberId, table.requestKey),
    index('spin_coupons_member').on(table.memberId, table.id),
    index('spin_coupons_due')
      .on(table.expiresAt)
      .where(sql`${table.status} = 'claimable'`),
    check('spin_coupons_amount', sql`${table.amount} >= 0`),
    check(
      'spin_coupons_nothing',
      sql`(${table.kind} = 'none') = (${table.status} = 'none') and (${table.kind} = 'none') = (${table.unit} is null)`,
    ),
  ],
);
