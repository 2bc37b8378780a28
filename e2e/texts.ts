import { readFileSync } from 'node:fs';
import type { Locale } from '@wallet/contract/constants';

type Texts = Record<string, unknown>;
const cache = new Map<string, Texts>();

/**
 * The member-facing text of `key` ("profile.changePassword") in `locale`, from the app's own
 * files; the `errors` namespace holds the texts of error codes ("PASSWORD_TOO_COMMON"), `bonus` those
 * of the bonus screens and their turnover ("bonus.receive", "turnover.missing"), `rewards` those of
 * the invite bonus and the loss refund ("invite.claim.title"), `spin` those of the spin wheel
 * ("wheel.spin"), `chat` those of the chat widget ("panel.title"), `console` those of the staff
 * console ("inbox.title"), `console-withdrawals` those of its withdrawal desk, `console-deposits` its deposits to review, `console-offers` its offers, `reasons` why a button
 * is off ("fund.walletEmpty"), `limits` those of Play limits and the reality check ("timeout.title").
 */
export function text(
  locale: Locale,
  key: string,
  namespace:
    | 'common'
    | 'home'
    | 'errors'
    | 'bonus'
    | 'rewards'
    | 'spin'
    | 'chat'
    | 'console'
    | 'console-withdrawals'
    | 'console-member-actions'
    | 'console-deposits'
    | 'console-settings'
    | 'console-reports'
    | 'console-report-pages'
    | 'console-errors'
    | 'console-offers'
    | 'reasons'
    | 'register'
    | 'limits'
    | 'receipt'
    | 'deposit'
    | 'signed-in-errors'
    | 'console-limits' = 'common',
): string {
  // The deposit dialog's texts left `common` for a namespace of their own, keys unchanged; error
  // codes only a signed-in member meets are in `signed-in-errors`, added to `errors` by the app.
  if (namespace === 'common' && key.startsWith('deposit.')) namespace = 'deposit';
  if (namespace === 'errors' && !(key in load(locale, 'errors'))) namespace = 'signed-in-errors';
  const texts = load(locale, namespace);
  const value = key.split('.').reduce<unknown>((node, part) => (node as Texts | undefined)?.[part], texts);
  if (typeof value !== 'string') throw new Error(`no text ${locale}:${key}`);
  return value;
}

/** A locale file's texts, read once. */
function load(locale: Locale, namespace: string): Texts {
  let texts = cache.get(`${locale}/${namespace}`);
  if (!texts) {
    const file = new URL(`../apps/web/src/locales/${locale}/${namespace}.json`, import.meta.url);
    texts = JSON.parse(readFileSync(file, 'utf8')) as Texts;
    cache.set(`${locale}/${namespace}`, texts);
  }
  return texts;
}
