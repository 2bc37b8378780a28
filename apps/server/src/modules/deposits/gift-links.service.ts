import { and, eq, sql } from 'drizzle-orm';
import { GIFT_LINK_CURRENCY, TRUELINK_MINIMUM, type DepositResult } from '@wallet/contract/http/deposit';
import type { Currency, MinorUnits } from '@wallet/contract/money';
import { voucherCodeOf, type VoucherService } from '../../adapters/voucher/voucher-service';
import type { Database } from '../../platform/db/database';
import { rowsOf } from '../../platform/db/rows';
import { AppError } from '../../platform/errors';
import { accountKey, type LedgerService, type TransferRequest } from '../ledger/ledger.service';
import { giftLinks } from './deposits.tables';

export interface GiftLinksOptions {
  db: Database;
  ledger: LedgerService;
  vouchers: VoucherService;
  currencyOf: (memberId: number) => Promise<Currency>;
  /** How long one call to the voucher service may take (DEPOSIT_PROVIDER_TIMEOUT_MS). */
  voucherTimeoutMs: number;
  log: { warn: (details: object, message: string) => void };
}

/** Prepaid-wallet vouchers are in baht. */
export const VOUCHER_CURRENCY = GIFT_LINK_CURRENCY;

/**
 * The credit of a gift link: keyed by its voucher, so the member's request, the sweep and staff's
 * decision on a link stuck redeeming (decision 049) can only ever credit it once.
 */
export function giftLinkCredit(code: string, memberId: number, amount: bigint): TransferRequest {
  return {
    idempotencyKey: `deposit:truelink:${code}`,
    debit: accountKey.operator('cash_in', VOUCHER_CURRENCY),
    credit: accountKey.wallet(memberId),
    amount,
    kind: 'deposit',
    metadata: { memberId, voucher: code, statement: { type: 'deposit', from: 'TRUEWALLET', to: 'wallet' } },
  };
}
/** A voucher's amount counted against the deposit limits while it is redeemed and credited. */
export interface GiftLinkLimits {
  /** Throws DEPOSIT_LIMIT past the room the member's limits leave. */
  reserve(memberId: number, key: string, amount: bigint): Promise<void>;
  release(key: string): Promise<void>;
}

/** Links the sweep claims at a time; they are finished together, within one lease. */
const SWEEP_PAGE = 10;
/** At most this many pages a pass; the rest wait for the next pass. */
const SWEEP_MAX_PAGES = 50;
/** The longest a link waits between two attempts of the sweep. */
const MAX_BACKOFF_SECONDS = 3600;

/** A claimed link, as the one who finishes it needs it. */
interface Claim {
  code: string;
  memberId: number;
  reference: string;
}

type Finished =
  | { status: 'credited'; amount: bigint }
  | { status: 'refused'; error: AppError }
  /** Another attempt (a copy of the request, the sweep) closed it first; the credit replayed. */
  | { status: 'closed' };

/**
 * Prepaid-wallet gift links (spec sections 5 and 7, truelink): the voucher is inspected, redeemed
 * under our reference, then the member is credited once, keyed by the voucher. A link is claimed
 * by the first request that sends it: another request with it gets TRUELINK_DUPLICATE; a retry
 * of that same request (same Idempotency-Key, hence the same `requestKey`) goes on where it stopped.
 * A link a crash left redeeming is finished by the sweep (decision 017), or by the member sending
 * it again, whichever comes first.
 */
