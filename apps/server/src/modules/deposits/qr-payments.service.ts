import { randomBytes } from 'node:crypto';
import { and, desc, eq, ne, sql } from 'drizzle-orm';
import { rowsOf } from '../../platform/db/rows';
import QRCode from 'qrcode';
import {
  channelFigure,
  type ChannelFigures,
  QR_PROVIDER_CURRENCY,
  QR_PROVIDERS,
  qrMaximumOf,
  type QrChannel,
  type QrProvider,
  type QrState,
} from '@wallet/contract/http/deposit';
import type { Currency, MinorUnits } from '@wallet/contract/money';
import type { PaymentEvent, PaymentProvider } from '../../adapters/payment-provider/payment-provider';
import type { Database } from '../../platform/db/database';
import { uniqueViolation } from '../../platform/db/unique-violation';
import { AppError } from '../../platform/errors';
import { accountKey, type LedgerService, type TransferRequest } from '../ledger/ledger.service';
import { paymentWebhookEvents, qrPayments } from './deposits.tables';
import type { PaymentReviewsService } from './payment-reviews.service';

export interface QrPaymentsOptions {
  db: Database;
  ledger: LedgerService;
  provider: PaymentProvider;
  /** Where a payment of another amount goes for staff to decide. */
  reviews: PaymentReviewsService;
  currencyOf: (memberId: number) => Promise<Currency>;
  /** The smallest deposit of each channel now, per currency (staff change them: decisions 059, 067). */
  minimums: () => Promise<ChannelFigures<number>>;
  /** How long a QR can be paid. */
  ttlMs: number;
  log: { warn: (details: object, message: string) => void };
  now?: () => Date;
}

type QrRow = typeof qrPayments.$inferSelect;

/**
 * What members read for each channel instead of its code. Brand names stay in Latin letters in
 * every language (the app shows English where a language has none); every channel's QR is a
 * PromptPay QR, which any Thai banking app pays, but the Lao QR's (kip, EMVCo currency 418).
 * NOTE: WW and FP are named by the aggregator's codes only; put their brand names here once the
 * operator confirms them.
 */
export const QR_CHANNEL_NAMES: Record<QrProvider, QrChannel['name']> = {
  KBANK: { en: 'Kasikornbank', th: 'กสิกรไทย', lo: 'ກະສິກອນໄທ' },
  WW: { en: 'PromptPay WW', th: 'พร้อมเพย์ WW', lo: 'ພ້ອມເພ WW' },
  PAYONEX: { en: 'Payonex' },
  PAYTIMZ: { en: 'Paytimz' },
  FP: { en: 'PromptPay FP', th: 'พร้อมเพย์ FP', lo: 'ພ້ອມເພ FP' },
  // The Lao QR standard's own name, as Lao banking apps print it on their scanners.
  LAOQR: { en: 'LAO QR', th: 'LAO QR', lo: 'LAO QR' },
};

/**
 * The credit of a QR payment: keyed by the QR, so the gateway's events and staff's decision on a
 * payment of another amount (decision 049) can only ever credit it once.
 */
export function qrCredit(
  qr: { id: string; memberId: number; provider: string; currency: string },
  amount: bigint,
): TransferRequest {
  return {
    idempotencyKey: `deposit:qr:${qr.id}`,
    debit: accountKey.operator('cash_in', qr.currency),
    credit: accountKey.wallet(qr.memberId),
    amount,
    kind: 'deposit',
    metadata: {
      memberId: qr.memberId,
      qrcodeId: qr.id,
      provider: qr.provider,
      statement: { type: 'deposit', from: qr.provider, to: 'wallet' },
    },
  };
}

/**
 * Refuses, in the caller's transaction, a deposit past the member's deposit limits (throws
 * DEPOSIT_LIMIT); the QR's row is written in that same transaction.
 */
export type DepositAdmission = (
  tx: Pick<Database, 'select' | 'insert' | 'update' | 'delete' | 'execute'>,
  memberId: number,
  amount: bigint,
) => Promise<void>;

