import type { BonusOffer } from '@wallet/contract/http/bonus';
import type { Locale } from '@wallet/contract/constants';
import {
  OFFER_DEFAULTS,
  type ConsoleOffer,
  type OfferCreateRequest,
  type OfferSettings,
} from '@wallet/contract/http/console-offers';
import { GAME_CATEGORIES, type GameCategory } from '@wallet/contract/http/wallet';
import {
  CURRENCIES,
  formatMajorAmount,
  mapCurrencies,
  parseMajorAmount,
  type Currency,
  type MinorUnits,
  type PerCurrency,
} from '@wallet/contract/money';
import type { CurrencyDraft } from '../per-currency-fields';

type Texts = Record<Locale, string>;

/**
 * What the offer form holds: amounts as typed in each currency (decision 067), numbers as typed,
 * dates in market time.
 */
export interface OfferDraft {
  code: string;
  channel: OfferSettings['channel'];
  active: boolean;
  names: Texts;
  notices: Texts;
  type: OfferSettings['type'];
  maxReceived: string;
  rewardKind: 'percent' | 'fixed';
  bonusPercent: string;
  maxBonus: CurrencyDraft;
  bonusAmount: CurrencyDraft;
  depositRule: OfferSettings['depositRule'];
  minimumDeposit: CurrencyDraft;
  depositWithinMinutes: string;
  turnoverMultiple: string;
  /** Percent each category counts; empty: it does not count. */
  contributions: Record<GameCategory, string>;
  withdrawCapMultiple: string;
  floor: CurrencyDraft;
  percentFail: string;
  grantDays: string;
  budget: CurrencyDraft;
  sort: string;
  startsAt: string;
  endsAt: string;
  banners: { image: string; html: Texts }[];
}

/** Market time (UTC+7, no daylight saving) for `datetime-local` fields, whatever the browser's zone. */
const MARKET_OFFSET_MS = 7 * 3_600_000;
export const toMarketInput = (iso: string | null): string =>
  iso ? new Date(Date.parse(iso) + MARKET_OFFSET_MS).toISOString().slice(0, 16) : '';
const fromMarketInput = (value: string): string | null =>
  value ? new Date(Date.parse(`${value}:00Z`) - MARKET_OFFSET_MS).toISOString() : null;

/** Each currency's amount as typed (no grouping commas), or empty for none. */
const typed = (rule: PerCurrency<number> | null): CurrencyDraft =>
  rule === null
    ? { BAHT: '', LAK: '' }
    : mapCurrencies(rule, (minor, currency) => formatMajorAmount(minor, currency).replaceAll(',', ''));

/** The amount kinds of an offer: one figure per currency each. */
export type AmountKind = 'maxBonus' | 'bonusAmount' | 'minimumDeposit' | 'floor' | 'budget';

type Stored = Omit<OfferSettings, 'code'> & { code: string };

/** A new offer: the server's defaults, and a 100% bonus up to ฿500 (₭300,000) to start from. */
const NEW_OFFER: Stored = {
  ...OFFER_DEFAULTS,
  code: '',
  names: { th: '', lo: '', en: '' },
  notices: { th: '', lo: '', en: '' },
  contributions: OFFER_DEFAULTS.contributions.map((share) => ({ ...share })),
  banners: [],
  type: 'limit',
  maxReceived: 1,
  bonusPercent: 100,
  maxBonus: { BAHT: 50_000, LAK: 30_000_000 } as PerCurrency<MinorUnits>,
  bonusAmount: null,
  minimumDeposit: OFFER_DEFAULTS.minimumDeposit as PerCurrency<MinorUnits>,
  floor: OFFER_DEFAULTS.floor as PerCurrency<MinorUnits>,
  budget: null,
  turnoverMultiple: 1,
  percentFail: 100,
  active: true,
};

/** The form of an offer, or of a new one (the server's defaults). */
export function draftOf(offer: ConsoleOffer | null): OfferDraft {
  const base: Stored = offer ?? NEW_OFFER;
  const share = (category: GameCategory) =>
    String(base.contributions.find((one) => one.category === category)?.percent ?? '');
  return {
    code: base.code,
    channel: base.channel,
    active: base.active,
    names: { ...base.names },
    notices: { ...base.notices },
    type: base.type,
    maxReceived: String(base.maxReceived),
    rewardKind: base.bonusAmount === null ? 'percent' : 'fixed',
    bonusPercent: base.bonusPercent === null ? '' : String(base.bonusPercent),
    maxBonus: typed(base.maxBonus),
    bonusAmount: typed(base.bonusAmount),
    depositRule: base.depositRule,
    minimumDeposit: typed(base.minimumDeposit),
    depositWithinMinutes: String(base.depositWithinMinutes),
    turnoverMultiple: String(base.turnoverMultiple),
    contributions: Object.fromEntries(
      GAME_CATEGORIES.map((category) => [category, share(category)]),
    ) as Record<GameCategory, string>,
    withdrawCapMultiple: base.withdrawCapMultiple === null ? '' : String(base.withdrawCapMultiple),
    floor: typed(base.floor),
    percentFail: String(base.percentFail),
    grantDays: String(base.grantDays),
    budget: typed(base.budget),
    sort: String(base.sort),
    startsAt: toMarketInput(base.startsAt),
    endsAt: toMarketInput(base.endsAt),
    banners: base.banners.map((banner) => ({ image: banner.image, html: { ...banner.html } })),
  };
}

