import { sql, type SQL } from 'drizzle-orm';
import { normalizePhone, profileIdOfInviteCode } from '@wallet/contract/rules';
import {
  MEMBER_SEARCH_MIN_DIGITS,
  MEMBER_SEARCH_PAGE_SIZE,
  type MemberSearchKey,
} from '@wallet/contract/http/console-members';
import type { Database } from '../../platform/db/database';
import { rowsOf } from '../../platform/db/rows';

/** A member as staff find them (numbers whole: the console masks them by role). */
export interface FoundMember {
  id: number;
  username: string;
  name: string;
  status: 'active' | 'inactive';
  bank: { bankCode: string; accountNo: string; accountName: string } | null;
  createdAt: Date;
  matched: MemberSearchKey[];
}

/** Another member as the console names them: inviter, invitee. */
export interface MemberSummary {
  id: number;
  username: string;
  name: string;
  createdAt: Date;
}

/** The largest member id (bigint) a query can be. */
const MAX_ID = BigInt(Number.MAX_SAFE_INTEGER);

/** `%` and `_` typed by staff are letters, not wildcards. */
const likeEscaped = (text: string) => text.replace(/[\\%_]/g, (char) => `\\${char}`);

const reversed = (text: string) => [...text].reverse().join('');

/**
 * Which keys a query can match, each a query of member ids with the key's name
 * (docs/decisions/048): a member id or invite code exactly; a phone or bank number whole or by its
 * last digits (4 or more), through the indexes on the reversed numbers; a name anywhere in it,
 * any case, through the name's trigram index.
 */
export function searchKeys(q: string): SQL[] {
  const keys: SQL[] = [];
  const digits = normalizePhone(q);
  if (/^\d+$/.test(digits)) {
    if (BigInt(digits) > 0n && BigInt(digits) <= MAX_ID) {
      keys.push(sql`select id, 'id' as key from members where id = ${Number(digits)}`);
    }
    if (digits.length >= MEMBER_SEARCH_MIN_DIGITS) {
      // One parameter holding the whole pattern: the planner sees a fixed prefix and uses the index.
      const suffix = `${reversed(digits)}%`;
      keys.push(sql`select id, 'phone' as key from members where reverse(username) like ${suffix}`);
      keys.push(
        sql`select member_id as id, 'bank' as key from member_bank_accounts where reverse(account_no) like ${suffix}`,
      );
    }
    return keys;
  }
  const invited = profileIdOfInviteCode(q);
  if (invited !== null && invited > 0) {
    keys.push(sql`select id, 'invite' as key from members where id = ${invited}`);
  }
  keys.push(sql`select id, 'name' as key from members where name ilike ${`%${likeEscaped(q)}%`}`);
  return keys;
}

/** The staff side of accounts: finding members and reading what the console's member view shows. */
export function createMemberDirectory(db: Database) {
  return {
    /** A page of the members `q` matches, newest first, and how many it matches in all. */
    async search(q: string, page: number): Promise<{ members: FoundMember[]; total: number }> {
      const keys = searchKeys(q);
      if (keys.length === 0) return { members: [], total: 0 };
      const matched = sql`matched as (
        select id, array_agg(distinct key order by key) as keys from (${sql.join(keys, sql` union all `)}) hits
        group by id)`;
      const [rows, counted] = await Promise.all([
        rowsOf<{
          id: string;
          username: string;
          name: string;
          status: 'active' | 'inactive';
          created_at: Date | string;
          bank_code: string | null;
          account_no: string | null;
          account_name: string | null;
          keys: MemberSearchKey[] | string;
        }>(
          db,
          sql`with ${matched}
            select m.id, m.username, m.name, m.status, m.created_at, b.bank_code, b.account_no, b.account_name,
              matched.keys
            from matched join members m on m.id = matched.id
            left join member_bank_accounts b on b.member_id = m.id
            order by m.id desc
            limit ${MEMBER_SEARCH_PAGE_SIZE} offset ${(page - 1) * MEMBER_SEARCH_PAGE_SIZE}`,
        ),
        rowsOf<{ total: number }>(db, sql`with ${matched} select count(*)::int as total from matched`),
      ]);
      return {
        total: counted[0]?.total ?? 0,
        members: rows.map((row) => ({
          id: Number(row.id),
          username: row.username,
          name: row.name,
          status: row.status,
          bank:
            row.bank_code === null
              ? null
              : { bankCode: row.bank_code, accountNo: row.account_no!, accountName: row.account_name! },
          createdAt: new Date(row.created_at),
          matched: arrayOf(row.keys),
        })),
      };
    },

    /** The member's status ('active' or 'inactive'); null: no such member. */
    async statusOf(memberId: number): Promise<'active' | 'inactive' | null> {
      const [row] = await rowsOf<{ status: 'active' | 'inactive' }>(
        db,
        sql`select status from members where id = ${memberId}`,
      );
      return row?.status ?? null;
    },

    /** Who invited the member (null: nobody, or an inviter no longer there). */
    async inviterOf(memberId: number): Promise<MemberSummary | null> {
      const [row] = await rowsOf<SummaryRow>(
        db,
        sql`select i.id, i.username, i.name, i.created_at from members m join members i on i.id = m.inviter_id
          where m.id = ${memberId}`,
      );
      return row ? summaryOf(row) : null;
    },

    /** The latest `limit` members this one invited, newest first, and how many in all. */
    async inviteesOf(memberId: number, limit: number): Promise<{ total: number; latest: MemberSummary[] }> {
      const [latest, counted] = await Promise.all([
        rowsOf<SummaryRow>(
          db,
          sql`select id, username, name, created_at from members where inviter_id = ${memberId}
            order by id desc limit ${limit}`,
        ),
        rowsOf<{ total: number }>(
          db,
          sql`select count(*)::int as total from members where inviter_id = ${memberId}`,
        ),
      ]);
      return { total: counted[0]?.total ?? 0, latest: latest.map(summaryOf) };
    },

    /** The member's latest `limit` sessions by their last use: where and when, never the token. */
    async sessionsOf(memberId: number, limit: number) {
      const rows = await rowsOf<{
        created_at: Date | string;
        last_seen_at: Date | string;
        expires_at: Date | string;
        client_address: string;
        user_agent: string | null;
      }>(
        db,
        sql`select created_at, last_seen_at, expires_at, client_address, user_agent from sessions
          where member_id = ${memberId} order by last_seen_at desc limit ${limit}`,
      );
      return rows.map((row) => ({
        createdAt: new Date(row.created_at),
        lastSeenAt: new Date(row.last_seen_at),
        expiresAt: new Date(row.expires_at),
        clientAddress: row.client_address,
        userAgent: row.user_agent,
      }));
    },
  };
}

export type MemberDirectory = ReturnType<typeof createMemberDirectory>;

interface SummaryRow {
  id: string | number;
  username: string;
  name: string;
  created_at: Date | string;
}

const summaryOf = (row: SummaryRow): MemberSummary => ({
  id: Number(row.id),
  username: row.username,
  name: row.name,
  createdAt: new Date(row.created_at),
});

/** A text[] as node-postgres parses it (an array), or as PGlite may hand it ('{a,b}'). */
function arrayOf(value: MemberSearchKey[] | string): MemberSearchKey[] {
  if (Array.isArray(value)) return value;
  return value
    .replace(/^\{|\}$/g, '')
    .split(',')
    .filter(Boolean) as MemberSearchKey[];
}
