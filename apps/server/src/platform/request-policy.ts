import type { FastifyInstance } from 'fastify';
import { CLIENT_HEADER, CLIENT_HEADER_VALUE } from '@wallet/contract/constants';
import { AppError } from './errors';

/**
 * Which /api paths follow which cross-cutting rule. One list, so that a reader can see
 * every exception in one place.
 */

/** Not called by the member app: outside systems, the API document, health probes, sandbox pages. */
const CLIENT_HEADER_EXEMPT = [
  '/api/docs',
  '/api/webhooks/',
  '/api/health',
  '/api/sandbox/pages/',
  // The sandbox game provider's and payout service's own APIs: called by this server, not the app.
  '/api/sandbox/provider-api/',
  '/api/sandbox/payout-api/',
  '/api/sandbox/payment-api/',
  '/api/sandbox/voucher-api/',
  '/api/sandbox/slip-api/',
  '/api/sandbox/staff-chat-api/',
  // A slip image opened in a new tab: the signed, expiring link is the proof.
  '/api/slips/image/',
  // Chat images and videos loaded by <img> and <video>: the signed, expiring link is the proof.
  '/api/chat/media/',
  // Offers' banners loaded by <img>: public artwork, named by its hash (decision 063).
  '/api/media/banners/',
];

/** Still answer while the service is switched off: the app must be able to learn that it is. */
const TERMINATION_EXEMPT = [
  '/api/lookup/active',
  // Staff run the site while members are shut out, and switch it on again from the console.
  '/api/console/',
  '/api/docs',
  '/api/webhooks/',
  '/api/health',
  '/api/sandbox/',
];

const startsWithAny = (path: string, prefixes: readonly string[]): boolean =>
  prefixes.some((prefix) => path === prefix.replace(/\/$/, '') || path.startsWith(prefix));

/** The path without its query string. */
export const pathOf = (url: string): string => url.split('?', 1)[0] ?? url;

export const isApiPath = (path: string): boolean => path === '/api' || path.startsWith('/api/');

export const needsClientHeader = (path: string): boolean =>
  isApiPath(path) && !startsWithAny(path, CLIENT_HEADER_EXEMPT);

export const closesWhenTerminated = (path: string): boolean =>
  isApiPath(path) && !startsWithAny(path, TERMINATION_EXEMPT);

// NOTE: PostgreSQL cannot store NUL in text (the query fails, taking the values into the error),
// and no field of ours carries the other C0 controls; tab, line feed and carriage return pass.
// A lone UTF-16 surrogate is no character either: jsonb refuses its escape, so a staff note holding
// one failed the audit row after the action it records had been done (a payout sent unaudited).
const CONTROL_CHARACTER =
  // eslint-disable-next-line no-control-regex
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/**
 * Whether any string in a parsed body, query or path parameters, keys included, has a control
 * character or a lone surrogate.
 */
export function holdsControlCharacter(value: unknown): boolean {
  // A loop, not recursion: a deeply nested body must not overflow the stack.
  const pending: unknown[] = [value];
  while (pending.length > 0) {
    const next = pending.pop();
    if (typeof next === 'string') {
      if (CONTROL_CHARACTER.test(next)) return true;
    } else if (Array.isArray(next)) {
      for (const item of next as unknown[]) pending.push(item);
    } else if (next !== null && typeof next === 'object' && !Buffer.isBuffer(next)) {
      for (const [key, item] of Object.entries(next)) pending.push(key, item);
    }
  }
  return false;
}

/**
 * The rules every request meets before its route, and every /api answer on its way out.
 * Order matters: an unknown client is refused before anything else is looked at.
 */
export function registerRequestPolicy(app: FastifyInstance, isTerminated: () => Promise<boolean>): void {
  app.addHook('onRequest', async (request) => {
    const urlPath = pathOf(request.url);
    if (needsClientHeader(urlPath) && request.headers[CLIENT_HEADER] !== CLIENT_HEADER_VALUE) {
      throw new AppError('CLIENT_HEADER_MISSING', 400);
    }
    if (closesWhenTerminated(urlPath) && (await isTerminated())) {
      throw new AppError('gone', 410);
    }
  });

  // Once the body is parsed, before validation and before any handler can pass a value on.
  app.addHook('preValidation', async (request) => {
    if ([request.params, request.query, request.body].some(holdsControlCharacter)) {
      throw new AppError('INVALID_CHARACTERS', 400);
    }
  });

  // NOTE: API answers are personal and change by the second; and some statuses (410 gone, 404)
  // are cacheable by default, so a browser would keep answering "gone" after the service is back.
  app.addHook('onSend', async (request, reply) => {
    if (isApiPath(pathOf(request.url))) reply.header('cache-control', 'no-store');
  });
}
