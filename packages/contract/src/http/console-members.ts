import { z } from 'zod';
import { Amount, CURRENCIES } from '../money';
import { GRANT_CHANNELS, GRANT_STATES } from './bonus';
import { MemberContextResponse } from './console';
import { STATEMENT_TYPES, StatementRow } from './statement';

/**
 * The console's members (issue 27, section 5; docs/decisions/048): search, and the member view that
 * gathers what the member's own screens and the inbox's member panel show. Phone and bank numbers
 * come whole with `members.personal`, else as their last 4 digits (masked by the server).
 */

/** Results on one page of a search. */
export const MEMBER_SEARCH_PAGE_SIZE = 20;
/** The shortest query: a name is matched anywhere in it, which needs 3 characters to be quick. */
export const MEMBER_SEARCH_MIN_LENGTH = 3;
/** The fewest trailing digits a phone or bank number is matched by. */
export const MEMBER_SEARCH_MIN_DIGITS = 4;

/** Which keys of a member a query matched. */
export const MEMBER_SEARCH_KEYS = ['id', 'phone', 'name', 'bank', 'invite'] as const;
export type MemberSearchKey = (typeof MEMBER_SEARCH_KEYS)[number];

export const MemberSearchRequest = z.object({
  q: z.string().trim().min(MEMBER_SEARCH_MIN_LENGTH).max(64),
  page: z.coerce.number().int().min(1).max(500).default(1),
});
export type MemberSearchRequest = z.infer<typeof MemberSearchRequest>;

export const MEMBER_STATUSES = ['active', 'inactive'] as const;

const MemberBank = z.object({ bankCode: z.string(), accountNo: z.string(), accountName: z.string() });

export const MemberSearchRow = z
  .object({
    id: z.number().int(),
    /** The phone: whole with members.personal, else its last 4 digits. */
    username: z.string(),
    name: z.string(),
    status: z.enum(MEMBER_STATUSES),
    bank: MemberBank.nullable(),
    createdAt: z.string(),
    matched: z.array(z.enum(MEMBER_SEARCH_KEYS)),
  })
  .meta({ id: 'MemberSearchRow' });
export type MemberSearchRow = z.infer<typeof MemberSearchRow>;

/** Newest members first. */
export const MemberSearchResponse = z
  .object({
    members: z.array(MemberSearchRow),
    total: z.number().int().nonnegative(),
    page: z.number().int().positive(),
    pageSize: z.number().int().positive(),
  })
  .meta({ id: 'MemberSearchResponse' });
export type MemberSearchResponse = z.infer<typeof MemberSearchResponse>;

/** Another member as the view names them (an inviter, an invitee). */
export const MemberLink = z
  .object({ id: z.number().int(), username: z.string(), name: z.string(), createdAt: z.string() })
  .meta({ id: 'MemberLink' });
export type MemberLink = z.infer<typeof MemberLink>;

export const MemberGrant = z
  .object({
    id: z.number().int(),
    code: z.string(),
    /** The offer's name in the staff member's language. */
    name: z.string(),
    channel: z.enum(GRANT_CHANNELS),
    state: z.enum(GRANT_STATES),
    deposit: Amount,
    bonus: Amount,
    requiredTurnover: Amount,
    /** Turnover counted so far (as the last pull left it). */
    turnoverDone: Amount,
    claimedAt: z.string(),
    expiresAt: z.string(),
    closedAt: z.string().nullable(),
  })
  .meta({ id: 'MemberGrant' });
export type MemberGrant = z.infer<typeof MemberGrant>;

/** A member's session: where and when, never its token. */
export const MemberSession = z
  .object({
    createdAt: z.string(),
    lastSeenAt: z.string(),
    expiresAt: z.string(),
    clientAddress: z.string(),
    userAgent: z.string().nullable(),
  })
  .meta({ id: 'MemberSession' });
export type MemberSession = z.infer<typeof MemberSession>;

/** How many of each list the view shows (newest first). */
export const MEMBER_VIEW_LATEST = 20;

/**
 * GET /api/console/members/:memberId: the member panel's context and the rest of the member.
 * NOTE: a section added later (notes and tags, risk flags) is a new key here and a card of its own.
 */
export const MemberViewResponse = z
  .object({
    /** What the inbox's member panel shows: profile, bank, wallet, latest deposits, withdrawals, slips. */
    context: MemberContextResponse,
    status: z.enum(MEMBER_STATUSES),
    /** The member's own invite code (PR + id). */
    inviteCode: z.string(),
    /** Every game account the member opened, with its balance (minor units). */
    games: z.array(z.object({ code: z.string(), name: z.string(), amount: Amount })),
    /** The latest grants, newest first, with their turnover. */
    grants: z.array(MemberGrant),
    inviter: MemberLink.nullable(),
    /** The latest members this one invited, newest first; `total` counts them all. */
    invitees: z.object({ total: z.number().int().nonnegative(), latest: z.array(MemberLink) }),
    /** The latest sessions by their last use. */
    sessions: z.array(MemberSession),
    /** The member's chat conversation, if they ever wrote. */
    conversation: z
      .object({
        id: z.number().int(),
        status: z.enum(['open', 'resolved']),
        lastMessageAt: z.string().nullable(),
      })
      .nullable(),
  })
  .meta({ id: 'MemberViewResponse' });
export type MemberViewResponse = z.infer<typeof MemberViewResponse>;

/** GET /api/console/members/:memberId/statement: a page of the member's statement. */
export const MEMBER_STATEMENT_PAGE_SIZE = 20;
export const MemberStatementRequest = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  type: z.enum(STATEMENT_TYPES).optional(),
});
export type MemberStatementRequest = z.infer<typeof MemberStatementRequest>;

export const MemberStatementResponse = z
  .object({
    total: z.number().int().nonnegative(),
    page: z.number().int().positive(),
    pageSize: z.number().int().positive(),
    statements: z.array(StatementRow),
    currency: z.enum(CURRENCIES),
  })
  .meta({ id: 'MemberStatementResponse' });
export type MemberStatementResponse = z.infer<typeof MemberStatementResponse>;
