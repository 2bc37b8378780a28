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
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { BonusReward, GrantChannel, TurnoverContribution } from '@wallet/contract/http/bonus';
import type { PerCurrency } from '@wallet/contract/money';

/**
 * Bonuses and promotion codes (docs/decisions/019-bonus-grant-engine.md). Offers are what the
 * operator sets; a grant is one member's claim of an offer, with the offer's terms copied into it.
 * The money of a grant lives in the ledger (the bonus credit, the closing take-back), never here:
 * a grant only records what it was promised and how it ended. Only modules/promotions reads or
 * writes these tables.
 */

/** A text in the three languages of the site. */
export interface LocalText {
  th: string;
  lo: string;
  en: string;
}

/** An offer's reward as stored: a percent up to a maximum, or a fixed amount, each per currency. */
export type StoredReward =
  | { kind: 'percent'; percent: number; max: PerCurrency<number> }
  | { kind: 'fixed'; amount: PerCurrency<number> };

/** Which deposit an offer can be claimed on, besides being the latest unused one. */
export type DepositRule = 'any' | 'first_ever' | 'first_of_day';

export interface StoredBanner {
  image: string;
  html: LocalText;
}

export const promotionOffers = pgTable(
  'promotion_offers',
  {
    id: serial('id').primaryKey(),
    /** Upper-case; members type it (promotions) or the page sends it (bonuses). */
    code: text('code').notNull().unique(),
    channel: text('channel', { enum: ['bonus', 'promotion'] }).notNull(),
    names: jsonb('names').$type<LocalText>().notNull(),
    /** The bonus dialog's notice, or the promotion's description. */
    notices: jsonb('notices').$type<LocalText>().notNull(),
    type: text('type', { enum: ['limit', 'day', 'week'] }).notNull(),
    maxReceived: integer('max_received').notNull(),
    /** Its amount in each currency (decision 067): a kip claim gets the kip figure. */
    reward: jsonb('reward').$type<StoredReward>().notNull(),
    depositRule: text('deposit_rule', { enum: ['any', 'first_ever', 'first_of_day'] })
      .notNull()
      .default('any'),
    /** Per currency, minor units (decision 067), as are floor, budget and granted. */
    minimumDeposit: jsonb('minimum_deposit').$type<PerCurrency<number>>().notNull(),
    /** The qualifying deposit must be at most this old when the offer is claimed. */
    depositWithinMinutes: integer('deposit_within_minutes').notNull().default(1440),
    turnoverMultiple: integer('turnover_multiple').notNull(),
    contributions: jsonb('contributions').$type<TurnoverContribution[]>().notNull(),
    withdrawCapMultiple: integer('withdraw_cap_multiple'),
    floor: jsonb('floor').$type<PerCurrency<number>>().notNull(),
    percentFail: integer('percent_fail').notNull(),
    grantDays: integer('grant_days').notNull(),
    banners: jsonb('banners').$type<StoredBanner[]>().notNull().default([]),
    startsAt: timestamp('starts_at', { withTimezone: true }),
    endsAt: timestamp('ends_at', { withTimezone: true }),
    active: boolean('active').notNull().default(true),
    /** The most all grants of the offer may credit together, per currency; null: no budget. */
    budget: jsonb('budget').$type<PerCurrency<number>>(),
    /**
     * What all grants of the offer were promised so far (kept with each claim under the offer's row
     * lock, so a budget check reads one row; ledger:check compares it with the grants).
     */
    granted: jsonb('granted')
      .$type<PerCurrency<number>>()
      .notNull()
      .default(sql`'{"BAHT": 0, "LAK": 0}'::jsonb`),
    /** Order on the bonus page. */
    sort: integer('sort').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check('promotion_offers_code_upper', sql`${table.code} = upper(${table.code})`),
    check('promotion_offers_percent_fail', sql`${table.percentFail} between 0 and 100`),
    check('promotion_offers_max_received', sql`${table.maxReceived} > 0`),
  ],
);

/** The terms a grant keeps: the offer as it was when claimed. */
/** What a closing's take-back was sized on, in minor units as decimal strings (jsonb holds no bigint). */
export interface ClosingBasis {
  wallet: string;
  games: string;
  /** Money of the member in flight then: counted, as it is still theirs (decision 034). */
  inFlight: string;
  /** The holds that money waited in: a take of less than the amount must come after they settled. */
  holds: string[];
  /** Deposits after the promotion's own (the member's, outside the cap). */
  later: string;
  /** Turnover done. */
  done: string;
}

