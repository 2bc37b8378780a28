import type { Currency } from '@wallet/contract/money';
import type { Locale } from '@wallet/contract/constants';
import type { CouponClaimResponse, PrizeUnit, SpinCouponsResponse } from '@wallet/contract/http/spinwheel';
import { AppError } from '../../platform/errors';
import { accountKey, type LedgerService } from '../ledger/ledger.service';
import type { GrantsService, ProgramTerms } from '../promotions/engine/grants.service';
import { COIN, spinKeys } from './spin-ledger';
import { couponView, namesOf } from './spin-views';
import type { CouponRow, Executor, SpinwheelRepository } from './spinwheel.repository';

const COUPON_ID = /^[1-9]\d{0,17}$/;

export interface SpinCouponsOptions {
  repository: SpinwheelRepository;
  ledger: LedgerService;
  /** Bonus prizes are grants of the promotions' grant engine. */
  grants: Pick<GrantsService, 'grantPrize'>;
  now: () => Date;
}

/** A member's coupons: listed, claimed once (cash, coins or a bonus grant), or expired. */
export function createSpinCoupons(options: SpinCouponsOptions) {
  const { repository, ledger, now } = options;

  /** A coupon's prize back to the operator, the coupon expired: once, in one transaction. */
  async function expireIn(tx: Executor, coupon: CouponRow): Promise<void> {
    // NOTE: only the request that expires it returns its prize: a coupon claimed meanwhile (by a
    // process whose clock ran behind) keeps its money where the claim took it.
    if (!(await repository.markExpired(tx, coupon.id))) return;
    if (coupon.kind === 'cash' || coupon.kind === 'bonus')
      await ledger.transferIn(tx, {
        idempotencyKey: spinKeys.expire(coupon.id),
        debit: accountKey.prize(coupon.memberId),
        credit: accountKey.operator('prize', coupon.unit!),
        amount: coupon.amount,
        kind: 'prize',
        metadata: { memberId: coupon.memberId, coupon: coupon.id, expired: true },
      });
  }

  return {
    expireIn,

    async coupons(
      memberId: number,
      page: { page: number; limit: number },
      locale: Locale,
    ): Promise<SpinCouponsResponse> {
      const at = now();
      const { total, rows } = await repository.couponsOf(
        memberId,
        { offset: (page.page - 1) * page.limit, limit: page.limit },
        at,
      );
      return { total, coupons: rows.map((row) => couponView(row, at, locale)) };
    },

    /**
     * Pays a coupon once: cash to the wallet, coins to the coin account, a bonus as a grant (refused
     * with BONUS_REMAINING while another grant runs). Two claims of one coupon at once pay once: the
     * coupon's row is marked claimed in the transaction that moves its money.
     */
    async claim(memberId: number, couponText: string): Promise<CouponClaimResponse> {
      if (!COUPON_ID.test(couponText)) throw new AppError('INVALID_CODE', 400);
      const coupon = await repository.coupon(memberId, Number(couponText));
      if (!coupon) throw new AppError('NO_CLAIMABLE_COUPON', 404);
      if (coupon.kind === 'none') throw new AppError('INVALID_COUPON_TYPE', 409);
      const at = now();
      if (coupon.status === 'expired') throw new AppError('COUPON_EXPIRED', 409);
      if (coupon.status !== 'claimable') throw new AppError('NO_CLAIMABLE_COUPON', 409);
      if (coupon.expiresAt <= at) {
        await repository.transaction((tx) => expireIn(tx, coupon));
        throw new AppError('COUPON_EXPIRED', 409);
      }
      const slice = await repository.slice(coupon.wheelId, coupon.sliceCode);
      if (!slice || slice.withdrawn) throw new AppError('INVALID_PRIZE_CODE', 409);
      const paid: CouponClaimResponse = {
        success: true,
        kind: coupon.kind,
        amount: Number(coupon.amount),
        unit: coupon.unit as PrizeUnit | null,
      };
      const claimed = async (tx: Executor, grantId: number | null = null) => {
        if (!(await repository.markClaimed(tx, coupon.id, at, grantId)))
          throw new AppError('NO_CLAIMABLE_COUPON', 409);
      };
      if (coupon.kind === 'bonus') {
        const terms = coupon.terms as ProgramTerms | null;
        if (!terms) throw new AppError('INVALID_PRIZE_CODE', 409);
        await options.grants.grantPrize(
          memberId,
          { amount: coupon.amount, terms, currency: coupon.unit as Currency },
          {
            first: async (tx) => {
              if (!(await repository.lockClaimable(tx, coupon.id, at)))
                throw new AppError('NO_CLAIMABLE_COUPON', 409);
            },
            alongside: claimed,
          },
        );
        return paid;
      }
      if (coupon.kind === 'cash') await ledger.openAccount(accountKey.wallet(memberId), coupon.unit!);
      await repository.transaction(async (tx) => {
        await claimed(tx);
        await ledger.transferIn(
          tx,
          coupon.kind === 'cash'
            ? {
                idempotencyKey: spinKeys.claim(coupon.id),
                debit: accountKey.prize(memberId),
                credit: accountKey.wallet(memberId),
                amount: coupon.amount,
                kind: 'prize',
                metadata: {
                  memberId,
                  coupon: coupon.id,
                  statement: {
                    type: 'luckydraw',
                    from: 'luckydraw',
                    to: 'wallet',
                    detail: { kind: 'luckydraw', names: namesOf(coupon), coupon: coupon.id },
                  },
                },
              }
            : {
                idempotencyKey: spinKeys.claim(coupon.id),
                debit: accountKey.operator('coin', COIN),
                credit: accountKey.coin(memberId),
                amount: coupon.amount,
                kind: 'coin',
                metadata: { memberId, coupon: coupon.id },
              },
        );
      });
      return paid;
    },
  };
}

export type SpinCoupons = ReturnType<typeof createSpinCoupons>;
