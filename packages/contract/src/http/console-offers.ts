import { z } from 'zod';
import { Amount, CURRENCIES, perCurrency as everyCurrency } from '../money';
import { GAME_CATEGORIES } from './wallet';
import { BONUS_TYPES, OFFER_CHANNELS, TurnoverContribution } from './bonus';
import { INVITE_RULES, REFUND_PERIODS } from './rewards';

/**
 * Bonus offers and promotion codes as staff edit them (issue 28 section 1, decision 057): every
 * term the grant engine knows (decision 019), amounts in minor units of the member's currency.
 * A create needs only the few fields of the issue's minimal call; every other one has a default.
 * A change reaches only new claims: a running grant keeps the terms it copied.
 */

export const DEPOSIT_RULES = ['any', 'first_ever', 'first_of_day'] as const;

/** Upper-cased as typed; letters, digits, `_` and `-`, as members type it. */
export const ConsoleOfferCode = z
  .string()
  .trim()
  .min(1, 'FIELD_REQUIRED')
  .max(32, 'OFFER_CODE_INVALID')
  .transform((code) => code.toUpperCase())
  .pipe(z.string().regex(/^[A-Z0-9_-]+$/, 'OFFER_CODE_INVALID'));

export const OfferCodeParam = z.object({ code: ConsoleOfferCode });

const percent = z
  .number()
  .int('OFFER_PERCENT_RANGE')
  .min(0, 'OFFER_PERCENT_RANGE')
  .max(100, 'OFFER_PERCENT_RANGE');

/** A name in the three languages: plain text (tags are dropped on save). */
export const OfferNames = z.object({
  th: z.string().trim().min(1, 'FIELD_REQUIRED').max(120),
  lo: z.string().trim().min(1, 'FIELD_REQUIRED').max(120),
  en: z.string().trim().min(1, 'FIELD_REQUIRED').max(120),
});
/** HTML in the three languages, sanitised on save and again on show. */
export const OfferHtml = z.object({
  th: z.string().max(20_000),
  lo: z.string().max(20_000),
  en: z.string().max(20_000),
});

/**
 * An uploaded banner image (decision 063): a PNG or JPEG judged by its bytes, at most this many bytes
 * and pixels, re-encoded from its pixels alone and fitted inside maxWidth x maxHeight.
 */
export const BANNER_IMAGE_LIMITS = {
  maxBytes: 5 * 1024 * 1024,
  maxPixels: 40_000_000,
  maxWidth: 1600,
  maxHeight: 1600,
} as const;

/** Where an uploaded banner is served: named by its bytes' hash, so a new image is a new address. */
export const UPLOADED_BANNER = /^\/api\/media\/banners\/[A-Za-z0-9_-]{16,64}\.(?:jpg|png)$/;

/**
 * A banner: an image uploaded through the console (/api/media/banners/...), one the site ships
 * (/media/...) or an https address; and HTML in each language.
 */
export const OfferBannerInput = z.object({
  image: z
    .string()
    .max(500)
    .refine(
      (image) => UPLOADED_BANNER.test(image) || /^(\/media\/[\w./-]+|https:\/\/\S+)$/.test(image),
      'INVALID_INPUT',
    ),
  html: OfferHtml,
});

/**
 * PUT /api/console/offers/{code}/banners/{index}/image (multipart, field `file`): the image of
 * banner `index`; an index one past the last adds a banner (its texts empty, to be written).
 */
export const OfferBannerParams = z.object({
  code: ConsoleOfferCode,
  index: z.coerce.number().int('INVALID_INPUT').min(0, 'INVALID_INPUT').max(9, 'INVALID_INPUT'),
});

/** An amount of an offer or programme in each currency (decision 067). */
const amounts = everyCurrency(Amount);

const instant = z.iso.datetime({ offset: true }).nullable();

