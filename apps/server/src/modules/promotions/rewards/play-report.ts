import { sql } from 'drizzle-orm';
import type { Database } from '../../../platform/db/database';
import { rowsOf } from '../../../platform/db/rows';

/**
 * The providers' rounds as the play tally counted them (decision 020), summed for the console's
 * reports (decision 055): stakes and payouts per market day (UTC+7) or per game, in the member's
 * currency. The tally is brought up to date by the rewards' period closing; rounds not counted yet
 * are not here yet.
 */
export interface PlaySums {
  currency: string;
  bets: bigint;
  wins: bigint;
  players: number;
  rounds: number;
}

const marketDayOfHour = sql`to_char((p.hour at time zone 'UTC') + interval '7 hours', 'YYYY-MM-DD')`;

interface SumRow {
  key: string;
  currency: string;
  bets: string;
  wins: string;
  players: number;
  rounds: number;
}
const sums = (row: SumRow): PlaySums => ({
  currency: row.currency,
  bets: BigInt(row.bets),
  wins: BigInt(row.wins),
  players: Number(row.players),
  rounds: Number(row.rounds),
});

export function createPlayReport(db: Database) {
  /** Sums over play in [from, to), grouped by `key`. NOTE: members' currency from accounts' table. */
  async function grouped(key: ReturnType<typeof sql>, from: Date, to: Date): Promise<SumRow[]> {
    return rowsOf<SumRow>(
      db,
      sql`select ${key} as key, m.currency, sum(p.stakes)::text as bets, sum(p.payouts)::text as wins,
                 count(distinct p.member_id)::int as players, sum(p.rounds)::int as rounds
          from play_tally p join members m on m.id = p.member_id
          where p.hour >= ${from.toISOString()} and p.hour < ${to.toISOString()}
          group by 1, 2`,
    );
  }
  return {
    /** Per market day and currency. */
    async byDay(from: Date, to: Date): Promise<(PlaySums & { day: string })[]> {
      return (await grouped(marketDayOfHour, from, to)).map((row) => ({ day: row.key, ...sums(row) }));
    },
    /** Per game and currency. */
    async byGame(from: Date, to: Date): Promise<(PlaySums & { gameCode: string })[]> {
      return (await grouped(sql`p.game_code`, from, to)).map((row) => ({ gameCode: row.key, ...sums(row) }));
    },
  };
}

export type PlayReport = ReturnType<typeof createPlayReport>;
