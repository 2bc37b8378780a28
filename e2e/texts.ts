import { readFileSync } from 'node:fs';
import type { Locale } from '@wallet/contract/constants';

type Texts = Record<string, unknown>;
const cache = new Map<Locale, Texts>();

/** The member-facing text of `key` ("profile.changePassword") in `locale`, from the app's own files. */
export function text(locale: Locale, key: string): string {
  let texts = cache.get(locale);
  if (!texts) {
    const file = new URL(`../apps/web/src/locales/${locale}/common.json`, import.meta.url);
    texts = JSON.parse(readFileSync(file, 'utf8')) as Texts;
    cache.set(locale, texts);
  }
  const value = key.split('.').reduce<unknown>((node, part) => (node as Texts | undefined)?.[part], texts);
  if (typeof value !== 'string') throw new Error(`no text ${locale}:${key}`);
  return value;
}
