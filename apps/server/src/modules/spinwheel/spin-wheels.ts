import type { FastifyBaseLogger } from 'fastify';
import { AppError } from '../../platform/errors';
import { uniqueViolation } from '../../platform/db/unique-violation';
import { accountKey, type LedgerService } from '../ledger/ledger.service';
import { COIN } from './spin-ledger';
import type { MemberPrize } from './spin-views';
import type { SliceRow, SpinwheelRepository, WheelRow } from './spinwheel.repository';
import { DEMO_WHEEL, StoredCoinRules, StoredPrize } from './spinwheel-settings';

/** A slice of the active wheel, its prize read and checked. */
export type Slice = Omit<SliceRow, 'prize'> & { prize: StoredPrize };
/** The active wheel: its row, its coin rules and the slices that can be drawn or shown. */
export interface Wheel {
  wheel: WheelRow;
  rules: StoredCoinRules;
  slices: Slice[];
}

/** Whether a slice can give its prize to this member now: stock left, today's budget not spent. */
export function availability(
  slice: Slice,
  prize: MemberPrize | null,
  paidToday: Map<string, bigint>,
): boolean {
  if (slice.withdrawn || slice.weight <= 0 || !prize) return false;
  if (slice.stock !== null && slice.stock <= 0) return false;
  const budget = prize.unit ? slice.dailyBudget?.[prize.unit] : undefined;
  if (budget === undefined) return true;
  return (paidToday.get(`${slice.code}:${prize.unit}`) ?? 0n) + prize.amount <= BigInt(budget);
}

export interface SpinWheelsOptions {
  repository: SpinwheelRepository;
  ledger: LedgerService;
  now: () => Date;
  log: FastifyBaseLogger;
}

/** The operator's wheel: read and checked on every use, seeded with the demo wheel, and set. */
export function createSpinWheels(options: SpinWheelsOptions) {
  const { repository, ledger, now, log } = options;

  async function wheelOrNull(): Promise<Wheel | null> {
    const found = await repository.activeWheel();
    if (!found) return null;
    const rules = StoredCoinRules.safeParse(found.wheel.coinRules);
    const slices = found.slices.flatMap((slice) => {
      const prize = StoredPrize.safeParse(slice.prize);
      // NOTE: a slice edited into nonsense is left off the wheel rather than drawn.
      if (!prize.success) {
        log.error({ slice: slice.code }, 'spin wheel: a slice with an unreadable prize is left off');
        return [];
      }
      return [{ ...slice, prize: prize.data }];
    });
    if (!rules.success || slices.length < 2) return null;
    return { wheel: found.wheel, rules: rules.data, slices };
  }

  return {
    wheelOrNull,

    async activeWheel(): Promise<Wheel> {
      const wheel = await wheelOrNull();
      if (!wheel) throw new AppError('SPIN_INACTIVE', 409);
      return wheel;
    },

    /** The demo wheel on a site that has none (the operator's later edits are kept). */
    async seed(): Promise<void> {
      await ledger.openAccount(accountKey.operator('coin', COIN), COIN, { allowNegative: true });
      if (await repository.anyWheel()) return;
      try {
        await repository.insertWheel(
          {
            name: DEMO_WHEEL.name,
            couponHours: DEMO_WHEEL.couponHours,
            active: true,
            coinRules: { ...DEMO_WHEEL.coinRules, since: now().toISOString() },
          },
          DEMO_WHEEL.slices,
        );
      } catch (error) {
        // Another process seeded it at the same moment.
        if (!uniqueViolation(error)) throw error;
      }
    },

    /** The operator's settings of the active wheel (the sandbox's helper and tests use them). */
    async configure(changes: {
      weights?: Record<string, number>;
      stock?: Record<string, number | null>;
      withdrawn?: Record<string, boolean>;
      dailyBudget?: Record<string, Record<string, string> | null>;
      coinRules?: Partial<Omit<StoredCoinRules, 'since'>>;
      couponHours?: number;
      active?: boolean;
    }): Promise<void> {
      const wheel = await repository.wheelToSet();
      if (!wheel) throw new AppError('SPIN_INACTIVE', 409);
      const codes = new Set(wheel.slices.map((slice) => slice.code));
      const each = async <T>(
        values: Record<string, T> | undefined,
        change: (value: T) => Parameters<typeof repository.updateSlice>[2],
      ) => {
        for (const [code, value] of Object.entries(values ?? {})) {
          if (!codes.has(code)) throw new AppError('INVALID_PRIZE_CODE', 400);
          await repository.updateSlice(wheel.wheel.id, code, change(value));
        }
      };
      await each(changes.weights, (weight) => ({ weight }));
      await each(changes.stock, (stock) => ({ stock }));
      await each(changes.withdrawn, (withdrawn) => ({ withdrawn }));
      await each(changes.dailyBudget, (dailyBudget) => ({ dailyBudget }));
      await repository.updateWheel(wheel.wheel.id, {
        ...(changes.coinRules
          ? { coinRules: StoredCoinRules.parse({ ...wheel.wheel.coinRules, ...changes.coinRules }) }
          : {}),
        ...(changes.couponHours ? { couponHours: changes.couponHours } : {}),
        ...(changes.active === undefined ? {} : { active: changes.active }),
      });
    },
  };
}

export type SpinWheels = ReturnType<typeof createSpinWheels>;
