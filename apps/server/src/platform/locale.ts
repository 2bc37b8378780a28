import type { FastifyRequest } from 'fastify';
import { LOCALES, type Locale, type Market } from '@wallet/contract/constants';

/**
 * The member's language for texts the server stores in three languages: the first of
 * Accept-Language that we speak ("la" is taken as Lao), else the market's default.
 */
export function requestLocale(request: FastifyRequest, market: Market): Locale {
  const header = request.headers['accept-language'] ?? '';
  for (const part of header.split(',')) {
    const tag = part.trim().split(';', 1)[0]?.toLowerCase().split('-', 1)[0] ?? '';
    const candidate = tag === 'la' ? 'lo' : tag;
    if ((LOCALES as readonly string[]).includes(candidate)) return candidate as Locale;
  }
  return market === 'LA' ? 'lo' : 'th';
}

/**
 * Which language stands in when a name is missing in the member's: Lao readers read Thai
 * (the two scripts and languages are close), then English; Thai and English readers fall
 * back on each other before Lao.
 */
export const LOCALE_FALLBACKS: Readonly<Record<Locale, readonly Locale[]>> = {
  lo: ['lo', 'th', 'en'],
  th: ['th', 'en', 'lo'],
  en: ['en', 'th', 'lo'],
};

/** The first name present in `locale`'s fallback order, else `otherwise`. */
export function localized(
  names: Partial<Record<string, string | null | undefined>>,
  locale: Locale,
  otherwise: string,
): string {
  for (const candidate of LOCALE_FALLBACKS[locale]) {
    const name = names[candidate]?.trim();
    if (name) return name;
  }
  return otherwise;
}
