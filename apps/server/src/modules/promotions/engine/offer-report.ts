import { sql } from 'drizzle-orm';
import type { Database } from '../../../platform/db/database';
import { rowsOf } from '../../../platform/db/rows';

/** One offer's grants claimed in a range, for the console's per-offer report (decision 056). */
export interface OfferSums {
  code: string;
  currency: string;
  claims: number;
  /** Bonus credited, and taken back by the grants' closings. */
  credited: bigint;
  takenBack: bigint;
  completed: number;
  cancelled: number;
  expired: number;
  /** Ended under the floor (played down). */
  ended: number;
  running: number;
  /** Mean seconds from claim to completion, null with none completed. */
  averageCompleteSeconds: number | null;
  /** The ledger transfers of the deposits the grants were claimed on. */
  depositTransferIds: number[];
}

/** Offers' grants (not programmes'), claimed in [from, to), by offer and currency. */
export function createOfferReport(db: Database) {
  return async (from: Date, to: Date): Promise<OfferSums[]> => {
    const rows = await rowsOf<{
      code: string;
      currency: string;
      claims: number;
      credited: string;
      taken_back: string;
      completed: number;
      cancelled: number;
      expired: number;
      ended: number;
      running: number;
      average: number | null;
      deposits: string[] | null;
    }>(
      db,
      sql`select o.code, g.currency, count(*)::int as claims,
                 coalesce(sum(g.bonus) filter (where g.credited), 0)::text as credited,
                 coalesce(sum(g.closed_amount), 0)::text as taken_back,
                 (count(*) filter (where g.state = 'completed'))::int as completed,
                 (count(*) filter (where g.state = 'cancelled'))::int as cancelled,
                 (count(*) filter (where g.state = 'expired'))::int as expired,
                 (count(*) filter (where g.state = 'ended'))::int as ended,
                 (count(*) filter (where g.state = 'active'))::int as running,
                 (avg(extract(epoch from g.closed_at - g.claimed_at)) filter (where g.state = 'completed'))::float8 as average,
                 array_agg(g.deposit_transfer_id::text) filter (where g.deposit_transfer_id is not null) as deposits
          from promotion_grants g join promotion_offers o on o.id = g.offer_id
          where g.claimed_at >= ${from.toISOString()} and g.claimed_at < ${to.toISOString()}
          group by o.code, g.currency order by o.code, g.currency`,
    );
    return rows.map((row) => ({
      code: row.code,
      currency: row.currency,
      claims: Number(row.claims),
      credited: BigInt(row.credited),
      takenBack: BigInt(row.taken_back),
      completed: Number(row.completed),
      cancelled: Number(row.cancelled),
      expired: Number(row.expired),
      ended: Number(row.ended),
      running: Number(row.running),
      averageCompleteSeconds: row.average === null ? null : Math.round(Number(row.average)),
      depositTransferIds: (row.deposits ?? []).map(Number),
    }));
  };
}
