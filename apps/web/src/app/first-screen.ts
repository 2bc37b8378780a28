import type { QueryClient } from '@tanstack/react-query';
import { spinActiveQuery, walletQuery } from '../features/home/first-reads';

/**
 * Home's first reads, started as the page starts (issue 30, decision 076): the balances (the
 * largest paint waits for them) and the wheel (the widgets' row) go out while the screen's scripts
 * still download, not once home first renders. Each is the very query its screen runs (same key, same
 * fetch, same staleTime), so the screen finds the answer in the cache or joins the read under way;
 * a failed one is read again by its screen. Only reads that stay fresh until the screen shows:
 * the profile and the limits count as stale at once, so their screens would read them again.
 */
export function prefetchHome(client: QueryClient): void {
  void client.prefetchQuery(walletQuery);
  void client.prefetchQuery(spinActiveQuery);
}