/** The fields of the draft that are not numbers or amounts (the form marks them). */
export type DraftErrors = Partial<Record<keyof OfferDraft, true>>;

const whole = (text: string) => (/^\d{1,9}$/.test(text.trim()) ? Number(text.trim()) : null);

/**
 * The request of a draft: numbers and amounts read, empty names the code; the server checks the
 * rest (ranges, order, cap and budget) and answers a code the form shows.
 */
export function bodyOf(draft: OfferDraft): { body: OfferCreateRequest | null; errors: DraftErrors } {
  const errors: DraftErrors = {};
  const number = (field: keyof OfferDraft, text: string, optional = false) => {
    if (optional && text.trim() === '') return null;
    const value = whole(text);
    if (value === null) errors[field] = true;
    return value ?? 0;
  };
  /** Every currency's figure; an optional one empty in every currency is none. */
  const amount = (field: AmountKind, texts: CurrencyDraft, optional = false) => {
    if (optional && CURRENCIES.every((currency) => texts[currency].trim() === '')) return null;
    return mapCurrencies(texts, (text, currency) => {
      const value = parseMajorAmount(text, currency);
      if (value === null) errors[field] = true;
      return value ?? (0 as MinorUnits);
    });
  };
  const code = draft.code.trim().toUpperCase();
  const named = (texts: Texts): Texts => ({
    th: texts.th.trim() || code,
    lo: texts.lo.trim() || code,
    en: texts.en.trim() || code,
  });
  const percent = draft.rewardKind === 'percent';
  const body: OfferCreateRequest = {
    code,
    channel: draft.channel,
    active: draft.active,
    names: named(draft.names),
    notices: draft.notices,
    type: draft.type,
    maxReceived: number('maxReceived', draft.maxReceived)!,
    bonusPercent: percent ? number('bonusPercent', draft.bonusPercent) : null,
    maxBonus: percent ? amount('maxBonus', draft.maxBonus)! : { BAHT: 0, LAK: 0 },
    bonusAmount: percent ? null : amount('bonusAmount', draft.bonusAmount),
    depositRule: draft.depositRule,
    minimumDeposit: amount('minimumDeposit', draft.minimumDeposit)!,
    depositWithinMinutes: number('depositWithinMinutes', draft.depositWithinMinutes)!,
    turnoverMultiple: number('turnoverMultiple', draft.turnoverMultiple)!,
    contributions: GAME_CATEGORIES.flatMap((category) => {
      const text = draft.contributions[category].trim();
      if (text === '' || text === '0') return [];
      const value = whole(text);
      if (value === null) errors.contributions = true;
      return value === null ? [] : [{ category, percent: value }];
    }),
    withdrawCapMultiple: number('withdrawCapMultiple', draft.withdrawCapMultiple, true),
    floor: amount('floor', draft.floor)!,
    percentFail: number('percentFail', draft.percentFail)!,
    grantDays: number('grantDays', draft.grantDays)!,
    budget: amount('budget', draft.budget, true),
    sort: number('sort', draft.sort)!,
    startsAt: fromMarketInput(draft.startsAt),
    endsAt: fromMarketInput(draft.endsAt),
    banners: draft.banners.filter((banner) => banner.image.trim() !== ''),
  };
  return { body: Object.keys(errors).length === 0 ? body : null, errors };
}

/** The offer as a member of `currency` would be shown it in `locale`, before anything is saved. */
export function previewOf(draft: OfferDraft, locale: Locale, currency: Currency): BonusOffer | null {
  const { body } = bodyOf(draft);
  if (!body) return null;
  const reward: BonusOffer['reward'] =
    body.bonusAmount !== null && body.bonusAmount !== undefined
      ? { kind: 'fixed', amount: body.bonusAmount[currency] as MinorUnits }
      : {
          kind: 'percent',
          percent: body.bonusPercent ?? 0,
          max: (body.maxBonus?.[currency] ?? 0) as MinorUnits,
        };
  return {
    code: body.code || 'CODE',
    channel: body.channel ?? 'bonus',
    name: body.names?.[locale] || body.code || '—',
    type: body.type,
    maxReceived: Math.max(1, body.maxReceived),
    reward,
    minimumDeposit: (body.minimumDeposit?.[currency] ?? 0) as MinorUnits,
    turnoverMultiple: body.turnoverMultiple,
    games: body.contributions ?? [],
    withdrawCapMultiple: body.withdrawCapMultiple ?? null,
    floor: (body.floor?.[currency] ?? 0) as MinorUnits,
    percentFail: body.percentFail,
    grantDays: Math.max(1, body.grantDays ?? 1),
    endsAt: body.endsAt ?? null,
    notice: body.notices?.[locale] ?? '',
    banners: (body.banners ?? []).map((banner) => ({ image: banner.image, html: banner.html[locale] })),
    userBonus: null,
  };
}
