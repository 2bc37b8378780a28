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
