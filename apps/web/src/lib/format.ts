import { formatMajorAmount, type Currency } from '@wallet/contract/money';

const pad = (n: number) => String(n).padStart(2, '0');

/** DD/MM/YYYY (spec section 9), in the member's local time. */
export function formatDate(iso: string): string {
  const date = new Date(iso);
  return `${pad(date.getDate())}/${pad(date.getMonth() + 1)}/${date.getFullYear()}`;
}

/** DD/MM/YYYY HH:mm:ss (spec section 9), in the member's local time. */
export function formatDateTime(iso: string): string {
  const date = new Date(iso);
  return `${formatDate(iso)} ${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}`;
}

const SYMBOLS: Record<Currency, string> = { BAHT: '฿', LAK: '₭' };

/**
 * Minor units as the member reads them: "฿1,234.50" (two decimals, never through a float); kip in
 * whole kip, "₭500,000" (decision 068).
 */
export function formatMoney(minor: number, currency: Currency = 'BAHT'): string {
  const text = formatMajorAmount(Math.abs(minor), currency);
  return `${minor < 0 ? '-' : ''}${SYMBOLS[currency]}${text}`;
}

/** The i18next context of texts that show how to type an amount: kip is typed in whole kip. */
export const amountContext = (currency: Currency): 'kip' | undefined =>
  currency === 'LAK' ? 'kip' : undefined;

export type TimeUnit = 'year' | 'month' | 'day' | 'hour' | 'minute' | 'second';

const UNITS: [TimeUnit, number][] = [
  ['year', 365 * 86_400_000],
  ['month', 30 * 86_400_000],
  ['day', 86_400_000],
  ['hour', 3_600_000],
  ['minute', 60_000],
  ['second', 1_000],
];

/** How long ago `then` was, in the largest whole unit of spec section 9; null under a second. */
export function timeAgo(then: number, now: number): { unit: TimeUnit; count: number } | null {
  const elapsed = Math.max(0, now - then);
  for (const [unit, size] of UNITS) {
    if (elapsed >= size) return { unit, count: Math.floor(elapsed / size) };
  }
  return null;
}
