import { sql } from 'drizzle-orm';
import type { Database } from '../../platform/db/database';
import { rowsOf } from '../../platform/db/rows';

/**
 * Deposits that wait on someone (decision 017), for `npm run ledger:check`: how many payment
 * reviews are open, and one line per kind of wait that lasted longer than `olderThanMs` (by the
 * database's clock): reviews staff have not worked, gift links the sweep could not finish.
 */
export async function checkDeposits(
  db: Database,
  options: { olderThanMs: number },
): Promise<{ openReviews: number; problems: string[] }> {
  const seconds = options.olderThanMs / 1000;
  const [counts] = await rowsOf<{ open: number; reviews_overdue: number; links_overdue: number }>(
    db,
    sql`select
          (select count(*)::int from payment_reviews where status = 'open') as open,
          (select count(*)::int from payment_reviews where status = 'open'
             and created_at < now() - make_interval(secs => ${seconds}::double precision)) as reviews_overdue,
          (select count(*)::int from gift_links where status = 'redeeming'
             and created_at < now() - make_interval(secs => ${seconds}::double precision)) as links_overdue`,
  );
  const problems: string[] = [];
  const minutes = Math.round(options.olderThanMs / 60_000);
  if (counts!.reviews_overdue > 0)
    problems.push(
      `${counts!.reviews_overdue} QR payment(s) of another amount have waited for staff review over ${minutes} minutes`,
    );
  if (counts!.links_overdue > 0)
    problems.push(`${counts!.links_overdue} gift link(s) have been redeeming for over ${minutes} minutes`);
  return { openReviews: counts!.open, problems };
}
