import { z } from 'zod';
import { GAME_CATEGORIES } from './wallet';
import { Amount, CURRENCIES } from '../money';

/**
 * Bonuses and promotion codes (spec sections 2, 3, 4, 5 and 7, Bonus and Promotion), answered by
 * the promotions module's grant engine. A bonus offer is reached from the list, a promotion by
 * its code; both are claimed as a grant with the same rules (docs/decisions/019).
 */

/** How `maxReceived` is counted: in total, per day or per week (Bangkok/Vientiane time). */
export const BONUS_TYPES = ['limit', 'day', 'week'] as const;
export type BonusType = (typeof BONUS_TYPES)[number];

/** How an offer is reached: listed on the bonus page, or found by its code. */
export const OFFER_CHANNELS = ['bonus', 'promotion'] as const;
export type OfferChannel = (typeof OFFER_CHANNELS)[number];

/** Where a running grant came from: an offer (bonus, promotion), the invite bonus or a loss refund. */
export const GRANT_CHANNELS = ['bonus', 'promotion', 'invite', 'refund', 'luckydraw'] as const;
export type GrantChannel = (typeof GRANT_CHANNELS)[number];

/** Where a grant stands. Only `active` may change; the others are final. */
export const GRANT_STATES = ['active', 'completed', 'cancelled', 'ended', 'expired'] as const;
export type GrantState = (typeof GRANT_STATES)[number];

/** Codes are matched upper-cased; letters, digits, `_` and `-`. */
export const OfferCode = z
  .string()
  .trim()
  .min(1, 'FIELD_REQUIRED')
  .max(32, 'NO_PROMOTION')
  .transform((code) => code.toUpperCase())
  .pipe(z.string().regex(/^[A-Z0-9_-]+$/, 'NO_PROMOTION'));

/** Path parameters carrying an offer code (no schema id: path parameters are inlined in the API document). */
export const OfferCodeParams = z.object({ code: OfferCode });

/** A banner: an image and sanitised HTML shown over or under it. */
export const BonusBanner = z.object({ image: z.string(), html: z.string() }).meta({ id: 'BonusBanner' });
export type BonusBanner = z.infer<typeof BonusBanner>;

/** The reward: a percent of the qualifying deposit up to a maximum, or a fixed amount. */
export const BonusReward = z
  .discriminatedUnion('kind', [
    z.object({ kind: z.literal('percent'), percent: z.number().positive().max(1000), max: Amount }),
    z.object({ kind: z.literal('fixed'), amount: Amount }),
  ])
  .meta({ id: 'BonusReward' });
export type BonusReward = z.infer<typeof BonusReward>;

/** A game category that counts towards turnover, and the percent of each bet it counts. */
export const TurnoverContribution = z
  .object({ category: z.enum(GAME_CATEGORIES), percent: z.number().int().min(1).max(100) })
  .meta({ id: 'TurnoverContribution' });
export type TurnoverContribution = z.infer<typeof TurnoverContribution>;

/** The member's own record of an offer (spec section 3, userBonus). */
export const UserBonus = z
  .object({
    /** The member's latest grant of this offer. */
    _id: z.string(),
    /** That grant is running now. */
    isActive: z.boolean(),
    /** Every grant of this offer the member received, newest first. */
    received: z.array(z.object({ updatedAt: z.string() })),
  })
  .meta({ id: 'UserBonus' });
export type UserBonus = z.infer<typeof UserBonus>;

/** The terms a member is shown before claiming, and that a claim copies. */
export const OfferTerms = z.object({
  code: z.string(),
  channel: z.enum(OFFER_CHANNELS),
  /** In the request's language. */
  name: z.string(),
  type: z.enum(BONUS_TYPES),
  maxReceived: z.number().int().positive(),
  reward: BonusReward,
  minimumDeposit: Amount,
  turnoverMultiple: z.number().int().min(0),
  games: z.array(TurnoverContribution),
  /** Withdrawable at most this many times (deposit + bonus); null: no cap. */
  withdrawCapMultiple: z.number().int().positive().nullable(),
  /** The grant ends by itself when the member's total balance falls under this. */
  floor: Amount,
  /** Percent of the bonus taken back when the member cancels before the turnover is met. */
  percentFail: z.number().int().min(0).max(100),
  /** How long a grant runs before it expires, in days. */
  grantDays: z.number().int().positive(),
  /** The offer can be claimed until then (ISO); null: no end. */
  endsAt: z.string().nullable(),
});

/** An offer of the bonus page (spec section 3, bonus). */
export const BonusOffer = OfferTerms.extend({
  /** The notice text, in the request's language. */
  notice: z.string(),
  banners: z.array(BonusBanner),
  /** Null until the member first claims it. */
  userBonus: UserBonus.nullable(),
}).meta({ id: 'BonusOffer' });
export type BonusOffer = z.infer<typeof BonusOffer>;

export const BonusListResponse = z
  .object({
    bonuses: z.array(BonusOffer),
    /** The member's currency: every amount of the offers is in its minor units. */
    currency: z.enum(CURRENCIES),
  })
  .meta({ id: 'BonusListResponse' });
export type BonusListResponse = z.infer<typeof BonusListResponse>;

export const ActivateResponse = z
  .object({
    userBonus: UserBonus,
    /** What the claim credited to the wallet. */
    credited: Amount,
  })
  .meta({ id: 'ActivateResponse' });
export type ActivateResponse = z.infer<typeof ActivateResponse>;

/**
 * An offer the member's latest deposit would get if claimed now (ours, issue 31), judged by the
 * claim's own rule: home and the deposit's success say so, with a Claim button.
 */
