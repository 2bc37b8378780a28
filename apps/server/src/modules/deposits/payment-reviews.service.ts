import { and, asc, eq, gt } from 'drizzle-orm';
import type { PaymentEvent } from '../../adapters/payment-provider/payment-provider';
import type { Database } from '../../platform/db/database';
import { paymentReviews } from './deposits.tables';

export type PaymentReview = typeof paymentReviews.$inferSelect;

/** A QR as far as a review needs it. */
export interface ReviewedQr {
  id: string;
  memberId: number;
  amount: bigint;
  currency: string;
}

/**
 * Payments staff must look at (decision 017): a QR paid with another amount than it was made for.
 * Nothing is credited for them; the staff console reads this list and decides.
 */
export function createPaymentReviewsService(options: { db: Database }) {
  const { db } = options;
  return {
    /** Records the review of one gateway event; answers false when that event has one already. */
    async record(qr: ReviewedQr, event: PaymentEvent): Promise<boolean> {
      const added = await db
        .insert(paymentReviews)
        .values({
          qrPaymentId: qr.id,
          memberId: qr.memberId,
          provider: event.provider,
          eventId: event.eventId,
          currency: qr.currency,
          expectedAmount: qr.amount,
          paidAmount: BigInt(event.amount),
          paidAt: new Date(event.occurredAt),
        })
        // NOTE: one row per event, whatever deliveries race: the gateway retries until it hears 2xx.
        .onConflictDoNothing({ target: [paymentReviews.provider, paymentReviews.eventId] })
        .returning({ id: paymentReviews.id });
      return added.length > 0;
    },

    /**
     * Open reviews, oldest first, a page at a time: pass the last id of a page as `after` for the
     * next one (ids are issued in the order the reviews were recorded).
     */
    async open(page: { after?: number; limit: number }): Promise<PaymentReview[]> {
      return db
        .select()
        .from(paymentReviews)
        .where(and(eq(paymentReviews.status, 'open'), gt(paymentReviews.id, page.after ?? 0)))
        .orderBy(asc(paymentReviews.id))
        .limit(Math.min(Math.max(page.limit, 1), 500));
    },
  };
}

export type PaymentReviewsService = ReturnType<typeof createPaymentReviewsService>;
