import { sql } from 'drizzle-orm';
import { boolean, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

/** Banks a member can register an account at, and the operator's receiving banks. */
export const banks = pgTable('banks', {
  code: text('code').primaryKey(),
  nameTh: text('name_th').notNull(),
  nameEn: text('name_en').notNull(),
  /** The name in Lao; null: Lao readers get the Thai name (platform/locale.ts, localized). */
  nameLo: text('name_lo'),
  /** TH or LA: which market's members bank there. */
  market: text('market').notNull(),
  englishNameOnly: boolean('english_name_only').notNull().default(false),
  /** How many digits the bank's account numbers have (one or more lengths; none: not known). */
  accountNoLengths: integer('account_no_lengths')
    .array()
    .notNull()
    .default(sql`'{}'::integer[]`),
  sortOrder: integer('sort_order').notNull().default(0),
  active: boolean('active').notNull().default(true),
});

/** Where a visitor heard of the site (the registration select). */
export const discoverySources = pgTable('discovery_sources', {
  code: text('code').primaryKey(),
  /** { th, lo, en } */
  descriptions: jsonb('descriptions').$type<Record<string, string>>().notNull(),
  sortOrder: integer('sort_order').notNull().default(0),
  active: boolean('active').notNull().default(true),
});

/**
 * Operator settings shown to members, one row per key (info, contact, conditions, ...).
 * Each value is validated by lookups.settings.ts when read, so a bad edit fails loudly.
 */
export const siteSettings = pgTable('site_settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** The operator's bank accounts that receive members' deposits. */
export const depositBankAccounts = pgTable('deposit_bank_accounts', {
  id: serial('id').primaryKey(),
  bankCode: text('bank_code')
    .notNull()
    .references(() => banks.code),
  bankType: text('bank_type').notNull(),
  mode: text('mode').notNull(),
  /** The account's name as the bank holds it: shown when there is none in the member's language. */
  accountName: text('account_name').notNull(),
  /** The account's name as members of each language read it ({ th?, lo?, en? }). */
  accountNames: jsonb('account_names').$type<Partial<Record<string, string>>>().notNull().default({}),
  accountNo: text('account_no').notNull().unique(),
  currency: text('currency').notNull(),
  sortOrder: integer('sort_order').notNull().default(0),
  active: boolean('active').notNull().default(true),
});

/** The operator's prepaid-wallet accounts that receive gift links. */
export const depositWalletAccounts = pgTable('deposit_wallet_accounts', {
  id: serial('id').primaryKey(),
  mode: text('mode').notNull(),
  walletAccountName: text('wallet_account_name').notNull().unique(),
  sortOrder: integer('sort_order').notNull().default(0),
  active: boolean('active').notNull().default(true),
});
