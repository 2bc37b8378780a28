import type { Locale } from '@wallet/contract/constants';
import { formatMajorAmount, type Currency } from '@wallet/contract/money';
import type { CoinRules, PrizeUnit, SpinCoupon, SpinSlice } from '@wallet/contract/http/spinwheel';
import type { LocalText } from '../promotions/engine/grants.service';
import { COIN } from './spin-ledger';
import type { Slice } from './spin-wheels';
import type { CouponRow } from './spinwheel.repository';
import type { StoredCoinRules, StoredPrize } from './spinwheel-settings';

/** A prize as one member would get it: its kind, amount and unit in their currency. */
export interface MemberPrize {
  kind: StoredPrize['kind'];
  amount: bigint;
  unit: PrizeUnit | null;
}

export function prizeFor(prize: StoredPrize, currency: Currency): MemberPrize | null {
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

/** The prize a coupon holds. */
const prizeOf = (coupon: CouponRow): MemberPrize => ({
  kind: coupon.kind,
  amount: coupon.amount,
  unit: coupon.unit as PrizeUnit | null,
});

/** A prize named in a label: "฿50", "₭12,000", "3". */
function amountText(prize: MemberPrize): string {
  if (prize.unit === null) return '';
  if (prize.unit === COIN) return prize.amount.toString();
  const major = formatMajorAmount(Number(prize.amount), prize.unit).replace(/\.00$/, '');
  return `${prize.unit === 'LAK' ? '₭' : '฿'}${major}`;
}

const localText = (text: LocalText, locale: Locale, prize: MemberPrize | null) =>
  (text[locale] || text.en).replaceAll('{amount}', prize ? amountText(prize) : '');

/** A coupon's label in `locale`, its amount filled in. */
export const couponLabel = (coupon: CouponRow, locale: Locale) =>
  localText(coupon.labels, locale, prizeOf(coupon));

/** A coupon's label in each language, its amount filled in (the statement's description). */
export const namesOf = (coupon: CouponRow): LocalText => ({
  th: couponLabel(coupon, 'th'),
  lo: couponLabel(coupon, 'lo'),
  en: couponLabel(coupon, 'en'),
});

export function coinRulesView(rules: StoredCoinRules, currency: Currency): CoinRules {
  const per = rules.deposit.per[currency];
  // A currency the rule names no `per` for earns nothing by deposits.
  return {
    deposit: per ? { per: Number(per), coins: rules.deposit.coins } : { per: 1, coins: 0 },
    daily: rules.daily,
  };
}

export function sliceView(
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

export function couponView(row: CouponRow, at: Date, locale: Locale): SpinCoupon {
  const expired = row.status === 'expired' || (row.status === 'claimable' && row.expiresAt <= at);
  return {
    _id: String(row.id),
    prize: { slice: row.sliceCode, name: couponLabel(row, locale) },
    amount: Number(row.amount),
    kind: row.kind,
    unit: row.unit as PrizeUnit | null,
    status: expired ? 'expired' : row.status,
    createdAt: row.createdAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
  };
}
