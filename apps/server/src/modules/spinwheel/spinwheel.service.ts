import type { FastifyBaseLogger } from 'fastify';
import type { Locale } from '@wallet/contract/constants';
import { formatMajorAmount, type Currency } from '@wallet/contract/money';
import type {
  CoinRules,
  CouponClaimResponse,
  PrizeUnit,
  SpinCoupon,
  SpinCouponsResponse,
  SpinResponse,
  SpinSetupResponse,
  SpinSlice,
} from '@wallet/contract/http/spinwheel';
import type { Database } from '../../platform/db/database';
import { AppError } from '../../platform/errors';
import { uniqueViolation } from '../../platform/db/unique-violation';
import { accountKey, type LedgerService } from '../ledger/ledger.service';
import {
  marketDay,
  type LocalText,
  type ProgramTerms,
  type PromotionsService,
} from '../promotions/promotions.service';
import { drawIndex, publishedOdds } from './spin-draw';
import {
  createSpinwheelRepository,
  type CouponRow,
  type Executor,
  type WheelRow,
} from './spinwheel.repository';
import { DEMO_WHEEL, StoredCoinRules, StoredPrize } from './spinwheel-settings';

export interface SpinwheelServiceOptions {
  db: Database;
  ledger: LedgerService;
  /** Bonus prizes are grants of the promotions engine. */
  promotions: Pick<PromotionsService, 'grantPrize'>;
  currencyOf: (memberId: number) => Promise<Currency>;
  /** The clock of draws, coupons and days (tests move it). */
  now: () => Date;
  log: FastifyBaseLogger;
}

/** The ledger keys of the wheel's movements: each once, whoever makes it. */
export const spinKeys = {
  /** The coin a spin spends. */
  coin: (memberId: number, requestKey: string) => `spin:${memberId}:${requestKey}:coin`,
  /** A cash or bonus prize set aside for its coupon when drawn. */
  won: (couponId: number) => `coupon:${couponId}:won`,
  /** A coupon claimed (cash to the wallet, coins to the coin account). */
  claim: (couponId: number) => `coupon:${couponId}:claim`,
  /** An expired coupon's prize back to the operator. */
  expire: (couponId: number) => `coupon:${couponId}:expire`,
  /** Coins a deposit earned (the prefix is followed by the deposit's transfer id). */
  depositPrefix: 'coin:deposit:',
  daily: (memberId: number, day: string) => `coin:daily:${memberId}:${day}`,
};

const COIN = 'COIN';
const HOUR_MS = 3_600_000;
/** Deposits the schedule looks at in one page. */
const DEPOSIT_PAGE = 200;
/** Draws a spin tries before giving up on slices that run out under it. */
const DRAW_ATTEMPTS = 8;
const COUPON_ID = /^[1-9]\d{0,17}$/;

/** A prize as one member would get it: its kind, amount and unit in their currency. */
interface MemberPrize {
  kind: StoredPrize['kind'];
  amount: bigint;
  unit: PrizeUnit | null;
}

/** A slice whose stock or budget ran out between the draw and its transaction: draw again. */
class SliceGone extends Error {}

function prizeFor(prize: StoredPrize, currency: Currency): MemberPrize | null {
  switch (prize.kind) {
    case 'none':
      return { kind: 'none', amount: 0n, unit: null };
    case 'coin':
      return { kind: 'coin', amount: BigInt(prize.coins), unit: COIN };
    case 'cash':
    case 'bonus': {
      const amount = prize.amounts[currency];
      return amount === undefined || amount === '0'
        ? null
        : { kind: prize.kind, amount: BigInt(amount), unit: currency };
    }
  }
}

/** A prize named in a label: "฿50", "₭12,000", "3". */
function amountText(prize: MemberPrize): string {
  if (prize.unit === null) return '';
  if (prize.unit === COIN) return prize.amount.toString();
  const major = formatMajorAmount(Number(prize.amount), prize.unit).replace(/\.00$/, '');
  return `${prize.unit === 'LAK' ? '₭' : '฿'}${major}`;
}

const localText = (text: LocalText, locale: Locale, prize: MemberPrize | null) =>
  (text[locale] || text.en).replaceAll('{amount}', prize ? amountText(prize) : '');

/**
 * The spin wheel (spec sections 2-9, Spin; docs/decisions/021-spin-wheel.md). The server draws with
 * `crypto.randomInt` over the weights of the slices still in stock and budget; the browser only
 * animates to the slice it is told. Every coin and prize moves through the ledger:
 * operator coin -> a member's `coin:` account -> back to the operator when spent; operator prize ->
 * a member's `prize:` account when drawn -> the wallet (cash) or a grant (bonus) when claimed, or
 * back to the operator when the coupon expires.
 */
