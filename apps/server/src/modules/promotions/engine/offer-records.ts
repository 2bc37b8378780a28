import { asc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../../platform/db/database';
import { rowsOf } from '../../../platform/db/rows';
import type { Executor, NewOffer, OfferRow } from './grants.repository';
import { promotionOffers } from './grants.tables';

/** How many grants of an offer there are, and how many run now. */
export interface OfferCounts {
  running: number;
  claims: number;
}

async function countsOf(tx: Executor, offerId: number | null): Promise<Map<number, OfferCounts>> {
  const rows = await rowsOf<{ offer_id: number; running: number; claims: number }>(
    tx,
    sql`select offer_id, count(*) filter (where state = 'active')::int as running, count(*)::int as claims
        from promotion_grants
        where offer_id is not null ${offerId === null ? sql`` : sql`and offer_id = ${offerId}`}
        group by offer_id`,
  );
  return new Map(rows.map((row) => [row.offer_id, { running: row.running, claims: row.claims }]));
}

/** Queries of one change of an offer by staff, run in its transaction (with the audit row). */
function changeQueries(tx: Executor) {
  return {
    /**
     * The offer, locked: a change waits for the claims of it under way and the claims after it
     * read the new terms (a claim locks the same row, decision 019).
     */
    async lock(code: string): Promise<OfferRow | null> {
      const [row] = await tx
        .select()
        .from(promotionOffers)
        .where(eq(promotionOffers.code, code))
        .for('update');
      return row ?? null;
    },
    /** A new offer; null when its code is taken. */
    async insert(values: NewOffer): Promise<OfferRow | null> {
      const [row] = await tx.insert(promotionOffers).values(values).onConflictDoNothing().returning();
      return row ?? null;
    },
    async update(id: number, values: Partial<NewOffer>): Promise<OfferRow> {
      const [row] = await tx
        .update(promotionOffers)
        .set(values)
        .where(eq(promotionOffers.id, id))
        .returning();
      return row!;
    },
    async counts(offerId: number): Promise<OfferCounts> {
      return (await countsOf(tx, offerId)).get(offerId) ?? { running: 0, claims: 0 };
    },
  };
}

export type OfferChangeQueries = ReturnType<typeof changeQueries>;

/** Offers as staff list and change them (the console's offers screen, decision 057). */
export function createOfferRecords(db: Database) {
  return {
    /** Every offer, paused ones too, with its grants counted. */
    async all(): Promise<(OfferRow & OfferCounts)[]> {
      const [offers, counts] = await Promise.all([
        db
          .select()
          .from(promotionOffers)
          .orderBy(asc(promotionOffers.channel), asc(promotionOffers.sort), asc(promotionOffers.id)),
        countsOf(db as unknown as Executor, null),
      ]);
      return offers.map((offer) => ({ ...offer, ...(counts.get(offer.id) ?? { running: 0, claims: 0 }) }));
    },

    /** One change in one transaction (`tx` for the audit row written in it). */
    change<T>(work: (q: OfferChangeQueries, tx: Executor) => Promise<T>): Promise<T> {
      return db.transaction((tx) =>
        work(changeQueries(tx as unknown as Executor), tx as unknown as Executor),
      );
    },
  };
}

export type OfferRecords = ReturnType<typeof createOfferRecords>;
