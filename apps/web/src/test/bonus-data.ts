import type { BonusOffer, BonusProgress, Promotion } from '@wallet/contract/http/bonus';

/** The terms every test offer starts from: 100% of the deposit up to ฿1,000, turnover 5×. */
const terms = {
  channel: 'bonus',
  type: 'limit',
  maxReceived: 1,
  reward: { kind: 'percent', percent: 100, max: 100_000 },
  minimumDeposit: 10_000,
  turnoverMultiple: 5,
  games: [
    { category: 'slot', percent: 100 },
    { category: 'casino', percent: 50 },
  ],
  withdrawCapMultiple: 3,
  floor: 1_000,
  percentFail: 30,
  grantDays: 7,
  endsAt: null,
} as const;

/** An offer of the bonus page, never received unless told otherwise. */
export function bonusOffer(code: string, overrides: Partial<Record<keyof BonusOffer, unknown>> = {}) {
  return {
    ...terms,
    code,
    name: `${code.charAt(0)}${code.slice(1).toLowerCase()} bonus`,
    notice: `Notice of ${code}`,
    banners: [{ image: `/media/bonus/${code}.png`, html: `<p>Banner of <strong>${code}</strong></p>` }],
    userBonus: null,
    ...overrides,
  } as BonusOffer;
}

/** The member's record of an offer received at `dates` (newest first), running when `isActive`. */
export const userBonus = (dates: string[], isActive = false) => ({
  _id: 'grant-1',
  isActive,
  received: dates.map((updatedAt) => ({ updatedAt })),
});

export function promotion(code: string, overrides: Partial<Record<keyof Promotion, unknown>> = {}) {
  return {
    ...terms,
    channel: 'promotion',
    code,
    name: `Promotion ${code}`,
    description: '<p>Deposit and get <strong>50%</strong> more.</p><script>alert(1)</script>',
    banners: [],
    percentFail: 40,
    ...overrides,
  } as Promotion;
}

/** A running grant a quarter of the way: ฿1,500 of ฿6,000 played. */
export function bonusProgress(overrides: Partial<Record<keyof BonusProgress, unknown>> = {}) {
  return {
    grantId: 'grant-1',
    currency: 'BAHT',
    code: 'WELCOME',
    name: 'Welcome bonus',
    channel: 'bonus',
    state: 'active',
    deposit: 60_000,
    bonus: 60_000,
    turnoverMultiple: 5,
    required: 600_000,
    done: 150_000,
    missing: 450_000,
    games: [
      { code: 'JOKER', name: 'Joker', category: 'slot', percent: 100, turnover: 100_000 },
      { code: 'SEXYGAME', name: 'Sexy Game', category: 'casino', percent: 50, turnover: 50_000 },
      { code: 'HUAYHD', name: 'Huay HD', category: 'lotto', percent: 0, turnover: 0 },
    ],
    contributions: terms.games,
    floor: 1_000,
    cap: 360_000,
    balance: 95_000,
    claimedAt: '2026-04-14T03:00:00.000Z',
    expiresAt: '2026-04-21T03:00:00.000Z',
    percentFail: 30,
    forfeitNow: 18_000,
    ...overrides,
  } as BonusProgress;
}

export const noGrant = { status: false, type: null, code: null, name: null, last: null };
export const runningBonus = {
  status: true,
  type: 'bonus',
  code: 'WELCOME',
  name: 'Welcome bonus',
  last: null,
};
