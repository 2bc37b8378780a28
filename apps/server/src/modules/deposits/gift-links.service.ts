import { and, eq } from 'drizzle-orm';
import { TRUELINK_MINIMUM_MINOR, type DepositResult } from '@wallet/contract/http/deposit';
import type { Currency, MinorUnits } from '@wallet/contract/money';
import { voucherCodeOf, type VoucherService } from '../../adapters/voucher/voucher-service';
import type { Database } from '../../platform/db/database';
import { uniqueViolation } from '../../platform/db/unique-violation';
import { AppError } from '../../platform/errors';
import { accountKey, type LedgerService } from '../ledger/ledger.service';
import { giftLinks } from './deposits.tables';

export interface GiftLinksOptions {
  db: Database;
  ledger: LedgerService;
  vouchers: VoucherService;
  currencyOf: (memberId: number) => Promise<Currency>;
}

/**
 * Prepaid-wallet gift links (spec sections 5 and 7, truelink): the voucher is inspected, redeemed
 * under our reference, then the member is credited once, keyed by the voucher. A link is claimed
 * by the first request that sends it: another request with it gets TRUELINK_DUPLICATE; a retry
 * of that same request (same Idempotency-Key, hence the same `requestKey`) goes on where it stopped.
 */
export function createGiftLinksService(options: GiftLinksOptions) {
  const { db, ledger, vouchers } = options;

  async function refuse(code: string, reason: string, error: AppError): Promise<never> {
    await db.update(giftLinks).set({ status: 'refused', reason }).where(eq(giftLinks.voucherCode, code));
    throw error;
  }

  /**
   * The link is this request's, or refused as a duplicate. Answers the reference to redeem under:
   * the claiming request's, so a member's new attempt after a crash (the app lost its key on a
   * reload) finishes the first one instead of being told the link was used.
   */
  async function claim(memberId: number, code: string, requestKey: string): Promise<string> {
    try {
      await db.insert(giftLinks).values({ voucherCode: code, memberId, requestKey, status: 'redeeming' });
      return requestKey;
    } catch (error) {
      if (!uniqueViolation(error)) throw error;
      const [earlier] = await db.select().from(giftLinks).where(eq(giftLinks.voucherCode, code));
      const unfinished = earlier?.memberId === memberId && earlier.status === 'redeeming';
      if (!earlier || !unfinished) throw new AppError('TRUELINK_DUPLICATE', 409);
      return earlier.requestKey;
    }
  }

  return {
    async redeem(memberId: number, link: string, requestKey: string): Promise<DepositResult> {
      const code = voucherCodeOf(link);
      if (!code) throw new AppError('TRUELINK_INVALID', 400);
      const currency = await options.currencyOf(memberId);
      // Prepaid-wallet vouchers are in baht: a wallet in kip cannot be credited from them.
      if (currency !== 'BAHT') throw new AppError('CURRENCY_NOT_ACCEPTED', 400);
      const reference = await claim(memberId, code, requestKey);

      const state = await vouchers.inspect(code);
      // A voucher this request redeemed already (a retry after a crash) shows as redeemed: the
      // redemption below answers it again under the same reference.
      if (state.status === 'not_found')
        return refuse(code, 'not_found', new AppError('TRUELINK_INVALID', 400));
      if (state.status === 'available' && state.amount < BigInt(TRUELINK_MINIMUM_MINOR)) {
        return refuse(code, 'below_minimum', new AppError('TRUELINK_MINIMUM', 400));
      }
      const redemption = await vouchers.redeem(code, reference);
      if (redemption.status !== 'redeemed') {
        return refuse(code, redemption.status, new AppError('TRUELINK_INVALID', 400));
      }

      const wallet = accountKey.wallet(memberId);
      await ledger.openAccount(wallet, currency);
      await ledger.transfer({
        idempotencyKey: `deposit:truelink:${code}`,
        debit: accountKey.operator('cash_in', currency),
        credit: wallet,
        amount: redemption.amount,
        kind: 'deposit',
        metadata: {
          memberId,
          voucher: code,
          statement: { type: 'deposit', from: 'TRUEWALLET', to: 'wallet' },
        },
      });
      // Copies of this attempt (the same member sending the link twice at once) all replay the one
      // credit; only the one that closes the claim answers SUCCESS.
      const closed = await db
        .update(giftLinks)
        .set({ status: 'credited', amount: redemption.amount })
        .where(and(eq(giftLinks.voucherCode, code), eq(giftLinks.status, 'redeeming')))
        .returning({ code: giftLinks.voucherCode });
      if (closed.length === 0) throw new AppError('TRUELINK_DUPLICATE', 409);
      return {
        status: 'SUCCESS',
        reference: `truelink:${code.slice(0, 8)}`,
        amount: Number(redemption.amount) as MinorUnits,
      };
    },
  };
}

export type GiftLinksService = ReturnType<typeof createGiftLinksService>;
