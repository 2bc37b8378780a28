import { sql } from 'drizzle-orm';
import type { Database } from '../../platform/db/database';
import { rowsOf } from '../../platform/db/rows';

/** Of the references credited twice, how many `npm run ledger:check` names. */
const NAMED = 20;

/**
 * Slips that wait on staff (decision 014), for `npm run ledger:check`: how many uploads are in
 * review with their sender unconfirmed (nothing credited), and, as a violation, the uploads
 * credited a second time before references were known in any letter case (migrations 0014 and
 * 0015 marked them REVIEW / SLIP_CREDITED_TWICE): their second credit wants reversing, after which
 * staff set the row FAILED.
 */
export async function checkSlips(db: Database): Promise<{ openReviews: number; problems: string[] }> {
  const [counts] = await rowsOf<{ open: number; twice: number }>(
    db,
    sql`select
          count(*) filter (where note in ('SENDER_UNCONFIRMED', 'DEST_ACC_TAKES_BAHT', 'DEST_ACC_TAKES_KIP',
                                              'SENDER_ACC_OTHER_CURRENCY'))::int as open,
          count(*) filter (where note = 'SLIP_CREDITED_TWICE')::int as twice
        from slip_uploads where status = 'REVIEW'`,
  );
  const problems: string[] = [];
  if (counts!.twice > 0) {
    const named = await rowsOf<{ id: string; member_id: string; reference: string; amount: string }>(
      db,
      sql`select id, member_id, reference, amount::text as amount from slip_uploads
          where status = 'REVIEW' and note = 'SLIP_CREDITED_TWICE' order by id limit ${NAMED}`,
    );
    const list = named
      .map((row) => `#${row.id} member ${row.member_id} ${row.reference} (${row.amount})`)
      .join(', ');
    problems.push(
      `${counts!.twice} slip upload(s) credited twice (a reference in another letter case, before migration 0014), ` +
        `each wanting its second credit reversed and then status FAILED: ${list}${counts!.twice > NAMED ? ', ...' : ''}`,
    );
  }
  return { openReviews: counts!.open, problems };
}