export function createGiftLinksService(options: GiftLinksOptions) {
  const { db, ledger, vouchers, log } = options;
  // A request makes two voucher calls; until three timeouts have passed the link is its own.
  const leaseSeconds = (3 * options.voucherTimeoutMs) / 1000;
  // NOTE: the database's clock, so that processes whose clocks differ agree on whose turn it is.
  const leaseEnd = () => sql`now() + make_interval(secs => ${leaseSeconds}::double precision)`;

  async function refuse(code: string, reason: string, error: AppError): Promise<Finished> {
    await db
      .update(giftLinks)
      .set({ status: 'refused', reason })
      .where(and(eq(giftLinks.voucherCode, code), eq(giftLinks.status, 'redeeming')));
    return { status: 'refused', error };
  }

  /**
   * The link is this request's, or refused as a duplicate. Answers the reference to redeem under:
   * the claiming request's, so a member's new attempt after a crash (the app lost its key on a
   * reload) finishes the first one instead of being told the link was used. Either way the
   * request holds the link's lease, so the sweep leaves it alone meanwhile.
   */
  async function claim(memberId: number, code: string, requestKey: string): Promise<string> {
    const [claimed] = await db
      .insert(giftLinks)
      .values({ voucherCode: code, memberId, requestKey, status: 'redeeming', nextAttemptAt: leaseEnd() })
      .onConflictDoUpdate({
        target: giftLinks.voucherCode,
        set: { nextAttemptAt: leaseEnd() },
        setWhere: and(eq(giftLinks.memberId, memberId), eq(giftLinks.status, 'redeeming')),
      })
      .returning({ requestKey: giftLinks.requestKey });
    if (!claimed) throw new AppError('TRUELINK_DUPLICATE', 409);
    return claimed.requestKey;
  }

  /**
   * Everything after the claim: inspect, redeem under the claim's reference, credit once, close.
   * `admit`: the member's request judges a voucher not yet redeemed by their deposit limits.
   */
  async function finish(
    { code, memberId, reference }: Claim,
    admit?: (amount: bigint) => Promise<void>,
  ): Promise<Finished> {
    const state = await vouchers.inspect(code);
    // A voucher this claim redeemed already (a retry after a crash) shows as redeemed: the
    // redemption below answers it again under the same reference.
    if (state.status === 'not_found') return refuse(code, 'not_found', new AppError('TRUELINK_INVALID', 400));
    if (state.status === 'available' && state.amount < BigInt(TRUELINK_MINIMUM[VOUCHER_CURRENCY])) {
      return refuse(code, 'below_minimum', new AppError('TRUELINK_MINIMUM', 400));
    }
    if (admit && state.status === 'available') {
      try {
        await admit(state.amount);
      } catch (error) {
        // Nothing was redeemed: the link is let go, still the member's to send once the limit allows.
        await db
          .delete(giftLinks)
          .where(and(eq(giftLinks.voucherCode, code), eq(giftLinks.status, 'redeeming')));
        throw error;
      }
    }
    const redemption = await vouchers.redeem(code, reference);
    if (redemption.status !== 'redeemed') {
      return refuse(code, redemption.status, new AppError('TRUELINK_INVALID', 400));
    }

    const wallet = accountKey.wallet(memberId);
    await ledger.openAccount(wallet, VOUCHER_CURRENCY);
    await ledger.transfer(giftLinkCredit(code, memberId, redemption.amount));
    // Copies of this attempt (the same member sending the link twice at once, the sweep) all
    // replay the one credit; only the one that closes the claim counts it.
    const closed = await db
      .update(giftLinks)
      .set({ status: 'credited', amount: redemption.amount })
      .where(and(eq(giftLinks.voucherCode, code), eq(giftLinks.status, 'redeeming')))
      .returning({ code: giftLinks.voucherCode });
    return closed.length === 0 ? { status: 'closed' } : { status: 'credited', amount: redemption.amount };
  }

  /**
   * Claims up to `limit` links left redeeming whose lease ran out, by the database's clock. Rows
   * another process is claiming are skipped, not waited for; each claim pushes the lease out
   * (doubling with every attempt, up to an hour), so a link the voucher service cannot answer
   * now is tried again later, and no two processes hold one link at once.
   */
  async function claimDue(limit: number): Promise<Claim[]> {
    const rows = await rowsOf<{ code: string; member_id: string; reference: string }>(
      db,
      sql`update gift_links g
          set attempts = g.attempts + 1,
              next_attempt_at = now() + make_interval(secs => least(${MAX_BACKOFF_SECONDS}::double precision,
                ${leaseSeconds}::double precision * power(2, least(g.attempts, 16))))
          from (select voucher_code from gift_links
                where status = 'redeeming' and next_attempt_at <= now()
                order by next_attempt_at limit ${limit}
                for update skip locked) due
          where g.voucher_code = due.voucher_code and g.status = 'redeeming'
          returning g.voucher_code as code, g.member_id, g.request_key as reference`,
    );
    return rows.map((row) => ({ code: row.code, memberId: Number(row.member_id), reference: row.reference }));
  }

  // The member's deposit limits (issue 29, decision 061); set by the limits module once it is built.
  let limits: GiftLinkLimits | null = null;

  return {
    /** The deposit limits' reservation of a voucher's amount (limits module, decision 061). */
    limitDeposits(check: GiftLinkLimits): void {
      limits = check;
    },

    async redeem(memberId: number, link: string, requestKey: string): Promise<DepositResult> {
      const code = voucherCodeOf(link);
      if (!code) throw new AppError('TRUELINK_INVALID', 400);
      const currency = await options.currencyOf(memberId);
      // Prepaid-wallet vouchers are in baht: a wallet in kip cannot be credited from them.
      if (currency !== VOUCHER_CURRENCY) throw new AppError('CURRENCY_NOT_ACCEPTED', 400);
      const reference = await claim(memberId, code, requestKey);
      const held = limits;
      const key = `gift:${code}`;
      const finished = held
        ? await finish({ code, memberId, reference }, (amount) =>
            held.reserve(memberId, key, amount),
          ).finally(() => held.release(key))
        : await finish({ code, memberId, reference });
      if (finished.status === 'refused') throw finished.error;
      if (finished.status === 'closed') throw new AppError('TRUELINK_DUPLICATE', 409);
      return {
        status: 'SUCCESS',
        reference: `truelink:${code.slice(0, 8)}`,
        amount: Number(finished.amount) as MinorUnits,
      };
    },

    /**
     * The reconciler's sweep: finishes links a crash left redeeming (after the voucher service
     * redeemed them, or before), without waiting for the member to send them again. Several
     * processes may run it at once; each link is claimed by one. Answers how many it finished.
     */
    async sweepInterrupted(): Promise<number> {
      let finished = 0;
      for (let page = 0; page < SWEEP_MAX_PAGES; page += 1) {
        const claims = await claimDue(SWEEP_PAGE);
        // Together, so that every claim of the page is done well within its lease.
        const outcomes = await Promise.allSettled(claims.map((claimed) => finish(claimed)));
        outcomes.forEach((outcome, index) => {
          if (outcome.status === 'rejected') {
            // The voucher service cannot answer now: the link stays redeeming until its next turn.
            const reason: unknown = outcome.reason;
            log.warn({ err: reason, voucher: claims[index]!.code }, 'could not finish a gift link');
          } else if (outcome.value.status !== 'closed') {
            finished += 1;
          }
        });
        if (claims.length < SWEEP_PAGE) break;
      }
      return finished;
    },
  };
}

export type GiftLinksService = ReturnType<typeof createGiftLinksService>;
