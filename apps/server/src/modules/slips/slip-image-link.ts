import { createHmac } from 'node:crypto';

/** How long a signed link to a slip image may be opened. */
export const IMAGE_LINK_TTL_SECONDS = 600;

/** The signature of a link to slip upload `id` that lasts until `expires` (unix seconds). */
export const slipImageSignature = (secret: string, id: number, expires: number): string =>
  createHmac('sha256', secret).update(`slip-image:${id}:${expires}`).digest('base64url');

/**
 * A short-lived link to a slip image (GET /api/slips/image/:id): the link itself is the proof, so
 * the member's app and the staff console open it alike, with no bearer token.
 */
export function signedSlipImageLink(secret: string, id: number, now: Date): string {
  const expires = Math.floor(now.getTime() / 1000) + IMAGE_LINK_TTL_SECONDS;
  return `/api/slips/image/${id}?expires=${expires}&signature=${slipImageSignature(secret, id, expires)}`;
}
