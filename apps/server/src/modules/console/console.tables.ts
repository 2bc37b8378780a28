import {
  bigint,
  bigserial,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { STAFF_ROLES } from '@wallet/contract/staff-roles';

/**
 * The operator console's staff (docs/decisions/023-support-chat.md): accounts made by
 * `npm run staff:create`, a password and a TOTP second factor, sessions apart from members', and
 * the audit of every staff action. Only modules/console reads or writes these tables.
 */

export const staffMembers = pgTable(
  'staff_members',
  {
    id: serial('id').primaryKey(),
    username: text('username').notNull(),
    name: text('name').notNull(),
    /** argon2id. */
    passwordHash: text('password_hash').notNull(),
    /** The TOTP secret (base32); null until enrolled at the first sign-in. */
    totpSecret: text('totp_secret'),
    /** The last TOTP time step accepted: a code is taken once. */
    totpLastStep: integer('totp_last_step'),
    active: boolean('active').notNull().default(true),
    /** What the staff member may do (packages/contract staff-roles.ts, decision 044). */
    role: text('role', { enum: STAFF_ROLES }).notNull().default('support'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('staff_members_username').on(table.username)],
);

/** The step between a right password and a right TOTP code (enrolment carries the new secret). */
export const staffLoginChallenges = pgTable('staff_login_challenges', {
  tokenHash: text('token_hash').primaryKey(),
  staffId: integer('staff_id')
    .notNull()
    .references(() => staffMembers.id),
  /** Enrolment: the secret the authenticator was shown, stored on the staff member once a code proves it. */
  pendingSecret: text('pending_secret'),
  attempts: integer('attempts').notNull().default(0),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const staffSessions = pgTable(
  'staff_sessions',
  {
    tokenHash: text('token_hash').primaryKey(),
    staffId: integer('staff_id')
      .notNull()
      .references(() => staffMembers.id),
    ip: text('ip').notNull(),
    userAgent: text('user_agent').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (table) => [index('staff_sessions_staff').on(table.staffId)],
);

/**
 * Every staff action: who, what, on what, when, from where. Append-only (a trigger refuses
 * UPDATE, DELETE and TRUNCATE) and hash-chained (audit-chain.ts, decision 043): rows are written
 * only by `appendAudit`, which numbers and hashes them under one lock.
 */
export const staffAudit = pgTable(
  'staff_audit',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** 1, 2, 3, … with no gap: a missing number is a removed row (ids may skip on a rollback). */
    seq: bigint('seq', { mode: 'number' }).notNull(),
    /** Null for a sign-in that failed before anyone was known. */
    staffId: integer('staff_id').references(() => staffMembers.id),
    action: text('action').notNull(),
    /** What was acted on, e.g. `conversation:12` or `member:7`. */
    target: text('target'),
    detail: jsonb('detail').$type<Record<string, unknown>>().notNull().default({}),
    ip: text('ip').notNull(),
    userAgent: text('user_agent').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    /** The hash of the row before (seq - 1), or AUDIT_GENESIS_HASH for the first. */
    prevHash: text('prev_hash').notNull(),
    /** SHA-256 (hex) of this row's content and prev_hash (auditContentSql). */
    hash: text('hash').notNull(),
  },
  (table) => [
    uniqueIndex('staff_audit_seq').on(table.seq),
    // The audit screen's filters, each read newest first by seq (decision 048); the time filter
    // alone by its own index.
    index('staff_audit_staff_seq').on(table.staffId, table.seq),
    index('staff_audit_action_seq').on(table.action, table.seq),
    index('staff_audit_target_seq').on(table.target, table.seq),
    index('staff_audit_at').on(table.at),
  ],
);
