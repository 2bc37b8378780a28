import { sql } from 'drizzle-orm';
import type { Database } from '../../platform/db/database';
import { rowsOf } from '../../platform/db/rows';

/**
 * Every invariant of the ledger, checked on the data as it is. Returns one line per violation;
 * an empty list means the books are sound. (npm run ledger:check runs it on the configured database.)
 */
export async function checkLedger(db: Database, options: { pendingOlderThanMs: number }): Promise<string[]> {
  const problems: string[] = [];

  const unbalanced = await rowsOf<{ id: string }>(
    db,
    sql`select t.id from ledger_transfers t
        left join ledger_entries e on e.transfer_id = t.id
        group by t.id, t.amount
        having count(e.id) <> 2 or coalesce(sum(e.amount), 1) <> 0
            or coalesce(max(e.amount), 0) <> t.amount or coalesce(min(e.amount), 0) <> -t.amount`,
  );
  for (const row of unbalanced) problems.push(`transfer ${row.id} is not two balanced entries of its amount`);

  const drifted = await rowsOf<{ key: string; balance: string; entries: string }>(
    db,
    sql`select a.key, a.balance::text, coalesce(sum(e.amount), 0)::text as entries
        from ledger_accounts a left join ledger_entries e on e.account_id = a.id
        group by a.id having a.balance <> coalesce(sum(e.amount), 0)`,
  );
  for (const row of drifted)
    problems.push(`account ${row.key} holds ${row.balance} but its entries sum to ${row.entries}`);

  const broken = await rowsOf<{ id: string }>(
    db,
    sql`select id from (
          select e.id, e.balance_before,
                 lag(e.balance_after) over (partition by e.account_id order by e.id) as previous_after
          from ledger_entries e) chain
        where previous_after is not null and balance_before <> previous_after`,
  );
  for (const row of broken)
    problems.push(`entry ${row.id} does not start where the account's previous entry ended`);

  const totals = await rowsOf<{ currency: string; total: string }>(
    db,
    sql`select currency, sum(balance)::text as total from ledger_accounts group by currency having sum(balance) <> 0`,
  );
  for (const row of totals) problems.push(`balances in ${row.currency} sum to ${row.total}, not 0`);

  const overdrawn = await rowsOf<{ key: string; balance: string }>(
    db,
    sql`select key, balance::text from ledger_accounts where not allow_negative and balance < 0`,
  );
  for (const row of overdrawn) problems.push(`account ${row.key} is overdrawn: ${row.balance}`);

  const misplaced = await rowsOf<{ id: string }>(
    db,
    sql`select t.id from ledger_transfers t join ledger_entries e on e.transfer_id = t.id
        where (e.amount < 0 and e.account_id <> t.debit_account_id)
           or (e.amount > 0 and e.account_id <> t.credit_account_id)`,
  );
  for (const row of misplaced)
    problems.push(`transfer ${row.id} has an entry on an account it does not name`);

  const badOpenings = await rowsOf<{ key: string }>(
    db,
    sql`select a.key from ledger_accounts a join lateral (
          select balance_before from ledger_entries e where e.account_id = a.id order by e.id limit 1) first on true
        where first.balance_before <> 0`,
  );
  for (const row of badOpenings) problems.push(`account ${row.key} does not start from 0`);

  // What is in flight is exactly what unsettled holds put there.
  const inFlight = await rowsOf<{ key: string; balance: string; held: string }>(
    db,
    sql`select a.key, a.balance::text, coalesce((
          select sum(h.amount) from ledger_transfers h
          where h.credit_account_id = a.id and h.kind like 'hold:%'
            and not exists (select 1 from ledger_transfers s where s.idempotency_key = h.idempotency_key || ':settle')
        ), 0)::text as held
        from ledger_accounts a where a.key like 'in_flight:%' or a.key like 'operator:in_flight:%'`,
  );
  for (const row of inFlight) {
    if (row.balance !== row.held)
      problems.push(`${row.key} holds ${row.balance} but unsettled holds total ${row.held}`);
  }

  // Money never moves straight from one member to another (in-flight accounts belong to the
  // member they hold for): a hold posted to someone else's wallet is a violation.
  const memberOf = (column: string) =>
    sql.raw(`case when ${column} like 'in_flight:%' then split_part(${column}, ':', 3)
                  when ${column} like 'wallet:%' or ${column} like 'game:%' or ${column} like 'invite:%'
                    or ${column} like 'refund:%' or ${column} like 'coin:%' or ${column} like 'prize:%'
                  then split_part(${column}, ':', 2) end`);
  const crossed = await rowsOf<{ idempotency_key: string; debit: string; credit: string }>(
    db,
    sql`select t.idempotency_key, d.key as debit, c.key as credit from ledger_transfers t
        join ledger_accounts d on d.id = t.debit_account_id
        join ledger_accounts c on c.id = t.credit_account_id
        where ${memberOf('d.key')} <> ${memberOf('c.key')}`,
  );
  for (const row of crossed)
    problems.push(
      `transfer ${row.idempotency_key} moves money between members: ${row.debit} -> ${row.credit}`,
    );

  // A post takes held money where the hold said, a void back where it came from.
  const misdirected = await rowsOf<{ idempotency_key: string }>(
    db,
    sql`select s.idempotency_key from ledger_transfers s
        join ledger_transfers h on s.idempotency_key = h.idempotency_key || ':settle'
        join ledger_accounts c on c.id = s.credit_account_id
        where (s.kind like 'post:%' and h.metadata ? 'destination' and c.key <> h.metadata ->> 'destination')
           or (s.kind like 'void:%' and s.credit_account_id <> h.debit_account_id)`,
  );
  for (const row of misdirected) problems.push(`${row.idempotency_key} settles a hold to the wrong account`);

  // The list of pending holds is exactly the holds without a settlement.
  const listed = await rowsOf<{ idempotency_key: string; listed: boolean }>(
    db,
    sql`select coalesce(h.idempotency_key, p.idempotency_key) as idempotency_key, p.transfer_id is not null as listed
        from (select t.id, t.idempotency_key from ledger_transfers t
              where t.kind like 'hold:%'
                and not exists (select 1 from ledger_transfers s where s.idempotency_key = t.idempotency_key || ':settle')) h
        full join ledger_pending_holds p on p.transfer_id = h.id
        where h.id is null or p.transfer_id is null`,
  );
  for (const row of listed)
    problems.push(
      row.listed
        ? `hold ${row.idempotency_key} is listed as pending but is settled`
        : `hold ${row.idempotency_key} is pending but not listed`,
    );

  // Each listed hold names its own source and destination (what "money in flight" is looked up by).
  const misnamed = await rowsOf<{ idempotency_key: string }>(
    db,
    sql`select p.idempotency_key from ledger_pending_holds p
        join ledger_transfers h on h.id = p.transfer_id
        join ledger_accounts a on a.id = h.debit_account_id
        where p.source_key is distinct from a.key
           or p.destination_key is distinct from h.metadata ->> 'destination'`,
  );
  for (const row of misnamed)
    problems.push(
      `pending hold ${row.idempotency_key} names another source or destination than its transfer`,
    );

  const olderThan = new Date(Date.now() - options.pendingOlderThanMs).toISOString();
  const stale = await rowsOf<{ idempotency_key: string }>(
    db,
    sql`select h.idempotency_key from ledger_transfers h
        where h.kind like 'hold:%' and h.created_at < ${olderThan}
          and not exists (select 1 from ledger_transfers s where s.idempotency_key = h.idempotency_key || ':settle')`,
  );
  for (const row of stale) problems.push(`hold ${row.idempotency_key} is still pending`);

  return problems;
}