/** What happened to a webhook event. `review`: paid with another amount, held for staff. */
export type EventOutcome = 'credited' | 'recorded' | 'unknown-order' | 'review';

/**
 * QR payments (spec sections 4, 5 and 7, QR): at most one open QR per member and provider; the
 * money comes only from the gateway's signed webhook and is credited once per QR, whatever
 * copies, replays or orders of events arrive (the ledger key is the QR's id).
 */
export function createQrPaymentsService(options: QrPaymentsOptions) {
  const { db, ledger } = options;
  const now = options.now ?? (() => new Date());
  // The member's deposit limits (issue 29, decision 061), judged with the open QR's row written in
  // the same transaction under the member's lock; set by the limits module once it is built.
  let admit: DepositAdmission | null = null;

  async function render(payload: string): Promise<string> {
    return QRCode.toString(payload, { type: 'svg', margin: 2, errorCorrectionLevel: 'M' });
  }

  /**
   * The member's open QR at this provider, or null. One whose time is up is marked expired on the
   * way (so a new one may be opened): the app polls this every few seconds, so the usual answer
   * costs one read.
   */
  async function openQr(memberId: number, provider: QrProvider): Promise<QrRow | null> {
    const [row] = await db
      .select()
      .from(qrPayments)
      .where(
        and(
          eq(qrPayments.memberId, memberId),
          eq(qrPayments.provider, provider),
          eq(qrPayments.status, 'open'),
        ),
      );
    if (!row) return null;
    if (row.expiresAt > now()) return row;
    await db
      .update(qrPayments)
      .set({ status: 'expired' })
      .where(and(eq(qrPayments.id, row.id), eq(qrPayments.status, 'open')));
    return null;
  }

  async function lastClosed(memberId: number, provider: QrProvider): Promise<QrState['lastClosed']> {
    const [row] = await db
      .select({ id: qrPayments.id, status: qrPayments.status })
      .from(qrPayments)
      .where(
        and(
          eq(qrPayments.memberId, memberId),
          eq(qrPayments.provider, provider),
          ne(qrPayments.status, 'open'),
        ),
      )
      .orderBy(desc(qrPayments.createdAt))
      .limit(1);
    if (!row) return null;
    return {
      qrcodeId: row.id,
      status: row.status.toUpperCase() as 'PAID' | 'CANCELLED' | 'EXPIRED' | 'FAILED',
    };
  }

  /** The channel's minimum, in the one currency it takes (decisions 067 and 078). */
  async function minimumOf(provider: QrProvider): Promise<MinorUnits> {
    return channelFigure(await options.minimums(), provider) as MinorUnits;
  }

  async function stateOf(
    memberId: number,
    provider: QrProvider,
    row: QrRow | null,
    message?: string,
    closed = true,
  ): Promise<QrState> {
    const minDeposit = await minimumOf(provider);
    if (!row || !row.payload) {
      return {
        lastClosed: closed ? await lastClosed(memberId, provider) : null,
        qrcodeId: null,
        hasQrcode: false,
        qrcode: null,
        amount: null,
        expireIn: 0,
        minDeposit,
        ...(message ? { message } : {}),
      };
    }
    return {
      qrcodeId: row.id,
      hasQrcode: true,
      qrcode: await render(row.payload),
      amount: Number(row.amount) as MinorUnits,
      expireIn: Math.max(0, Math.ceil((row.expiresAt.getTime() - now().getTime()) / 1000)),
      minDeposit,
      ...(message ? { message } : {}),
    };
  }

  const service = {
    /** The deposit limits' check of a new QR (limits module, decision 061). */
    limitDeposits(check: DepositAdmission): void {
      admit = check;
    },

    /**
     * The amounts of the member's open QR codes not yet expired: deposits that may still arrive;
     * read in the caller's transaction when given one.
     */
    async openTotal(memberId: number, tx: Pick<Database, 'execute'> = db): Promise<bigint> {
      const [row] = await rowsOf<{ total: string }>(
        tx,
        sql`select coalesce(sum(amount), 0)::text as total from qr_payments
            where member_id = ${memberId} and status = 'open' and expires_at > ${now().toISOString()}`,
      );
      return BigInt(row!.total);
    },

    /**
     * The channels a member can choose, in the order shown, with their names and minimums now:
     * only those whose QR pays the member's currency (issue 32 section 2).
     */
    async channels(memberId: number): Promise<QrChannel[]> {
      const [minimums, currency] = await Promise.all([options.minimums(), options.currencyOf(memberId)]);
      const offered = QR_PROVIDERS.filter((provider) => QR_PROVIDER_CURRENCY[provider] === currency);
      return offered.map((provider) => ({
        provider,
        name: QR_CHANNEL_NAMES[provider],
        minDeposit: channelFigure(minimums, provider) as MinorUnits,
      }));
    },

    async state(memberId: number, provider: QrProvider): Promise<QrState> {
      return stateOf(memberId, provider, await openQr(memberId, provider));
    },

    /** Opens a QR; when it cannot, the state says why in `message` (the app shows it in a toast). */
    async create(memberId: number, provider: QrProvider, amount: number): Promise<QrState> {
      // NOTE: the currency first: a channel of another currency is refused whatever the amount
      // (PromptPay pays baht into no kip wallet; the Lao QR pays kip into no baht wallet).
      const currency = await options.currencyOf(memberId);
      if (currency !== QR_PROVIDER_CURRENCY[provider]) {
        const refusal =
          QR_PROVIDER_CURRENCY[provider] === 'LAK' ? 'CURRENCY_NOT_ACCEPTED_KIP' : 'CURRENCY_NOT_ACCEPTED';
        return stateOf(memberId, provider, null, refusal);
      }
      if (amount < (await minimumOf(provider))) return stateOf(memberId, provider, null, 'QR_MINIMUM', false);
      if (amount > qrMaximumOf(provider)) return stateOf(memberId, provider, null, 'QR_MAXIMUM', false);
      const open = await openQr(memberId, provider);
      if (open) return stateOf(memberId, provider, open, 'QR_ALREADY_OPEN');
      const row: QrRow = {
        id: randomBytes(12).toString('base64url'),
        memberId,
        provider,
        amount: BigInt(amount),
        currency,
        status: 'open',
        payload: null,
        providerReference: null,
        createdAt: now(),
        expiresAt: new Date(now().getTime() + options.ttlMs),
        paidAt: null,
      };
      try {
        // NOTE: the row first, so a second request racing this one is refused by the database.
        if (admit) {
          const admitting = admit;
          await db.transaction(async (tx) => {
            await admitting(tx, memberId, row.amount);
            await tx.insert(qrPayments).values(row);
          });
        } else await db.insert(qrPayments).values(row);
      } catch (error) {
        if (!uniqueViolation(error)) throw error;
        return stateOf(memberId, provider, await openQr(memberId, provider), 'QR_ALREADY_OPEN');
      }
      try {
        const created = await options.provider.createQr({
          provider,
          reference: row.id,
          amount: row.amount,
          expiresAt: row.expiresAt,
        });
        await db
          .update(qrPayments)
          .set({ payload: created.payload, providerReference: created.providerReference })
          .where(eq(qrPayments.id, row.id));
        return stateOf(memberId, provider, { ...row, payload: created.payload });
      } catch (error) {
        options.log.warn({ err: error, qrcodeId: row.id }, 'payment gateway did not make a QR');
        // Nothing can be paid without a payload the member saw: the order is dropped.
        await db.update(qrPayments).set({ status: 'failed' }).where(eq(qrPayments.id, row.id));
        return stateOf(memberId, provider, null, 'QR_FAIL');
      }
    },

    /** Cancels the member's own open QR. A payment already made is still credited by its webhook. */
    async cancel(memberId: number, qrcodeId: string): Promise<QrState> {
      const [row] = await db
        .select()
        .from(qrPayments)
        .where(and(eq(qrPayments.id, qrcodeId), eq(qrPayments.memberId, memberId)));
      if (!row) throw new AppError('NO_DATA', 404);
      const provider = row.provider as QrProvider;
      if (row.status !== 'open') return stateOf(memberId, provider, null);
      await db
        .update(qrPayments)
        .set({ status: 'cancelled' })
        .where(and(eq(qrPayments.id, qrcodeId), eq(qrPayments.status, 'open')));
      await options.provider.cancelQr(qrcodeId).catch((error: unknown) => {
        options.log.warn({ err: error, qrcodeId }, 'payment gateway did not cancel a QR');
      });
      return stateOf(memberId, provider, null);
    },

    /**
     * Applies again the PAID events we accepted and did not finish: a credit that failed after the
     * event was stored (a database blip, a restart) is finished by the reconciler, not left to the
     * gateway's retries; so is the review of a payment of another amount. Answers how many it
     * finished.
     */
    async applyStoredPayments(): Promise<number> {
      const rows = await rowsOf<{ body: PaymentEvent }>(
        db,
        sql`select e.body from payment_webhook_events e
            join qr_payments q on q.id = e.body ->> 'reference' and q.provider = e.provider
            where e.body ->> 'status' = 'PAID'
              and case when (e.body ->> 'amount')::bigint = q.amount then q.status <> 'paid'
                       else not exists (select 1 from payment_reviews r
                                        where r.provider = e.provider and r.event_id = e.event_id) end
            order by e.received_at limit 100`,
      );
      let finished = 0;
      for (const { body } of rows) {
        if ((await service.applyEvent(body)) !== 'unknown-order') finished += 1;
      }
      return finished;
    },

    /**
     * Applies one webhook event (its signature and time already checked). PAID credits the QR's
     * amount once, keyed by the QR; it counts even for a QR cancelled or expired here, because
     * the money did arrive. Another amount credits nothing: it is held for staff review, once per
     * event (decision 017). Other events only close an open QR.
     */
    async applyEvent(event: PaymentEvent): Promise<EventOutcome> {
      await db
        .insert(paymentWebhookEvents)
        .values({ provider: event.provider, eventId: event.eventId, body: event })
        .onConflictDoNothing();
      const [row] = await db.select().from(qrPayments).where(eq(qrPayments.id, event.reference));
      if (!row || row.provider !== event.provider) return 'unknown-order';
      if (event.status !== 'PAID') {
        await db
          .update(qrPayments)
          .set({ status: event.status === 'CANCELLED' ? 'cancelled' : 'expired' })
          .where(and(eq(qrPayments.id, row.id), eq(qrPayments.status, 'open')));
        return 'recorded';
      }
      if (BigInt(event.amount) !== row.amount) {
        if (await options.reviews.record(row, event)) {
          options.log.warn(
            { qrcodeId: row.id, expected: String(row.amount), paid: event.amount, eventId: event.eventId },
            'QR paid with another amount; held for staff review',
          );
        }
        return 'review';
      }
      await ledger.openAccount(accountKey.wallet(row.memberId), row.currency);
      try {
        await ledger.transfer(qrCredit(row, row.amount));
      } catch (error) {
        // NOTE: staff credited this QR already, with what a payment of another amount brought
        // (decision 049): this second payment is held for them too, never credited again.
        if (!(error instanceof AppError && error.code === 'IDEMPOTENCY_KEY_REUSED')) throw error;
        await options.reviews.record(row, event);
        options.log.warn({ qrcodeId: row.id, eventId: event.eventId }, 'QR credited already; held for staff');
        return 'review';
      }
      await db
        .update(qrPayments)
        .set({ status: 'paid', paidAt: new Date(event.occurredAt) })
        .where(eq(qrPayments.id, row.id));
      return 'credited';
    },
  };
  return service;
}

export type QrPaymentsService = ReturnType<typeof createQrPaymentsService>;
