import { sql } from 'drizzle-orm';
import type { Database } from '../../../platform/db/database';
import { rowsOf } from '../../../platform/db/rows';

/** How many inviters and flags the invite report lists. */
const TOP = 50;

export interface InviteReport {
  inviters: {
    inviterId: number;
    currency: string;
    /** Invitees whose events earned commission (or were looked at) in the range. */
    invitees: number;
    earned: bigint;
    /** Moved from the commission account to the wallet (invite grants claimed) in the range. */
    claimed: bigint;
  }[];
  flags: { inviteeId: number; inviterId: number; reason: string; at: Date }[];
  flagCount: number;
}

/**
 * The invite programme over [from, to) for the console (decision 056): the top inviters by
 * commission earned, what they claimed, and the invitees flagged as self-referrals. NOTE: claims
 * are the engine's grants of the invite programme, read here in SQL as `rewards.check.ts` does.
 */
export function createInviteReport(db: Database) {
  return async (from: Date, to: Date): Promise<InviteReport> => {
    const range = (column: ReturnType<typeof sql.raw>) =>
      sql`${column} >= ${from.toISOString()} and ${column} < ${to.toISOString()}`;
    const inviters = await rowsOf<{
      inviter_id: string;
      currency: string;
      invitees: number;
      earned: string;
      claimed: string;
    }>(
      db,
      sql`with earned as (
            select inviter_id, currency, count(distinct invitee_id)::int as invitees, sum(amount) as earned
            from invite_commissions where ${range(sql.raw('created_at'))} group by 1, 2
            order by earned desc, inviter_id limit ${TOP}
          )
          select e.inviter_id::text, e.currency, e.invitees, e.earned::text,
                 coalesce((select sum(g.bonus) from promotion_grants g
                           where g.member_id = e.inviter_id and g.program = 'invite' and g.credited
                             and ${range(sql.raw('g.claimed_at'))}), 0)::text as claimed
          from earned e order by e.earned desc, e.inviter_id`,
    );
    const flags = await rowsOf<{
      invitee_id: string;
      inviter_id: string;
      reason: string;
      created_at: Date | string;
    }>(
      db,
      sql`select invitee_id::text, inviter_id::text, reason, created_at from invite_flags
          where ${range(sql.raw('created_at'))} order by created_at desc limit ${TOP}`,
    );
    const [count] = await rowsOf<{ n: number }>(
      db,
      sql`select count(*)::int as n from invite_flags where ${range(sql.raw('created_at'))}`,
    );
    return {
      inviters: inviters.map((row) => ({
        inviterId: Number(row.inviter_id),
        currency: row.currency,
        invitees: Number(row.invitees),
        earned: BigInt(row.earned),
        claimed: BigInt(row.claimed),
      })),
      flags: flags.map((row) => ({
        inviteeId: Number(row.invitee_id),
        inviterId: Number(row.inviter_id),
        reason: row.reason,
        at: new Date(row.created_at),
      })),
      flagCount: Number(count?.n ?? 0),
    };
  };
}
