import type { FastifyBaseLogger } from 'fastify';
import type { SpinCoins } from './spin-coins';
import type { SpinCoupons } from './spin-coupons';
import type { SpinWheels } from './spin-wheels';
import type { CouponRow, SpinwheelRepository } from './spinwheel.repository';

export interface SpinScheduleOptions {
  repository: SpinwheelRepository;
  wheels: Pick<SpinWheels, 'wheelOrNull'>;
  coins: Pick<SpinCoins, 'earnFromDeposits'>;
  coupons: Pick<SpinCoupons, 'expireIn'>;
  now: () => Date;
  log: FastifyBaseLogger;
}

/** The wheel's schedule, on a timer of its own (app.ts). */
export function createSpinSchedule(options: SpinScheduleOptions) {
  const { repository, wheels, coins, coupons, now, log } = options;

  return {
    /**
     * The schedule: coins for deposits credited since the last look (any member), and expired
     * coupons' prizes back to the operator, each coupon claimed by one process (SKIP LOCKED).
     */
    async sweep(stopping: () => boolean = () => false): Promise<{ coins: number; expired: number }> {
      const wheel = await wheels.wheelOrNull();
      const earned = wheel ? await coins.earnFromDeposits(wheel.rules) : 0;
      let expired = 0;
      let afterId = 0;
      while (!stopping()) {
        let due: CouponRow | null = null;
        try {
          await repository.transaction(async (tx) => {
            due = await repository.claimDueCoupon(tx, now(), afterId);
            if (due) await coupons.expireIn(tx, due);
          });
        } catch (error) {
          // One coupon that cannot expire now is looked at again by the next run; the rest go on.
          if (!due) throw error;
          log.error({ err: error, coupon: (due as CouponRow).id }, 'spin wheel: a coupon could not expire');
        }
        if (!due) break;
        afterId = (due as CouponRow).id;
        expired += 1;
      }
      return { coins: earned, expired };
    },
  };
}