export interface GrantTerms {
  code: string;
  /** An offer's (bonus, promotion), or a program's (invite, refund: decision 020). */
  channel: GrantChannel;
  names: LocalText;
  type: 'limit' | 'day' | 'week';
  maxReceived: number;
  reward: BonusReward;
  minimumDeposit: string;
  turnoverMultiple: number;
  contributions: TurnoverContribution[];
  withdrawCapMultiple: number | null;
  floor: string;
  percentFail: number;
  grantDays: number;
  /**
   * Percent of the bonus the member keeps once the turnover is met (a program's `success`,
   * decision 020); absent: all of it.
   */
  keepPercent?: number;
}

export const promotionGrants = pgTable(
  'promotion_grants',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    memberId: bigint('member_id', { mode: 'number' }).notNull(),
    /** The offer claimed; null for a program's grant (invite bonus, loss refund). */
    offerId: integer('offer_id').references(() => promotionOffers.id),
    program: text('program', { enum: ['invite', 'refund', 'prize'] }),
    terms: jsonb('terms').$type<GrantTerms>().notNull(),
    currency: text('currency').notNull(),
    /** The ledger transfer of the qualifying deposit; null for an offer that needs none. */
    depositTransferId: bigint('deposit_transfer_id', { mode: 'number' }).unique(),
    deposit: bigint('deposit', { mode: 'bigint' }).notNull(),
    bonus: bigint('bonus', { mode: 'bigint' }).notNull(),
    requiredTurnover: bigint('required_turnover', { mode: 'bigint' }).notNull(),
    state: text('state', { enum: ['active', 'completed', 'cancelled', 'ended', 'expired'] }).notNull(),
    /** From the service's clock: periods (day, week) and expiry are counted from it. */
    claimedAt: timestamp('claimed_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** Set once the bonus credit is in the ledger (a sweep finishes a claim cut off before it). */
    credited: boolean('credited').notNull().default(false),
    /** The final state a closing is bringing the grant to; set once, by the first closer. */
    closingState: text('closing_state', { enum: ['completed', 'cancelled', 'ended', 'expired'] }),
    /**
     * What the closing takes back, fixed by the closer that first worked it out (from what the
     * member held then): a retry never takes more, whatever the member deposits meanwhile.
     */
    closingAmount: bigint('closing_amount', { mode: 'bigint' }),
    /**
     * What the closing amount was worked out from, fixed with it (decision 034): ledger:check
     * works the amount out again and checks a grant closed while money was in flight waited for it.
     */
    closingBasis: jsonb('closing_basis').$type<ClosingBasis>(),
    /** When the closing began (database clock): ledger:check reports one that waits too long. */
    closingSince: timestamp('closing_since', { withTimezone: true }),
    /** One process closes a grant at a time: its lease (a crashed closer's runs out). */
    closingLease: text('closing_lease'),
    closingLeaseUntil: timestamp('closing_lease_until', { withTimezone: true }),
    /** What the closing took back into the operator's bonus account (0: nothing). */
    closedAmount: bigint('closed_amount', { mode: 'bigint' }),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    /** When the schedule next pulls its turnover (claimed rows are pushed ahead). */
    nextCheckAt: timestamp('next_check_at', { withTimezone: true }).notNull().defaultNow(),
    /** The database's clock at the claim, for the sweeps and ledger:check (claimedAt is the engine's). */
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    // NOTE: the one-grant-at-a-time rule lives here, so no race of claims can break it.
    uniqueIndex('promotion_grants_one_active')
      .on(table.memberId)
      .where(sql`${table.state} = 'active'`),
    index('promotion_grants_member_offer').on(table.memberId, table.offerId, table.claimedAt),
    index('promotion_grants_offer').on(table.offerId),
    index('promotion_grants_due')
      .on(table.nextCheckAt)
      .where(sql`${table.state} = 'active'`),
    index('promotion_grants_uncredited')
      .on(table.createdAt)
      .where(sql`not ${table.credited}`),
    index('promotion_grants_closing')
      .on(table.closingSince)
      .where(sql`${table.state} = 'active' and ${table.closingState} is not null`),
    check('promotion_grants_bonus', sql`${table.bonus} > 0`),
    check('promotion_grants_source', sql`(${table.offerId} is null) = (${table.program} is not null)`),
  ],
);

/**
 * The turnover a grant counted from one game, and the last provider round read: rounds are read
 * after it, and the cursor and the sum move together in one compare-and-set, so a round fetched
 * twice is counted once. Turnover is a measure of play, not money.
 */
export const promotionGrantTurnover = pgTable(
  'promotion_grant_turnover',
  {
    grantId: bigint('grant_id', { mode: 'number' })
      .notNull()
      .references(() => promotionGrants.id),
    gameCode: text('game_code').notNull(),
    lastRoundId: bigint('last_round_id', { mode: 'number' }).notNull(),
    turnover: bigint('turnover', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
  },
  (table) => [primaryKey({ columns: [table.grantId, table.gameCode] })],
);
