import { and, asc, count, eq, gte, ne } from 'drizzle-orm';
import { GIFT_LINK_REVIEW_ATTEMPTS, type DepositReviewItem } from '@wallet/contract/http/console-deposits';
import type { Database } from '../../platform/db/database';
import { AppError } from '../../platform/errors';
import { accountKey, type TransferRequest } from '../ledger/ledger.service';
import { depositNotices, giftLinks, paymentReviews, qrPayments } from './deposits.tables';
import { giftLinkCredit, VOUCHER_CURRENCY } from './gift-links.service';
import { qrCredit } from './qr-payments.service';

/** The statements of a decision: the caller's transaction. */
export type Executor = Pick<Database, 'select' | 'update' | 'insert' | 'execute'>;

/** One deposit waiting for staff, as a source of the queue gives it. */
export interface WaitingDeposit {
  /** The item's id within its kind: a row id, or a voucher code. */
  key: string;
  memberId: number;
  /** null: the member's currency (a slip says none of its own). */
  currency: string | null;
  expected: bigint | null;
  paid: bigint | null;
  /** What a credit without an amount credits; null: staff must say. */
  creditAmount: bigint | null;
  /** Staff may credit no other amount than creditAmount (a slip: what its bank verified). */
  amountFixed: boolean;
  createdAt: Date;
  evidence: DepositReviewItem['evidence'];
}

/**
 * A kind of deposit that waits for staff (decision 049), read and closed by the module that owns
 * its rows. `close` is one conditional UPDATE in the caller's transaction (false: it no longer
 * waits); `credit` is the very ledger movement its automatic path would make, with the same key.
 */
export interface DepositReviewSource {
  waiting(limit: number): Promise<WaitingDeposit[]>;
  count(): Promise<number>;
  find(key: string): Promise<WaitingDeposit | 'closed' | null>;
  close(tx: Executor, key: string, outcome: 'credited' | 'refused', amount: bigint | null): Promise<boolean>;
  credit(item: WaitingDeposit, amount: bigint, currency: string): TransferRequest;
}

const ROW_ID = /^[1-9]\d{0,17}$/;

/** QR payments of another amount (decision 017): staff credit what was paid, unless they say. */
export function qrReviewSource(db: Database): DepositReviewSource {
  const open = eq(paymentReviews.status, 'open');
  const itemOf = (row: typeof paymentReviews.$inferSelect): WaitingDeposit => ({
    key: String(row.id),
    memberId: row.memberId,
    currency: row.currency,
    expected: row.expectedAmount,
    paid: row.paidAmount,
    creditAmount: row.paidAmount,
    amountFixed: false,
    createdAt: row.createdAt,
    evidence: {
      kind: 'qr',
      qrcodeId: row.qrPaymentId,
      provider: row.provider,
      eventId: row.eventId,
      paidAt: row.paidAt.toISOString(),
    },
  });
  return {
    async waiting(limit) {
      const rows = await db
        .select()
        .from(paymentReviews)
        .where(open)
        .orderBy(asc(paymentReviews.id))
        .limit(limit);
      return rows.map(itemOf);
    },
    async count() {
      const [row] = await db.select({ value: count() }).from(paymentReviews).where(open);
      return row?.value ?? 0;
    },
    async find(key) {
      if (!ROW_ID.test(key)) return null;
      const [row] = await db
        .select()
        .from(paymentReviews)
        .where(eq(paymentReviews.id, Number(key)));
      if (!row) return null;
      return row.status === 'open' ? itemOf(row) : 'closed';
    },
    async close(tx, key, outcome) {
      const [review] = await tx
        .update(paymentReviews)
        .set({ status: 'resolved' })
        .where(and(eq(paymentReviews.id, Number(key)), open))
        .returning();
      if (!review || outcome === 'refused') return review !== undefined;
      // NOTE: the QR is credited once (its key): a QR the gateway's payment of its own amount, or
      // staff's credit of another review of it, made paid already gets nothing more.
      const [paid] = await tx
        .update(qrPayments)
        .set({ status: 'paid', paidAt: review.paidAt })
        .where(and(eq(qrPayments.id, review.qrPaymentId), ne(qrPayments.status, 'paid')))
        .returning({ id: qrPayments.id });
      if (!paid) throw new AppError('DEPOSIT_ALREADY_CREDITED', 409);
      return true;
    },
    credit(item, amount, currency) {
      const qr = item.evidence as Extract<DepositReviewItem['evidence'], { kind: 'qr' }>;
      return qrCredit({ id: qr.qrcodeId, memberId: item.memberId, provider: qr.provider, currency }, amount);
    },
  };
}