/** Every term of an offer, as stored and shown to staff (the engine's columns, flattened). */
const OfferFields = z.object({
  /** `bonus`: listed on the bonus page; `promotion`: found by its code. */
  channel: z.enum(OFFER_CHANNELS),
  names: OfferNames,
  /** The bonus dialog's notice, or the promotion's description. */
  notices: OfferHtml,
  type: z.enum(BONUS_TYPES),
  maxReceived: z.number().int().min(1).max(10_000),
  /** A percent of the qualifying deposit (with maxBonus), or null for a fixed amount. */
  bonusPercent: z
    .number()
    .int('OFFER_PERCENT_RANGE')
    .min(1, 'OFFER_PERCENT_RANGE')
    .max(100, 'OFFER_PERCENT_RANGE')
    .nullable(),
  /** The most a percent bonus gives, per currency (decision 067), as every amount of an offer. */
  maxBonus: amounts,
  /** A fixed bonus, or null for a percent. */
  bonusAmount: z.nullable(amounts),
  depositRule: z.enum(DEPOSIT_RULES),
  minimumDeposit: amounts,
  /** The qualifying deposit is at most this old at the claim. */
  depositWithinMinutes: z.number().int().min(1).max(10_080),
  turnoverMultiple: z.number().int().min(0).max(100),
  contributions: z.array(TurnoverContribution).max(GAME_CATEGORIES.length),
  /** What may be withdrawn once the turnover is met: this many times (deposit + bonus); null: no cap. */
  withdrawCapMultiple: z.number().int().min(1, 'OFFER_CAP_BELOW_BONUS').max(1_000).nullable(),
  /** Under this total the grant ends by itself. */
  floor: amounts,
  /** Percent of the bonus taken back when the member cancels. */
  percentFail: percent,
  grantDays: z.number().int().min(1).max(365),
  banners: z.array(OfferBannerInput).max(10),
  startsAt: instant,
  endsAt: instant,
  active: z.boolean(),
  /** The most all grants of the offer may credit together, in each currency; null: no budget. */
  budget: z.nullable(amounts),
  /** Order on the bonus page. */
  sort: z.number().int().min(0).max(10_000),
});

/** The rules across fields, on the whole offer (a change is checked merged with what it changes). */
function checkAcross(offer: z.infer<typeof OfferFields>, context: z.RefinementCtx) {
  const issue = (message: string, path: string) =>
    context.addIssue({ code: 'custom', message, path: [path] });
  if ((offer.bonusPercent === null) === (offer.bonusAmount === null))
    issue('OFFER_REWARD_INVALID', 'bonusPercent');
  const { bonusAmount, budget } = offer;
  for (const currency of CURRENCIES) {
    if (offer.bonusPercent !== null && offer.maxBonus[currency] <= 0)
      issue('OFFER_REWARD_INVALID', 'maxBonus');
    if (bonusAmount !== null && bonusAmount[currency] <= 0) issue('OFFER_REWARD_INVALID', 'bonusAmount');
    const most = (bonusAmount ?? offer.maxBonus)[currency];
    if (budget !== null && budget[currency] < most) issue('OFFER_CAP_BELOW_BONUS', 'budget');
  }
  if (offer.startsAt && offer.endsAt && Date.parse(offer.endsAt) <= Date.parse(offer.startsAt))
    issue('OFFER_DATES_ORDER', 'endsAt');
  const categories = offer.contributions.map((share) => share.category);
  if (new Set(categories).size !== categories.length) issue('INVALID_INPUT', 'contributions');
}

/** An offer whole, as the server keeps it; every change is checked as this. */
export const OfferSettings = OfferFields.extend({ code: ConsoleOfferCode }).superRefine(checkAcross);
export type OfferSettings = z.infer<typeof OfferSettings>;

/**
 * The defaults of a create: a listed bonus on any deposit of ฿100 (₭50,000) or more, slots 100% and
 * casino 50%.
 */
export const OFFER_DEFAULTS = {
  channel: 'bonus',
  notices: { th: '', lo: '', en: '' },
  bonusPercent: null,
  maxBonus: { BAHT: 0, LAK: 0 },
  bonusAmount: null,
  depositRule: 'any',
  minimumDeposit: { BAHT: 10_000, LAK: 5_000_000 },
  depositWithinMinutes: 1_440,
  contributions: [
    { category: 'slot', percent: 100 },
    { category: 'casino', percent: 50 },
  ],
  withdrawCapMultiple: null,
  floor: { BAHT: 500, LAK: 300_000 },
  grantDays: 7,
  banners: [],
  startsAt: null,
  endsAt: null,
  budget: null,
  sort: 0,
} as const;

/**
 * POST /api/console/offers. The minimal call `{code, type, maxReceived, bonusPercent, maxBonus,
 * turnoverMultiple, percentFail, active}` is enough; names default to the code.
 */
export const OfferCreateRequest = OfferFields.partial()
  .extend({
    code: ConsoleOfferCode,
    type: z.enum(BONUS_TYPES),
    maxReceived: OfferFields.shape.maxReceived,
    turnoverMultiple: OfferFields.shape.turnoverMultiple,
    percentFail: percent,
    active: z.boolean(),
  })
  .meta({ id: 'OfferCreateRequest' });
