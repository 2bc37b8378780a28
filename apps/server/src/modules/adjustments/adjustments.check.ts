import { sql } from 'drizzle-orm';
import type { Database } from '../../platform/db/database';
import { rowsOf } from '../../platform/db/rows';

/**
 * Balance adjustments against the ledger (decision 046), for `npm run ledger:check`: each applied
 * adjustment is exactly one transfer keyed `adjustment:<id>` of its amount between the member's
 * wallet and `operator:adjustment` of its currency, the right way round; nothing else moved
 * money as an adjustment; and none was applied by its own maker. Counts what waits for a checker.
 */
export async function checkAdjustments(db: Database): Promise<{ awaiting: number; problems: string[] }> {
  const problems: string[] = [];

  const unmatched = await rowsOf<{ id: number; status: string; transfer: string | null }>(
    db,
    sql`select a.id, a.status, t.id::text as transfer
        from balance_adjustments a
        left join ledger_transfers t on t.idempotency_key = 'adjustment:' || a.id
        left join ledger_accounts d on d.id = t.debit_account_id
        left join ledger_accounts c on c.id = t.credit_account_id
        where (a.status = 'applied') <> (t.id is not null)
           or (t.id is not null and (
                t.kind <> 'adjustment' or t.amount <> abs(a.amount)
             or (a.amount > 0 and (d.key <> 'operator:adjustment:' || a.currency or c.key <> 'wallet:' || a.member_id))
             or (a.amount < 0 and (d.key <> 'wallet:' || a.member_id or c.key <> 'operator:adjustment:' || a.currency))))`,
  );
  for (const row of unmatched) {
    problems.push(
      row.transfer === null
        ? `adjustment ${row.id} is ${row.status} but moved no money`
        : row.status === 'applied'
          ? `adjustment ${row.id}'s transfer ${row.transfer} is not its amount between its wallet and operator:adjustment`
          : `adjustment ${row.id} is ${row.status} but moved money (transfer ${row.transfer})`,
    );
  }

  const strays = await rowsOf<{ idempotency_key: string }>(
    db,
    sql`select t.idempotency_key from ledger_transfers t
        where t.kind = 'adjustment' and not exists (
          select 1 from balance_adjustments a where t.idempotency_key = 'adjustment:' || a.id)`,
  );
  for (const row of strays)
    problems.push(`transfer ${row.idempotency_key} is an adjustment no one asked for`);

  const own = await rowsOf<{ id: number }>(
    db,
    sql`select id from balance_adjustments where status = 'applied' and checker_id = maker_id`,
  );
  for (const row of own) problems.push(`adjustment ${row.id} was approved by its own maker`);

  const [waiting] = await rowsOf<{ n: number }>(
    db,
    sql`select count(*)::int as n from balance_adjustments where status = 'awaiting_approval'`,
  );
  return { awaiting: waiting?.n ?? 0, problems };
}
