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
  // A slip image opened in a new tab: the signed, expiring link is the proof.
  '/api/slips/image/',
];

/** Still answer while the service is switched off: the app must be able to learn that it is. */
const TERMINATION_EXEMPT = [
  '/api/lookup/active',
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

  // NOTE: API answers are personal and change by the second; and some statuses (410 gone, 404)
  // are cacheable by default, so a browser would keep answering "gone" after the service is back.
  app.addHook('onSend', async (request, reply) => {
    if (isApiPath(pathOf(request.url))) reply.header('cache-control', 'no-store');
  });
}