export type OfferCreateRequest = z.input<typeof OfferCreateRequest>;

/** PUT /api/console/offers/{code}: any of the fields; `{active: false}` pauses the offer. */
export const OfferUpdateRequest = OfferFields.partial().meta({ id: 'OfferUpdateRequest' });
export type OfferUpdateRequest = z.input<typeof OfferUpdateRequest>;

/** An offer as staff see it, with what its grants did so far. */
export const ConsoleOffer = OfferFields.extend({
  code: z.string(),
  /** Grants of this offer running now: they keep the terms they copied. */
  running: z.number().int().min(0),
  /** Grants of this offer ever made. */
  claims: z.number().int().min(0),
  /** What all its grants were promised so far (against the budget), per currency. */
  granted: amounts,
  createdAt: z.string(),
}).meta({ id: 'ConsoleOffer' });
export type ConsoleOffer = z.infer<typeof ConsoleOffer>;

export const ConsoleOfferList = z.object({ offers: z.array(ConsoleOffer) }).meta({ id: 'ConsoleOfferList' });
export type ConsoleOfferList = z.infer<typeof ConsoleOfferList>;

export const ConsoleOfferResponse = z.object({ offer: ConsoleOffer }).meta({ id: 'ConsoleOfferResponse' });
export type ConsoleOfferResponse = z.infer<typeof ConsoleOfferResponse>;

/**
 * The terms of a grant a programme makes (a wheel's bonus prize, the invite bonus, the loss refund;
 * decision 020): the turnover to play, the floor, what success keeps and cancelling forfeits.
 */
export const ProgramTermsInput = z.object({
  names: OfferNames,
  turnoverMultiple: z.number().int().min(0).max(100),
  contributions: z.array(TurnoverContribution).min(1).max(GAME_CATEGORIES.length),
  /** Per currency (decision 067): the grant is in the member's. */
  floor: amounts,
  success: percent,
  fail: percent,
  grantDays: z.number().int().min(1).max(90),
});
export type ProgramTermsInput = z.infer<typeof ProgramTermsInput>;

/** Per currency, minor units: a member whose currency is missing never draws or earns by it. */
const perCurrency = z.object({ BAHT: z.optional(Amount), LAK: z.optional(Amount) });

const color = z.string().regex(/^#[0-9a-fA-F]{6}$/, 'WHEEL_COLOR_INVALID');

/** What a slice pays (decision 021). */
export const WheelPrizeInput = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('cash'), amounts: perCurrency }),
  z.object({ kind: z.literal('bonus'), amounts: perCurrency, terms: ProgramTermsInput }),
  z.object({ kind: z.literal('coin'), coins: z.number().int().min(1).max(1_000) }),
  z.object({ kind: z.literal('none') }),
]);
export type WheelPrizeInput = z.infer<typeof WheelPrizeInput>;

export const WheelSliceInput = z.object({
  code: z.string().regex(/^[A-Z0-9_-]{1,24}$/, 'WHEEL_SLICE_CODE_INVALID'),
  /** May name the prize as `{amount}`, filled with the member's amount in their currency. */
  labels: z.object({
    th: z.string().trim().min(1, 'FIELD_REQUIRED').max(40),
    lo: z.string().trim().min(1, 'FIELD_REQUIRED').max(40),
    en: z.string().trim().min(1, 'FIELD_REQUIRED').max(40),
  }),
  descriptions: OfferHtml,
  bgColor: color,
  textColor: color,
  /** Drawn with weight / total of the drawable slices' weights. */
  weight: z.number().int().min(0).max(1_000_000),
  /** Prizes left to give; null: unlimited. */
  stock: z.number().int().min(0).max(1_000_000).nullable(),
  /** The most it pays in a market day, per currency; null: no budget. */
  dailyBudget: perCurrency.nullable(),
  /** Never drawn; its coupons are not paid (INVALID_PRIZE_CODE). */
  withdrawn: z.boolean(),
  prize: WheelPrizeInput,
});
export type WheelSliceInput = z.infer<typeof WheelSliceInput>;

