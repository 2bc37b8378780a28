import type { FastifyBaseLogger } from 'fastify';
import type { Locale } from '@wallet/contract/constants';
import type { Currency } from '@wallet/contract/money';
import type { SpinSetupResponse } from '@wallet/contract/http/spinwheel';
import type { Database } from '../../platform/db/database';
import type { LedgerService } from '../ledger/ledger.service';
import type { GrantsService } from '../promotions/engine/grants.service';
import { marketDay } from '../promotions/rewards/rewards.service';
import { createSpinCoins } from './spin-coins';
import { createSpinCoupons } from './spin-coupons';
import { publishedOdds } from './spin-draw';
import { createSpinSchedule } from './spin-schedule';
import { createSpinTurn } from './spin-turn';
import { coinRulesView, prizeFor, sliceView } from './spin-views';
import { availability, createSpinWheels } from './spin-wheels';
import { createSpinwheelRepository } from './spinwheel.repository';

export interface SpinwheelServiceOptions {
  db: Database;
  ledger: LedgerService;
  /** Bonus prizes are grants of the promotions' grant engine. */
  grants: Pick<GrantsService, 'grantPrize'>;
  currencyOf: (memberId: number) => Promise<Currency>;
  /** The clock of draws, coupons and days (tests move it). */
  now: () => Date;
  log: FastifyBaseLogger;
}

/**
 * The spin wheel (spec sections 2-9, Spin; docs/decisions/021-spin-wheel.md). The server draws with
 * `crypto.randomInt` over the weights of the slices still in stock and budget; the browser only
 * animates to the slice it is told. Every coin and prize moves through the ledger:
 * operator coin -> a member's `coin:` account -> back to the operator when spent; operator prize ->
 * a member's `prize:` account when drawn -> the wallet (cash) or a grant (bonus) when claimed, or
 * back to the operator when the coupon expires. Composed of spin-wheels.ts (the wheel and its
 * settings), spin-coins.ts (earning coins), spin-turn.ts (a spin), spin-coupons.ts (claims and
 * expiry) and spin-schedule.ts.
 */
export function createSpinwheelService(options: SpinwheelServiceOptions) {
  const { ledger, now, log } = options;
  const repository = createSpinwheelRepository(options.db);
  const wheels = createSpinWheels({ repository, ledger, now, log });
  const coins = createSpinCoins({ ledger, now });
  const coupons = createSpinCoupons({ repository, ledger, grants: options.grants, now });
  const turn = createSpinTurn({ repository, ledger, wheels, coins, currencyOf: options.currencyOf, now });
  const schedule = createSpinSchedule({ repository, wheels, coins, coupons, now, log });

  return {
    coinsOf: coins.coinsOf,
    seed: () => wheels.seed(),
    configure: (changes: Parameters<typeof wheels.configure>[0]) => wheels.configure(changes),

    async isActive(): Promise<boolean> {
      return (await wheels.wheelOrNull()) !== null;
    },

    /** The wheel as this member sees it, and their coins (earned ones picked up first). */
    async setup(memberId: number, locale: Locale): Promise<SpinSetupResponse> {
      const wheel = await wheels.wheelOrNull();
      const currency = await options.currencyOf(memberId);
      if (!wheel)
        return {
          result: { activeSpinwheel: null },
          userCoin: await coins.coinsOf(memberId),
          coinRules: { deposit: { per: 1, coins: 0 }, daily: 0 },
        };
      await coins.openAccounts(memberId, currency);
      await coins.earnFromDeposits(wheel.rules, memberId);
      await coins.earnDaily(wheel.rules, memberId);
      const paidToday = await repository.paidOn(wheel.wheel.id, marketDay(now()));
      const odds = publishedOdds(wheel.slices.map((slice) => (slice.withdrawn ? 0 : slice.weight)));
      const slices = wheel.slices.filter((slice) => !slice.withdrawn);
      return {
        result: {
          activeSpinwheel: {
            name: wheel.wheel.name,
            couponHours: wheel.wheel.couponHours,
            slices: slices.map((slice) => {
              const prize = prizeFor(slice.prize, currency);
              return sliceView(
                slice,
                prize,
                odds[wheel.slices.indexOf(slice)]!,
                availability(slice, prize, paidToday),
                locale,
              );
            }),
          },
        },
        userCoin: await coins.coinsOf(memberId),
        coinRules: coinRulesView(wheel.rules, currency),
      };
    },

    spin: (...args: Parameters<typeof turn.spin>) => turn.spin(...args),
    coupons: (...args: Parameters<typeof coupons.coupons>) => coupons.coupons(...args),
    claim: (memberId: number, couponText: string) => coupons.claim(memberId, couponText),
    sweep: (stopping?: () => boolean) => schedule.sweep(stopping),
  };
}

export type SpinwheelService = ReturnType<typeof createSpinwheelService>;