export function createSpinwheelService(options: SpinwheelServiceOptions) {
  const { ledger, now, log } = options;
  const repository = createSpinwheelRepository(options.db);
  /** The schedule's place in the deposits (in memory: a restart looks again, which is safe). */
  let depositWatermark = 0;

  async function wheelOrNull() {
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
  type Wheel = NonNullable<Awaited<ReturnType<typeof wheelOrNull>>>;
  type Slice = Wheel['slices'][number];

  async function activeWheel(): Promise<Wheel> {
    const wheel = await wheelOrNull();
    if (!wheel) throw new AppError('SPIN_INACTIVE', 409);
    return wheel;
  }

  /** Whether a slice can give its prize to this member now: stock left, today's budget not spent. */
  function availability(slice: Slice, prize: MemberPrize | null, paidToday: Map<string, bigint>): boolean {
    if (slice.withdrawn || slice.weight <= 0 || !prize) return false;
    if (slice.stock !== null && slice.stock <= 0) return false;
    const budget = prize.unit ? slice.dailyBudget?.[prize.unit] : undefined;
    if (budget === undefined) return true;
    return (paidToday.get(`${slice.code}:${prize.unit}`) ?? 0n) + prize.amount <= BigInt(budget);
  }

  async function openAccounts(memberId: number, currency: Currency) {
    await Promise.all([
      ledger.openAccount(accountKey.coin(memberId), COIN),
      ledger.openAccount(accountKey.prize(memberId), currency),
    ]);
  }

  const coinsOf = async (memberId: number) => Number(await ledger.balanceOrZero(accountKey.coin(memberId)));

  /** Coins each credited deposit earns under the rules, for deposits not yet followed. */
  async function earnFromDeposits(rules: StoredCoinRules, memberId?: number): Promise<number> {
    if (rules.deposit.coins <= 0) return 0;
    let earned = 0;
    let afterId = memberId === undefined ? depositWatermark : 0;
    for (;;) {
      const deposits = await ledger.depositsAwaiting(spinKeys.depositPrefix, new Date(rules.since), {
        afterId,
        limit: DEPOSIT_PAGE,
        ...(memberId === undefined ? {} : { memberIds: [memberId] }),
      });
      for (const deposit of deposits) {
        afterId = deposit.transferId;
        const per = rules.deposit.per[deposit.currency as Currency];
        if (!per) continue;
        const coins = (deposit.amount / BigInt(per)) * BigInt(rules.deposit.coins);
        // NOTE: a deposit under `per` earns nothing and is looked at again by a later page only.
        if (coins <= 0n) continue;
        await ledger.openAccount(accountKey.coin(deposit.memberId), COIN);
        const key = `${spinKeys.depositPrefix}${deposit.transferId}`;
        if (await earnOnce(key, deposit.memberId, coins, { deposit: deposit.transferId }))
          earned += Number(coins);
      }
      if (memberId === undefined) depositWatermark = afterId;
      if (deposits.length < DEPOSIT_PAGE) return earned;
    }
  }

  /**
   * Coins moved once under `key`. A key already used is an earning already paid, whatever amount
   * the rules say now (the operator may have changed them since): nothing more, and no refusal.
   */
  async function earnOnce(key: string, memberId: number, coins: bigint, source: Record<string, unknown>) {
    if (await ledger.findTransfer(key)) return false;
    try {
      const moved = await ledger.transfer({
        idempotencyKey: key,
        debit: accountKey.operator('coin', COIN),
        credit: accountKey.coin(memberId),
        amount: coins,
        kind: 'coin',
        metadata: { memberId, ...source },
      });
      return !moved.replayed;
    } catch (error) {
      if (error instanceof AppError && error.code === 'IDEMPOTENCY_KEY_REUSED') return false;
      throw error;
    }
  }

  /** The daily coin of a member who opens the wheel, once per market day. */
  async function earnDaily(rules: StoredCoinRules, memberId: number): Promise<void> {
    if (rules.daily <= 0) return;
    const day = marketDay(now());
    await earnOnce(spinKeys.daily(memberId, day), memberId, BigInt(rules.daily), { daily: day });
  }

  function coinRulesView(rules: StoredCoinRules, currency: Currency): CoinRules {
    const per = rules.deposit.per[currency];
    // A currency the rule names no `per` for earns nothing by deposits.
    return {
      deposit: per ? { per: Number(per), coins: rules.deposit.coins } : { per: 1, coins: 0 },
      daily: rules.daily,
    };
  }

  function sliceView(
    slice: Slice,
    prize: MemberPrize | null,
    odds: number,
    available: boolean,
    locale: Locale,
  ): SpinSlice {
    return {
      code: slice.code,
      label: localText(slice.labels, locale, prize),
      bgColor: slice.bgColor,
      textColor: slice.textColor,
      htmlDescription: localText(slice.descriptions, locale, prize),
      odds,
      prize: prize
        ? { kind: prize.kind, amount: Number(prize.amount), unit: prize.unit }
        : { kind: slice.prize.kind, amount: 0, unit: null },
      available,
    };
  }

  function couponView(row: CouponRow, at: Date, locale: Locale): SpinCoupon {
    const prize: MemberPrize = { kind: row.kind, amount: row.amount, unit: row.unit as PrizeUnit | null };
    const expired = row.status === 'expired' || (row.status === 'claimable' && row.expiresAt <= at);
    return {
      _id: String(row.id),
      prize: { slice: row.sliceCode, name: localText(row.labels, locale, prize) },
      amount: Number(row.amount),
      kind: row.kind,
      unit: prize.unit,
      status: expired ? 'expired' : row.status,
      createdAt: row.createdAt.toISOString(),
      expiresAt: row.expiresAt.toISOString(),
    };
  }

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

  /** A coupon's label in each language, its amount filled in (the statement's description). */
  const namesOf = (coupon: CouponRow): LocalText => {
    const prize: MemberPrize = {
      kind: coupon.kind,
      amount: coupon.amount,
      unit: coupon.unit as PrizeUnit | null,
    };
    return {
      th: localText(coupon.labels, 'th', prize),
      lo: localText(coupon.labels, 'lo', prize),
      en: localText(coupon.labels, 'en', prize),
    };
  };

  async function spinAnswer(memberId: number, coupon: CouponRow, locale: Locale): Promise<SpinResponse> {
    const prize: MemberPrize = {
      kind: coupon.kind,
      amount: coupon.amount,
      unit: coupon.unit as PrizeUnit | null,
    };
    return {
      success: true,
      result: { code: coupon.sliceCode, label: localText(coupon.labels, locale, prize) },
      remainingCoin: await coinsOf(memberId),
      coupon: coupon.kind === 'none' ? null : String(coupon.id),
    };
  }

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
    coinsOf,

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

    async isActive(): Promise<boolean> {
      return (await wheelOrNull()) !== null;
    },

    /** The wheel as this member sees it, and their coins (earned ones picked up first). */
    async setup(memberId: number, locale: Locale): Promise<SpinSetupResponse> {
      const wheel = await wheelOrNull();
      const currency = await options.currencyOf(memberId);
      if (!wheel)
        return {
          result: { activeSpinwheel: null },
          userCoin: await coinsOf(memberId),
          coinRules: { deposit: { per: 1, coins: 0 }, daily: 0 },
        };
      await openAccounts(memberId, currency);
      await earnFromDeposits(wheel.rules, memberId);
      await earnDaily(wheel.rules, memberId);
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
        userCoin: await coinsOf(memberId),
        coinRules: coinRulesView(wheel.rules, currency),
      };
    },

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
      const wheel = await activeWheel();
      const currency = await options.currencyOf(memberId);
      await openAccounts(memberId, currency);
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
      if ((await coinsOf(memberId)) <= 0) throw new AppError('NO_COIN', 409);
      throw new AppError('SPIN_SOLD_OUT', 409);
    },

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
        await options.promotions.grantPrize(
          memberId,
          { amount: coupon.amount, terms },
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

    /**
     * The schedule: coins for deposits credited since the last look (any member), and expired
     * coupons' prizes back to the operator, each coupon claimed by one process (SKIP LOCKED).
     */
    async sweep(stopping: () => boolean = () => false): Promise<{ coins: number; expired: number }> {
      const wheel = await wheelOrNull();
      const coins = wheel ? await earnFromDeposits(wheel.rules) : 0;
      let expired = 0;
      let afterId = 0;
      while (!stopping()) {
        let due: CouponRow | null = null;
        try {
          await repository.transaction(async (tx) => {
            due = await repository.claimDueCoupon(tx, now(), afterId);
            if (due) await expireIn(tx, due);
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
      return { coins, expired };
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

export type SpinwheelService = ReturnType<typeof createSpinwheelService>;
