// NOTE: zod/mini, not zod: lookups and the first page's answers use Amount, and the full zod would
// come with it into the login page's first download (issue 15, decision 033). Schemas built with
// zod use it as any other: `z.nullable(Amount)`, `Amount.check(z.refine(...))`.
import { z } from 'zod/mini';

/**
 * Money is an integer number of minor units (satang for baht, att for kip) everywhere:
 * in the database (bigint), on the server and in every JSON body. Only the web app turns
 * it into "1,234.50" for a person, and turns what a person types back into minor units,
 * with the two functions below. See docs/decisions/003-money-as-integer-minor-units.md.
 */
export const CURRENCIES = ['BAHT', 'LAK'] as const;
export type Currency = (typeof CURRENCIES)[number];

/** Minor units in one major unit, for each currency. */
export const MINOR_PER_MAJOR: Record<Currency, number> = { BAHT: 100, LAK: 100 };

/** A JSON amount: a non-negative safe integer of minor units. */
export const Amount = z
  .int()
  .check(z.nonnegative(), z.maximum(Number.MAX_SAFE_INTEGER))
  .register(z.globalRegistry, { description: 'Integer minor units (satang / att).' })
  .brand<'MinorUnits'>();
export type MinorUnits = z.infer<typeof Amount>;

const DECIMAL = /^(\d{1,13})(?:\.(\d{1,2}))?$/;
const WHOLE = /^(\d{1,13})$/;

/**
 * Currencies members see and type in whole units only: kip, as Lao banking apps show it
 * (`₭500,000`; the att is not used in payments). The wire keeps minor units all the same
 * (decision 068).
 */
export const WHOLE_UNIT_CURRENCIES: readonly Currency[] = ['LAK'];
const wholeUnits = (currency: Currency) => WHOLE_UNIT_CURRENCIES.includes(currency);

/**
 * Reads what a member typed ("100", "100.5", "1,000.25") as minor units, or null when it
 * is not an amount with at most two decimals (kip: a whole number of kip, "500,000").
 * Works on the text, never through a float.
 */
export function parseMajorAmount(text: string, currency: Currency = 'BAHT'): MinorUnits | null {
  const cleaned = text.trim().replaceAll(',', '');
  const match = (wholeUnits(currency) ? WHOLE : DECIMAL).exec(cleaned);
  if (!match) return null;
  const [, whole = '0', fraction = ''] = match;
  const perMajor = MINOR_PER_MAJOR[currency];
  return (Number(whole) * perMajor + Number(fraction.padEnd(2, '0'))) as MinorUnits;
}

/**
 * Formats minor units as "1,234.50" (two decimals, grouped), exactly; kip in whole kip,
 * "500,000", unless the amount holds att, which are then shown ("500,000.50") rather than hidden.
 */
export function formatMajorAmount(minor: number, currency: Currency = 'BAHT'): string {
  const perMajor = MINOR_PER_MAJOR[currency];
  const sign = minor < 0 ? '-' : '';
  const abs = Math.abs(minor);
  const whole = Math.trunc(abs / perMajor);
  const rest = abs % perMajor;
  if (wholeUnits(currency) && rest === 0) return `${sign}${whole.toLocaleString('en-US')}`;
  const fraction = String(rest).padStart(2, '0');
  return `${sign}${whole.toLocaleString('en-US')}.${fraction}`;
}

/**
 * An amount rule's value in each currency (decision 067): a baht figure is never a kip figure, so
 * every rule that is an amount (withdrawal limits, minimums, quick amounts, offers' and programmes'
 * amounts, the wheel's coin rule) has one value per currency, stored, edited and answered in this
 * shape, each keyed by its currency. A member's checks read the value of the member's currency.
 */
export type PerCurrency<T> = Record<Currency, T>;

/** The schema of a rule with a value per currency, both required. */
export const perCurrency = <T extends z.core.SomeType>(value: T) => z.object({ BAHT: value, LAK: value });

/** The same rule with each currency's value turned by `turn`. */
export function mapCurrencies<A, B>(
  rule: PerCurrency<A>,
  turn: (value: A, currency: Currency) => B,
): PerCurrency<B> {
  return { BAHT: turn(rule.BAHT, 'BAHT'), LAK: turn(rule.LAK, 'LAK') };
}
