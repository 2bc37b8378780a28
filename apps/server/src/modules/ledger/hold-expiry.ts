/**
 * The expiry rule of references sent to outside systems (docs/decisions/010), in one place for
 * every two-phase flow: a reference expires `ttlMs` after its hold was made, and a reference the
 * outside system never saw is a definite failure only once it has expired and no call carrying
 * it can still be on its way (`callTimeoutMs`).
 */
export function referenceExpiry(holdCreatedAt: Date, ttlMs: number): Date {
  return new Date(holdCreatedAt.getTime() + ttlMs);
}

export function neverSeenIsFinal(holdCreatedAt: Date, ttlMs: number, callTimeoutMs: number): boolean {
  return Date.now() > referenceExpiry(holdCreatedAt, ttlMs).getTime() + callTimeoutMs;
}
