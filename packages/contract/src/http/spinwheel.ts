import { z } from 'zod';
import { CURRENCIES } from '../money';

/**
 * Spin wheel (spec sections 2, 3, 4, 5, 7 Spin wheel, 8 and 9), answered by the spinwheel module
 * (docs/decisions/021). The server draws; the browser only animates to the slice it was told.
 * Coins are their own asset in the ledger; every prize a coupon holds is on the books.
 */

/** What a slice pays: cash to the wallet, a bonus grant, coins, or nothing. */
export const PRIZE_KINDS = ['cash', 'bonus', 'coin', 'none'] as const;
export type PrizeKind = (typeof PRIZE_KINDS)[number];

/** The unit of a coupon's amount: minor units of a currency, or whole coins. */
export const PRIZE_UNITS = [...CURRENCIES, 'COIN'] as const;
export type PrizeUnit = (typeof PRIZE_UNITS)[number];

/** Where a coupon stands. `none`: the draw won nothing (kept as the member's history). */
export const COUPON_STATUSES = ['claimable', 'claimed', 'expired', 'none'] as const;
export type CouponStatus = (typeof COUPON_STATUSES)[number];

/** One slice of the active wheel, in the order drawn clockwise from the top. */
export const SpinSlice = z
  .object({
    code: z.string(),
    /** In the language of the request. */
    label: z.string(),
    bgColor: z.string(),
    textColor: z.string(),
    /** The operator's HTML, in the language of the request: the web app sanitises it before showing it. */
    htmlDescription: z.string(),
    // Ours:
    /** The published odds: the slice's weight as a percentage of all weights, two decimals. */
    odds: z.number().min(0).max(100),
    prize: z.object({
      kind: z.enum(PRIZE_KINDS),
      /** Minor units of `unit` (coins: a count); 0 for nothing. */
      amount: z.number().int().nonnegative(),
      unit: z.enum(PRIZE_UNITS).nullable(),
    }),
    /** False when its stock or today's budget is used up: it is not drawn now. */
    available: z.boolean(),
  })
  .meta({ id: 'SpinSlice' });
export type SpinSlice = z.infer<typeof SpinSlice>;

export const SpinWheel = z
  .object({
    name: z.string(),
    slices: z.array(SpinSlice).min(2),
    /** How long a coupon may be claimed after its draw. */
    couponHours: z.number().int().positive(),
  })
  .meta({ id: 'SpinWheel' });
export type SpinWheel = z.infer<typeof SpinWheel>;

/** How coins are earned now, for the screen's explanation. */
export const CoinRules = z
  .object({
    /** Coins per `per` minor units of each credited deposit (0 coins: off). */
    deposit: z.object({ per: z.number().int().positive(), coins: z.number().int().nonnegative() }),
    /** Coins given once per market day to a member who opens the wheel (0: off). */
    daily: z.number().int().nonnegative(),
  })
  .meta({ id: 'CoinRules' });
export type CoinRules = z.infer<typeof CoinRules>;

/** GET /api/spinwheel/setup (spec section 7): the active wheel, or null, and the member's coins. */
export const SpinSetupResponse = z
  .object({
    result: z.object({ activeSpinwheel: SpinWheel.nullable() }),
    userCoin: z.number().int().nonnegative(),
    // Ours:
    coinRules: CoinRules,
  })
  .meta({ id: 'SpinSetupResponse' });
export type SpinSetupResponse = z.infer<typeof SpinSetupResponse>;

/** GET /api/spinwheel/active. */
export const SpinActiveResponse = z.object({ isActive: z.boolean() }).meta({ id: 'SpinActiveResponse' });
export type SpinActiveResponse = z.infer<typeof SpinActiveResponse>;

/**
 * A refused spin or claim (spec section 7: `{success: false, error}`), with the refusal's HTTP
 * status; `message` carries the same code, as every failure of this server does.
 */
export const SpinRefusal = z
  .object({ success: z.literal(false), error: z.string(), message: z.string() })
  .meta({ id: 'SpinRefusal' });
export type SpinRefusal = z.infer<typeof SpinRefusal>;

/** POST /api/spinwheel/spin (Idempotency-Key required): spends one coin, answers the drawn slice. */
export const SpinResponse = z
  .object({
    success: z.literal(true),
    result: z.object({ code: z.string(), label: z.string() }),
    remainingCoin: z.number().int().nonnegative(),
    // Ours:
    /** The coupon the draw issued (null when the slice wins nothing). */
    coupon: z.string().nullable(),
  })
  .meta({ id: 'SpinResponse' });
export type SpinResponse = z.infer<typeof SpinResponse>;

/** One coupon (spec section 3: `prize {slice, name}`, `amount`). */
export const SpinCoupon = z
  .object({
    _id: z.string(),
    /** The slice's code and its label in the language of the request. */
    prize: z.object({ slice: z.string(), name: z.string() }),
    /** Minor units of `unit`, or coins. */
    amount: z.number().int().nonnegative(),
    // Ours:
    kind: z.enum(PRIZE_KINDS),
    unit: z.enum(PRIZE_UNITS).nullable(),
    status: z.enum(COUPON_STATUSES),
    createdAt: z.string(),
    expiresAt: z.string(),
  })
  .meta({ id: 'SpinCoupon' });
export type SpinCoupon = z.infer<typeof SpinCoupon>;

/** GET /api/spinwheel/coupon?page&limit: claimable first, then newest; 3 a page (spec section 9). */
export const SpinCouponsRequest = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  limit: z.coerce.number().int().min(1).max(50).default(3),
});
// NOTE: no schema id: a query string's schema must be inline for the OpenAPI document.
export type SpinCouponsRequest = z.infer<typeof SpinCouponsRequest>;

export const SpinCouponsResponse = z
  .object({ total: z.number().int().nonnegative(), coupons: z.array(SpinCoupon) })
  .meta({ id: 'SpinCouponsResponse' });
export type SpinCouponsResponse = z.infer<typeof SpinCouponsResponse>;

/** POST /api/spinwheel/coupon/claim {coupon}: the coupon's _id. */
export const CouponClaimRequest = z.object({ coupon: z.string().max(64) }).meta({ id: 'CouponClaimRequest' });
export type CouponClaimRequest = z.infer<typeof CouponClaimRequest>;

export const CouponClaimResponse = z
  .object({
    success: z.literal(true),
    // Ours: what the claim paid.
    kind: z.enum(PRIZE_KINDS),
    amount: z.number().int().nonnegative(),
    unit: z.enum(PRIZE_UNITS).nullable(),
  })
  .meta({ id: 'CouponClaimResponse' });
export type CouponClaimResponse = z.infer<typeof CouponClaimResponse>;