/** PUT /api/console/wheel: the whole wheel; a slice once made is withdrawn, never removed. */
export const WheelSettings = z
  .object({
    name: z.string().trim().min(1, 'FIELD_REQUIRED').max(60),
    active: z.boolean(),
    couponHours: z
      .number()
      .int()
      .min(1)
      .max(24 * 30),
    coinRules: z.object({
      /** `coins` for every whole `per` of a credited deposit. */
      deposit: z.object({ per: perCurrency, coins: z.number().int().min(0).max(1_000) }),
      /** Coins given once a market day to a member who opens the wheel (0: off). */
      daily: z.number().int().min(0).max(100),
    }),
    slices: z.array(WheelSliceInput).min(2).max(16),
  })
  .superRefine((wheel, context) => {
    const codes = wheel.slices.map((slice) => slice.code);
    if (new Set(codes).size !== codes.length)
      context.addIssue({ code: 'custom', message: 'WHEEL_SLICE_DUPLICATE', path: ['slices'] });
    if (wheel.slices.every((slice) => slice.withdrawn || slice.weight === 0))
      context.addIssue({ code: 'custom', message: 'WHEEL_WEIGHTS_EMPTY', path: ['slices'] });
    for (const per of Object.values(wheel.coinRules.deposit.per))
      if (per === 0) context.addIssue({ code: 'custom', message: 'INVALID_INPUT', path: ['coinRules'] });
  })
  .meta({ id: 'WheelSettings' });
export type WheelSettings = z.infer<typeof WheelSettings>;

/** The published odds: each weight as a percentage of the total, to two decimals (decision 021). */
export function publishedOdds(weights: readonly number[]): number[] {
  const total = weights.reduce((sum, weight) => sum + weight, 0);
  return weights.map((weight) => (total > 0 ? Math.round((weight * 10_000) / total) / 100 : 0));
}

/** The wheel as staff see it: its settings and each slice's published odds, as members see them. */
export const ConsoleWheelResponse = z
  .object({
    wheel: WheelSettings,
    /** Per slice, in order: withdrawn slices count 0. */
    odds: z.array(z.number().min(0).max(100)),
  })
  .meta({ id: 'ConsoleWheelResponse' });
export type ConsoleWheelResponse = z.infer<typeof ConsoleWheelResponse>;

const hour = z.number().int().min(0).max(23);

/** The invite bonus as staff set it (decision 020): the rule, percent, daily cap, minimum claim. */
export const InviteProgramSettings = z.object({
  rule: z.enum(INVITE_RULES),
  /** Of each invitee deposit, or of each invitee's net loss of a day. */
  percent: z.number().min(0, 'OFFER_PERCENT_RANGE').max(100, 'OFFER_PERCENT_RANGE'),
  /** The most one inviter earns in a market day (0: no cap), in the inviter's currency. */
  dailyCap: amounts,
  /** The least a claim takes, in the member's currency. */
  minimumClaim: amounts,
  /** The loss rule's day closes at this hour, market time. */
  closeHour: hour,
  categories: z.array(z.enum(GAME_CATEGORIES)).max(GAME_CATEGORIES.length),
  ...ProgramTermsInput.shape,
});
export type InviteProgramSettings = z.infer<typeof InviteProgramSettings>;

/** The loss refund as staff set it (decision 020): period, closing hour, percent, cap, minimum. */
export const RefundProgramSettings = z.object({
  period: z.enum(REFUND_PERIODS),
  closeHour: hour,
  percent: z.number().min(0, 'OFFER_PERCENT_RANGE').max(100, 'OFFER_PERCENT_RANGE'),
  /** The most one period refunds (0: no cap), in the member's currency. */
  cap: amounts,
  /** A refund must be above this, in the member's currency. */
  minimum: amounts,
  categories: z.array(z.enum(GAME_CATEGORIES)).min(1).max(GAME_CATEGORIES.length),
  ...ProgramTermsInput.shape,
});
export type RefundProgramSettings = z.infer<typeof RefundProgramSettings>;

export const PROGRAM_NAMES = ['invite', 'refund'] as const;
export const ProgramNameParam = z.object({ name: z.enum(PROGRAM_NAMES) });

/** PUT /api/console/programs/{name}: switched on or off, and its settings (whole). */
export const ProgramUpdateRequest = z
  .object({ active: z.boolean(), settings: z.union([InviteProgramSettings, RefundProgramSettings]) })
  .meta({ id: 'ProgramUpdateRequest' });
export type ProgramUpdateRequest = z.infer<typeof ProgramUpdateRequest>;

export const ConsolePrograms = z
  .object({
    invite: z.object({ active: z.boolean(), settings: InviteProgramSettings }),
    refund: z.object({ active: z.boolean(), settings: RefundProgramSettings }),
  })
  .meta({ id: 'ConsolePrograms' });
export type ConsolePrograms = z.infer<typeof ConsolePrograms>;
