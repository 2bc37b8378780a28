import { and, asc, count, eq, inArray, sql } from 'drizzle-orm';
import type { DepositReviewItem } from '@wallet/contract/http/console-deposits';
import type { Database } from '../../platform/db/database';
import { uniqueViolation } from '../../platform/db/unique-violation';
import { AppError } from '../../platform/errors';
import type { TransferRequest } from '../ledger/ledger.service';
import { signedSlipImageLink } from './slip-image-link';
import { REVIEWED_NOTES, slipCredit } from './slips.service';
import { slipUploads } from './slips.tables';

/** The statements a decision runs in: the caller's transaction. */
type Executor = Pick<Database, 'select' | 'update' | 'execute'>;

/** A slip kept for staff, as the console's deposit queue shows it (decision 049). */
export interface SlipForReview {
  key: string;
  memberId: number;
  /**
   * A slip names no currency: the member's (null); but a slip to our account of another currency
   * carries that account's, one from the member's account of another currency that account's,
   * and can only be refused (decision 069).
   */
  currency: string | null;
  expected: null;
  /** What the bank verified: the only amount staff may credit (null: none may be credited). */
  paid: bigint | null;
  creditAmount: bigint | null;
  amountFixed: true;
  createdAt: Date;
  evidence: Extract<DepositReviewItem['evidence'], { kind: 'slip' }>;
}

/**
 * Slips kept for staff (status REVIEW, note SENDER_UNCONFIRMED, or DEST_ACC_TAKES_BAHT / _KIP and
 * SENDER_ACC_OTHER_CURRENCY: to be refused and the money returned by the bank), for the console's
 * deposit queue: read, and closed by staff's decision in the caller's transaction, which moves the
 * money under the very key the member's upload would credit (`slipCredit`). The slip tables stay
 * the slips module's: the deposits module asks through these.
 */
export function createSlipReviews(options: { db: Database; linkSecret: string; now?: () => Date }) {
  const { db } = options;
  const now = options.now ?? (() => new Date());
  const reviewing = and(eq(slipUploads.status, 'REVIEW'), inArray(slipUploads.note, [...REVIEWED_NOTES]));
  // NOTE: a transfer whose slip was credited since (its owner uploaded it, or staff credited another
  // copy) waits for no one: the database lets it be credited once.
  const notCredited = sql`not exists (select 1 from slip_uploads c where c.status = 'SUCCESS'
    and upper(c.reference) = upper(slip_uploads.reference))`;
  const columns = {
    id: slipUploads.id,
    memberId: slipUploads.memberId,
    amount: slipUploads.amount,
    sendingBank: slipUploads.sendingBank,
    reference: slipUploads.reference,
    sender: slipUploads.sender,
    paidAt: slipUploads.paidAt,
    unconfirmed: slipUploads.unconfirmed,
    currency: slipUploads.currency,
    createdAt: slipUploads.createdAt,
    hasImage: sql<boolean>`octet_length(${slipUploads.image}) > 0`,
  };
  type Row = {
    id: number;
    memberId: number;
    amount: bigint | null;
    sendingBank: string | null;
    reference: string | null;
    sender: SlipForReview['evidence']['sender'];
    paidAt: Date | null;
    unconfirmed: SlipForReview['evidence']['unconfirmed'];
    currency: string | null;
    createdAt: Date;
    hasImage: boolean;
  };

  const itemOf = (row: Row): SlipForReview => ({
    key: String(row.id),
    memberId: row.memberId,
    currency: row.currency,
    expected: null,
    paid: row.amount,
    // NOTE: money in another currency than the wallet's is never credited as if it were the
    // wallet's: no amount staff could give is accepted (amountFixed), and credit() refuses too.
    creditAmount: row.currency === null ? row.amount : null,
    amountFixed: true,
    createdAt: row.createdAt,
    evidence: {
      kind: 'slip',
      imageUrl: row.hasImage ? signedSlipImageLink(options.linkSecret, row.id, now()) : null,
      reference: row.reference,
      sendingBank: row.sendingBank,
      sender: row.sender,
      paidAt: row.paidAt?.toISOString() ?? null,
      unconfirmed: row.unconfirmed,
    },
  });

  return {
    /** The oldest `limit` slips waiting for staff. */
    async waiting(limit: number): Promise<SlipForReview[]> {
      const rows = await db
        .select(columns)
        .from(slipUploads)
        .where(and(reviewing, notCredited))
        .orderBy(asc(slipUploads.id))
        .limit(limit);
      return rows.map(itemOf);
    },

    async count(): Promise<number> {
      const [row] = await db.select({ value: count() }).from(slipUploads).where(and(reviewing, notCredited));
      return row?.value ?? 0;
    },

    /** The slip if it waits for staff; 'closed' if it exists but does not; null if none. */
    async find(key: string): Promise<SlipForReview | 'closed' | null> {
      const [row] = await db
        .select(columns)
        .from(slipUploads)
        .where(eq(slipUploads.id, Number(key)));
      if (!row) return null;
      const [waiting] = await db
        .select({ id: slipUploads.id })
        .from(slipUploads)
        .where(and(eq(slipUploads.id, row.id), reviewing, notCredited));
      return waiting ? itemOf(row) : 'closed';
    },

    /**
     * Closes the slip with staff's decision, if it still waits (one conditional UPDATE: of two
     * decisions at once, one changes it). The member's slip status then reads the result.
     * DEPOSIT_ALREADY_CREDITED: its transfer was credited meanwhile (the unique index says so, also
     * of an upload racing this decision).
     */
    async close(tx: Executor, key: string, outcome: 'credited' | 'refused'): Promise<boolean> {
      try {
        const closed = await tx
          .update(slipUploads)
          .set(
            outcome === 'credited'
              ? { status: 'SUCCESS', note: 'SLIP_CREDITED_BY_STAFF' }
              : { status: 'FAILED', note: 'SLIP_REFUSED_BY_STAFF' },
          )
          .where(and(eq(slipUploads.id, Number(key)), reviewing))
          .returning({ id: slipUploads.id });
        return closed.length > 0;
      } catch (error) {
        if (uniqueViolation(error)) throw new AppError('DEPOSIT_ALREADY_CREDITED', 409);
        throw error;
      }
    },

    /** The credit of a slip: the member's upload's own (its key is the transfer's reference). */
    credit(
      item: { memberId: number; evidence: DepositReviewItem['evidence']; currency?: string | null },
      amount: bigint,
      currency: string,
    ): TransferRequest {
      if (item.evidence.kind !== 'slip' || !item.evidence.reference)
        throw new Error('not a slip with a reference');
      if (item.currency)
        throw new AppError(item.currency === 'LAK' ? 'DEST_ACC_TAKES_KIP' : 'DEST_ACC_TAKES_BAHT', 409);
      return slipCredit(item.memberId, item.evidence.reference, amount, currency);
    },
  };
}

export type SlipReviews = ReturnType<typeof createSlipReviews>;
