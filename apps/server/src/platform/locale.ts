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
