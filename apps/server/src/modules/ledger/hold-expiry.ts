/**
 * The expiry rule of references sent to outside systems (docs/decisions/010), in one place for
 * every two-phase flow: a reference expires `ttlMs` after its hold was made (both instants on the
 * database's clock), and a reference the outside system never saw is a definite failure only once
 * it has expired and no call carrying it can still be on its way (`callTimeoutMs`).
 */
export function referenceExpiry(holdCreatedAt: Date, ttlMs: number): Date {
  return new Date(holdCreatedAt.getTime() + ttlMs);
}

/** What an outside system says of one of our references. */
export type OutsideVerdict = 'applied' | 'failed' | 'not_found' | 'unknown';

/**
 * The one reconciliation rule of every two-phase flow (games and withdrawals): applied posts,
 * failed voids, never seen voids only once the reference can no longer arrive; anything else
 * leaves the hold pending. `ageMs` is the hold's age read on the database's clock, so a process
 * whose own clock runs fast can never void a reference that may still be applied.
 */
export function verdictToSettlement(
  verdict: OutsideVerdict,
  hold: { ageMs: number },
  limits: { ttlMs: number; callTimeoutMs: number },
): 'post' | 'void' | 'wait' {
  if (verdict === 'applied') return 'post';
  if (verdict === 'failed') return 'void';
  if (verdict === 'not_found' && hold.ageMs > limits.ttlMs + limits.callTimeoutMs) return 'void';
  return 'wait';
}
