import type { Locale } from '@wallet/contract/constants';
import type { Currency } from '@wallet/contract/money';
import type { SpinResponse } from '@wallet/contract/http/spinwheel';
import { AppError } from '../../platform/errors';
import { uniqueViolation } from '../../platform/db/unique-violation';
import { accountKey, type LedgerService } from '../ledger/ledger.service';
import { marketDay } from '../promotions/rewards/rewards.service';
import type { SpinCoins } from './spin-coins';
import { drawIndex } from './spin-draw';
import { COIN, spinKeys } from './spin-ledger';
import { couponLabel, prizeFor, type MemberPrize } from './spin-views';
import { availability, type Slice, type SpinWheels } from './spin-wheels';
import type { CouponRow, SpinwheelRepository, WheelRow } from './spinwheel.repository';

const HOUR_MS = 3_600_000;
/** Draws a spin tries before giving up on slices that run out under it. */
const DRAW_ATTEMPTS = 8;

/** A slice whose stock or budget ran out between the draw and its transaction: draw again. */
class SliceGone extends Error {}

export interface SpinTurnOptions {
  repository: SpinwheelRepository;
  ledger: LedgerService;
  wheels: Pick<SpinWheels, 'activeWheel'>;
  coins: Pick<SpinCoins, 'coinsOf' | 'openAccounts'>;
  currencyOf: (memberId: number) => Promise<Currency>;
  now: () => Date;
}

/** A turn of the wheel: one coin spent, one slice drawn, its coupon issued and its prize set aside. */
export function createSpinTurn(options: SpinTurnOptions) {
  const { repository, ledger, wheels, coins, now } = options;

  /** One draw in one transaction: the coin spent, stock and budget taken, the coupon and its prize. */
  async function drawOnce(
    memberId: number,
    requestKey: string,
    wheel: WheelRow,
    slice: Slice,
    prize: MemberPrize,
    at: Date,
  ): Promise<CouponRow> {
    return repository.transaction(async (tx) => {
      await ledger.transferIn(tx, {
        idempotencyKey: spinKeys.coin(memberId, requestKey),
        debit: accountKey.coin(memberId),
        credit: accountKey.operator('coin', COIN),
        amount: 1n,
        kind: 'spin',
        metadata: { memberId, requestKey },
      });
      if (!(await repository.stillDrawable(tx, wheel.id, slice.code))) throw new SliceGone();
      if (slice.stock !== null && !(await repository.takeStock(tx, wheel.id, slice.code)))
        throw new SliceGone();
      const budget = prize.unit ? slice.dailyBudget?.[prize.unit] : undefined;
      if (
        budget !== undefined &&
        !(await repository.spendBudget(
          tx,
          { wheelId: wheel.id, code: slice.code, day: marketDay(at), unit: prize.unit! },
          prize.amount,
          BigInt(budget),
        ))
      )
        throw new SliceGone();
      const coupon = await repository.insertCoupon(tx, {
        memberId,
        requestKey,
        wheelId: wheel.id,
        sliceCode: slice.code,
        labels: slice.labels,
        kind: prize.kind,
        unit: prize.unit,
        amount: prize.amount,
        terms: slice.prize.kind === 'bonus' ? slice.prize.terms : null,
        status: prize.kind === 'none' ? 'none' : 'claimable',
        createdAt: at,
        expiresAt: new Date(at.getTime() + wheel.couponHours * HOUR_MS),
      });
      if (prize.kind === 'cash' || prize.kind === 'bonus')
        await ledger.transferIn(tx, {
          idempotencyKey: spinKeys.won(coupon.id),
          debit: accountKey.operator('prize', prize.unit!),
          credit: accountKey.prize(memberId),
          amount: prize.amount,
          kind: 'prize',
          metadata: { memberId, coupon: coupon.id, slice: slice.code },
        });
      return coupon;
    });
  }

  async function spinAnswer(memberId: number, coupon: CouponRow, locale: Locale): Promise<SpinResponse> {
    return {
      success: true,
      result: { code: coupon.sliceCode, label: couponLabel(coupon, locale) },
      remainingCoin: await coins.coinsOf(memberId),
      coupon: coupon.kind === 'none' ? null : String(coupon.id),
    };
  }

  return {
    /**
     * Spends one coin and draws a slice, issuing its coupon, all in one transaction; once per member
     * and request key (a retry after a lost answer gets the same draw). Refused: SPIN_INACTIVE,
     * NO_COIN (none left, or another spin took the last), SPIN_SOLD_OUT (no coin spent).
     */
    async spin(
      memberId: number,
      requestKey: string,
      locale: Locale,
      { firstAttempt = false }: { firstAttempt?: boolean } = {},
    ): Promise<SpinResponse> {
      // NOTE: a key never tried before can have no draw: the look-up is for retries only.
      const earlier = firstAttempt ? null : await repository.couponByRequest(memberId, requestKey);
      if (earlier) return spinAnswer(memberId, earlier, locale);
      const wheel = await wheels.activeWheel();
      const currency = await options.currencyOf(memberId);
      await coins.openAccounts(memberId, currency);
      const at = now();
      const paidToday = await repository.paidOn(wheel.wheel.id, marketDay(at));
      let candidates = wheel.slices.flatMap((slice) => {
        const prize = prizeFor(slice.prize, currency);
        return prize && availability(slice, prize, paidToday) ? [{ slice, prize }] : [];
      });
      for (let attempt = 0; attempt < DRAW_ATTEMPTS && candidates.length > 0; attempt++) {
        const drawn = candidates[drawIndex(candidates.map(({ slice }) => slice.weight))]!;
        try {
          const coupon = await drawOnce(memberId, requestKey, wheel.wheel, drawn.slice, drawn.prize, at);
          return await spinAnswer(memberId, coupon, locale);
        } catch (error) {
          if (error instanceof SliceGone) {
            // Its last prize went to another spin: draw again over the rest (this coin was not spent).
            candidates = candidates.filter((candidate) => candidate !== drawn);
            continue;
          }
          if (error instanceof AppError && error.code === 'MONEY_NOT_ENOUGH')
            throw new AppError('NO_COIN', 409);
          // A concurrent retry of the same request drew first: answer its draw.
          if (uniqueViolation(error)) {
            const raced = await repository.couponByRequest(memberId, requestKey);
            if (raced) return spinAnswer(memberId, raced, locale);
          }
          throw error;
        }
      }
      if ((await coins.coinsOf(memberId)) <= 0) throw new AppError('NO_COIN', 409);
      throw new AppError('SPIN_SOLD_OUT', 409);
    },
  };
}
