import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  check,
  doublePrecision,
  index,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
} from 'drizzle-orm/pg-core';

/** A member: the phone number is the username. */
export const members = pgTable(
  'members',
  {
    // Profile ids start at 100001 so invite codes (PR<id>) look like codes, not counters.
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity({ startWith: 100001 }),
    username: text('username').notNull().unique(),
    name: text('name').notNull(),
    passwordHash: text('password_hash').notNull(),
    sourceCode: text('source_code').notNull(),
    inviterId: bigint('inviter_id', { mode: 'number' }),
    currency: text('currency').notNull(),
    status: text('status').notNull().default('active'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check('members_status', sql`${table.status} in ('active', 'inactive')`),
    // Staff search (decision 048): a phone by its last digits, a name anywhere in it (pg_trgm).
    index('members_username_reversed').on(sql`reverse(${table.username}) text_pattern_ops`),
    index('members_name_trigrams').using('gin', sql`${table.name} gin_trgm_ops`),
    // Whom a member invited, newest first (the console's member view, the invite bonus).
    index('members_inviter').on(table.inviterId, table.id),
  ],
);

/** The one bank account a member registered; a bank account belongs to one member only. */
export const memberBankAccounts = pgTable(
  'member_bank_accounts',
  {
    memberId: bigint('member_id', { mode: 'number' })
      .primaryKey()
      .references(() => members.id),
    bankCode: text('bank_code').notNull(),
    accountNo: text('account_no').notNull(),
    accountName: text('account_name').notNull(),
    /**
     * The account's currency (BAHT or LAK): a Thai bank's is baht; a Lao bank holds kip and baht
     * accounts, and the member says which at registration (migration 0043, decision 069). No
     * payout goes to an account of another currency than the wallet's.
     */
    currency: text('currency').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    unique('member_bank_accounts_bank_no').on(table.bankCode, table.accountNo),
    // Numbers are compared without leading zeros (bankAccountNoKey, decision 035). Not unique: rows
    // registered before the rule may share a key; new ones are checked under an advisory lock.
    index('member_bank_accounts_bank_key').on(table.bankCode, sql`ltrim(${table.accountNo}, '0')`),
    // Staff search (decision 048): a number whole or by its last digits, of any bank.
    index('member_bank_accounts_no_reversed').on(sql`reverse(${table.accountNo}) text_pattern_ops`),
  ],
);

/** Every change of a member's bank details: who, when, from where, what it was and became. */
export const bankAccountChanges = pgTable(
  'bank_account_changes',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    memberId: bigint('member_id', { mode: 'number' })
      .notNull()
      .references(() => members.id),
    /** member or staff */
    actorType: text('actor_type').notNull(),
    actorId: text('actor_id').notNull(),
    field: text('field').notNull(),
    oldValue: text('old_value'),
    newValue: text('new_value').notNull(),
    clientAddress: text('client_address').notNull(),
    userAgent: text('user_agent'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('bank_account_changes_member').on(table.memberId, table.createdAt)],
);

/** A signed-in session; only the hash of its token is kept. */
export const sessions = pgTable(
  'sessions',
  {
    tokenHash: text('token_hash').primaryKey(),
    memberId: bigint('member_id', { mode: 'number' })
      .notNull()
      .references(() => members.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    clientAddress: text('client_address').notNull(),
    userAgent: text('user_agent'),
  },
  (table) => [index('sessions_member').on(table.memberId)],
);

/** Failed sign-ins (the address by its client key), counted per phone and per address to throttle guessing. */
export const loginFailures = pgTable(
  'login_failures',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    username: text('username').notNull(),
    clientAddress: text('client_address').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('login_failures_username').on(table.username, table.createdAt),
    index('login_failures_address').on(table.clientAddress, table.createdAt),
  ],
);

/**
 * The sign-in back-off of one phone from every address (docs/decisions/015-sign-in-throttling.md):
 * its failure level, which drops by one every LOGIN_PHONE_FORGET_MINUTES from `level_at` on, and
 * the time before which a try from a device or address the member has not signed in from is refused.
 */
export const signInPhones = pgTable('sign_in_phones', {
  username: text('username').primaryKey(),
  level: doublePrecision('level').notNull(),
  levelAt: timestamp('level_at', { withTimezone: true }).notNull(),
  nextTryAt: timestamp('next_try_at', { withTimezone: true }),
});

/**
 * Where a member signed in from: a device (the SHA-256 of its cookie's token) or an address (its
 * client key). A try from either is not held back by the back-offs a distributed attack causes.
 */
export const signInKnown = pgTable(
  'sign_in_known',
  {
    username: text('username').notNull(),
    /** device or address */
    kind: text('kind').notNull(),
    key: text('key').notNull(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.username, table.kind, table.key] }),
    check('sign_in_known_kind', sql`${table.kind} in ('device', 'address')`),
    index('sign_in_known_last_used').on(table.lastUsedAt),
  ],
);