export const ClaimableOffer = z
  .object({
    code: z.string(),
    /** In the request's language. */
    name: z.string(),
    /** The deposit it is claimed on. */
    deposit: Amount,
    /** What the claim would credit. */
    bonus: Amount,
    /** ISO time after which the deposit no longer qualifies (too old, or the offer ends). */
    until: z.string(),
  })
  .meta({ id: 'ClaimableOffer' });
export type ClaimableOffer = z.infer<typeof ClaimableOffer>;

/** GET /api/bonus/claimable: the offers the member may claim on their latest deposit now. */
export const ClaimableOffersResponse = z
  .object({ offers: z.array(ClaimableOffer), currency: z.enum(CURRENCIES) })
  .meta({ id: 'ClaimableOffersResponse' });
export type ClaimableOffersResponse = z.infer<typeof ClaimableOffersResponse>;

/** GET /api/bonus/check/active: whether a grant runs, and whether it is a bonus or a promotion. */
export const ActiveCheckResponse = z
  .object({
    status: z.boolean(),
    type: z.enum(GRANT_CHANNELS).nullable(),
    /** The running offer's code and name (ours, for the page's title). */
    code: z.string().nullable(),
    name: z.string().nullable(),
    /**
     * Ours: the member's latest grant that is over, so the page can say how it ended (turnover met,
     * cancelled, under the floor, expired) and what was taken back; null when none ended yet.
     */
    last: z
      .object({
        code: z.string(),
        name: z.string(),
        state: z.enum(['completed', 'cancelled', 'ended', 'expired']),
        taken: Amount,
        closedAt: z.string(),
      })
      .nullable(),
  })
  .meta({ id: 'ActiveCheckResponse' });
export type ActiveCheckResponse = z.infer<typeof ActiveCheckResponse>;

/** GET /api/bonus/check/minimum: whether the member's total is under the running grant's floor. */
export const MinimumCheckResponse = z
  .object({ status: z.boolean(), minimum: z.nullable(Amount), balance: Amount })
  .meta({ id: 'MinimumCheckResponse' });
export type MinimumCheckResponse = z.infer<typeof MinimumCheckResponse>;

/** GET /api/bonus/clear. */
export const ClearResponse = z
  .object({ message: z.literal('BONUS_CLEAR'), forfeited: Amount })
  .meta({ id: 'ClearResponse' });
export type ClearResponse = z.infer<typeof ClearResponse>;

/** A promotion found by its code (spec section 3, promotion). */
export const Promotion = OfferTerms.extend({
  description: z.string(),
  banners: z.array(BonusBanner),
}).meta({ id: 'Promotion' });
export type Promotion = z.infer<typeof Promotion>;

/** GET /api/promotion/find/{code} and GET /api/promotion/current: the promotion, or nothing. */
export const PromotionResponse = z
  .object({ promotion: Promotion.nullable() })
  .meta({ id: 'PromotionResponse' });
export type PromotionResponse = z.infer<typeof PromotionResponse>;

/** One game's share of the turnover done. */
export const GameTurnover = z
  .object({
    code: z.string(),
    name: z.string(),
    category: z.enum(GAME_CATEGORIES),
    /** Percent of each bet that counts (0: the game does not count). */
    percent: z.number().int().min(0).max(100),
    /** Turnover counted from this game so far. */
    turnover: Amount,
  })
  .meta({ id: 'GameTurnover' });

/** GET /api/bonus/progress: where the running grant stands, in numbers. */
export const BonusProgress = z
  .object({
    grantId: z.string(),
    /** The grant's currency: every amount here is in its minor units. */
    currency: z.enum(CURRENCIES),
    code: z.string(),
    name: z.string(),
    channel: z.enum(GRANT_CHANNELS),
    state: z.enum(GRANT_STATES),
    deposit: Amount,
    bonus: Amount,
    turnoverMultiple: z.number().int().min(0),
    /** turnoverMultiple x (deposit + bonus). */
    required: Amount,
    done: Amount,
    missing: Amount,
    games: z.array(GameTurnover),
    contributions: z.array(TurnoverContribution),
    floor: Amount,
    /** The most that may be withdrawn once the turnover is met; null: no cap. */
    cap: z.nullable(Amount),
    /** Wallet plus every game, now. */
    balance: Amount,
    claimedAt: z.string(),
    expiresAt: z.string(),
    percentFail: z.number().int().min(0).max(100),
    /** What cancelling now would take back. */
    forfeitNow: Amount,
  })
  .meta({ id: 'BonusProgress' });
export type BonusProgress = z.infer<typeof BonusProgress>;

export const BonusProgressResponse = z
  .object({ progress: BonusProgress.nullable() })
  .meta({ id: 'BonusProgressResponse' });
export type BonusProgressResponse = z.infer<typeof BonusProgressResponse>;

/** Sandbox only: plays `count` rounds of `bet`, each paying `win`, on the caller's game account. */
export const SandboxRoundsRequest = z
  .object({
    count: z.number().int().min(1).max(500),
    bet: Amount.check(z.refine((bet) => bet > 0, 'INVALID_INPUT')),
    win: Amount,
    /**
     * When the rounds were played (ISO), for tests of periods already closed (loss refunds, a
     * day's invite commission); at most 35 days ago and never in the future. Default: now.
     */
    playedAt: z.iso.datetime({ offset: true }).optional(),
  })
  .meta({ id: 'SandboxRoundsRequest' });
export type SandboxRoundsRequest = z.infer<typeof SandboxRoundsRequest>;

export const SandboxRoundsResponse = z
  .object({ played: z.number().int(), balance: Amount })
  .meta({ id: 'SandboxRoundsResponse' });
export type SandboxRoundsResponse = z.infer<typeof SandboxRoundsResponse>;