/**
 * Gift links still redeeming after GIFT_LINK_REVIEW_ATTEMPTS sweeps (about half an hour of
 * backoff): the voucher service could not tell; staff look at it there and say what it redeemed.
 */
export function giftLinkReviewSource(db: Database): DepositReviewSource {
  const stuck = and(eq(giftLinks.status, 'redeeming'), gte(giftLinks.attempts, GIFT_LINK_REVIEW_ATTEMPTS));
  const itemOf = (row: typeof giftLinks.$inferSelect): WaitingDeposit => ({
    key: row.voucherCode,
    memberId: row.memberId,
    currency: VOUCHER_CURRENCY,
    expected: null,
    paid: row.amount,
    creditAmount: row.amount,
    amountFixed: false,
    createdAt: row.createdAt,
    evidence: { kind: 'gift', voucherCode: row.voucherCode, attempts: row.attempts },
  });
  return {
    async waiting(limit) {
      const rows = await db
        .select()
        .from(giftLinks)
        .where(stuck)
        .orderBy(asc(giftLinks.createdAt))
        .limit(limit);
      return rows.map(itemOf);
    },
    async count() {
      const [row] = await db.select({ value: count() }).from(giftLinks).where(stuck);
      return row?.value ?? 0;
    },
    async find(key) {
      const [row] = await db.select().from(giftLinks).where(eq(giftLinks.voucherCode, key));
      if (!row) return null;
      return row.status === 'redeeming' && row.attempts >= GIFT_LINK_REVIEW_ATTEMPTS ? itemOf(row) : 'closed';
    },
    async close(tx, key, outcome, amount) {
      // The sweep claims only redeeming links: once closed, it leaves this one alone.
      const closed = await tx
        .update(giftLinks)
        .set(outcome === 'credited' ? { status: 'credited', amount } : { status: 'refused', reason: 'staff' })
        .where(and(eq(giftLinks.voucherCode, key), stuck))
        .returning({ code: giftLinks.voucherCode });
      return closed.length > 0;
    },
    credit: (item, amount) => giftLinkCredit(item.key, item.memberId, amount),
  };
}

/** Manual deposit notices: staff credit the notice's amount, or what they saw arrive. */
export function noticeReviewSource(db: Database): DepositReviewSource {
  const waitingNow = eq(depositNotices.status, 'waiting');
  const itemOf = (row: typeof depositNotices.$inferSelect): WaitingDeposit => ({
    key: String(row.id),
    memberId: row.memberId,
    currency: row.currency,
    expected: row.amount,
    paid: null,
    creditAmount: row.amount,
    amountFixed: false,
    createdAt: row.createdAt,
    evidence: { kind: 'notice', reference: `notice-${row.id}` },
  });
  return {
    async waiting(limit) {
      const rows = await db
        .select()
        .from(depositNotices)
        .where(waitingNow)
        .orderBy(asc(depositNotices.id))
        .limit(limit);
      return rows.map(itemOf);
    },
    async count() {
      const [row] = await db.select({ value: count() }).from(depositNotices).where(waitingNow);
      return row?.value ?? 0;
    },
    async find(key) {
      if (!ROW_ID.test(key)) return null;
      const [row] = await db
        .select()
        .from(depositNotices)
        .where(eq(depositNotices.id, Number(key)));
      if (!row) return null;
      return row.status === 'waiting' ? itemOf(row) : 'closed';
    },
    async close(tx, key, outcome) {
      const closed = await tx
        .update(depositNotices)
        .set({ status: outcome === 'credited' ? 'credited' : 'rejected' })
        .where(and(eq(depositNotices.id, Number(key)), waitingNow))
        .returning({ id: depositNotices.id });
      return closed.length > 0;
    },
    // Nothing else credits a notice; its key names it, so it is credited once all the same.
    credit: (item, amount, currency) => ({
      idempotencyKey: `deposit:notice:${item.key}`,
      debit: accountKey.operator('cash_in', currency),
      credit: accountKey.wallet(item.memberId),
      amount,
      kind: 'deposit',
      metadata: {
        memberId: item.memberId,
        notice: Number(item.key),
        statement: { type: 'deposit', from: 'bank', to: 'wallet' },
      },
    }),
  };
}
