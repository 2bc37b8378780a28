import { sql } from 'drizzle-orm';
import type { Database } from '../../../platform/db/database';
import { rowsOf } from '../../../platform/db/rows';

/**
 * The invite bonus's and the loss refund's side of the books, for `npm run ledger:check`
 * (decision 020): each recorded commission is its one ledger movement, of its amount, from the
 * operator's invite account into the inviter's invite account, and no such movement is without a
 * record; each received refund is its one movement from the operator's refund account; and each
 * member's invite and refund accounts hold what was earned (received) less what their grants
 * credited to the wallet, so what was claimed equals what was earned and paid.
 */
export async function checkRewards(db: Database, options: { olderThanMs: number }): Promise<string[]> {
  const problems: string[] = [];

  const commissions = await rowsOf<{
    source: string;
    amount: string;
    moved: string | null;
    ok: boolean | null;
  }>(
    db,
    sql`select c.source, c.amount::text, t.amount::text as moved,
               (d.key = 'operator:invite:' || c.currency and k.key = 'invite:' || c.inviter_id) as ok
        from invite_commissions c
        left join ledger_transfers t on t.idempotency_key = 'invite:' || c.source
        left join ledger_accounts d on d.id = t.debit_account_id
        left join ledger_accounts k on k.id = t.credit_account_id
        where c.amount > 0 or t.id is not null`,
  );
  for (const row of commissions) {
    if (row.moved !== row.amount)
      problems.push(
        `commission ${row.source} records ${row.amount} but the ledger moved ${row.moved ?? 'nothing'}`,
      );
    if (row.ok === false)
      problems.push(`commission ${row.source} did not move from the invite account to its inviter`);
  }
  const stray = await rowsOf<{ key: string }>(
    db,
    sql`select t.idempotency_key as key from ledger_transfers t
        where t.kind = 'invite_commission'
          and not exists (select 1 from invite_commissions c where 'invite:' || c.source = t.idempotency_key)`,
  );
  for (const row of stray) problems.push(`commission movement ${row.key} has no record`);
  const strayRefunds = await rowsOf<{ key: string }>(
    db,
    sql`select t.idempotency_key as key from ledger_transfers t
        where t.kind = 'refund_receive'
          and not exists (select 1 from refunds r where 'refund:receive:' || r.id = t.idempotency_key)`,
  );
  for (const row of strayRefunds) problems.push(`refund movement ${row.key} has no refund`);
  // A member's share of a period that stays open (a provider that never answers) needs staff.
  const stuck = await rowsOf<{ program: string; member_id: string; attempts: number }>(
    db,
    sql`select w.program, w.member_id::text, w.attempts from period_closing_members w
        join period_closings p on p.program = w.program and p.period_start = w.period_start
        where not w.done and w.attempts >= 3
          and p.period_end < now() - ${options.olderThanMs} * interval '1 millisecond'`,
  );
  for (const row of stuck)
    problems.push(
      `${row.program} period of member ${row.member_id} is still not closed after ${row.attempts} attempt(s)`,
    );

  const refunds = await rowsOf<{
    id: string;
    amount: string;
    moved: string | null;
    ok: boolean | null;
    state: string;
  }>(
    db,
    sql`select r.id::text, r.amount::text, r.state, t.amount::text as moved,
               (d.key = 'operator:refund:' || r.currency and k.key = 'refund:' || r.member_id) as ok
        from refunds r
        left join ledger_transfers t on t.idempotency_key = 'refund:receive:' || r.id
        left join ledger_accounts d on d.id = t.debit_account_id
        left join ledger_accounts k on k.id = t.credit_account_id
        where r.state = 'received' or t.id is not null`,
  );
  for (const row of refunds) {
    if (row.state !== 'received') problems.push(`refund ${row.id} was paid but is ${row.state}`);
    else if (row.moved !== row.amount)
      problems.push(
        `refund ${row.id} of ${row.amount} was received but the ledger moved ${row.moved ?? 'nothing'}`,
      );
    if (row.ok === false)
      problems.push(`refund ${row.id} did not move from the refund account to its member`);
  }

  // Each member's collected (received) balance: in less what their grants took to the wallet.
  const balances = await rowsOf<{ key: string; balance: string; expected: string }>(
    db,
    sql`with member_accounts as (
          select a.id, a.key, a.balance, split_part(a.key, ':', 1) as program,
                 split_part(a.key, ':', 2)::bigint as member_id
          from ledger_accounts a where a.key like 'invite:%' or a.key like 'refund:%')
        select m.key, m.balance::text,
               (case m.program
                  when 'invite' then (select coalesce(sum(amount), 0) from invite_commissions c
                                      where c.inviter_id = m.member_id)
                  else (select coalesce(sum(amount), 0) from refunds r
                        where r.member_id = m.member_id and r.state = 'received') end
                - (select coalesce(sum(g.bonus), 0) from promotion_grants g
                   where g.member_id = m.member_id and g.program = m.program and g.credited))::text as expected
        from member_accounts m`,
  );
  for (const row of balances)
    if (row.balance !== row.expected)
      problems.push(`${row.key} holds ${row.balance} but earned less claimed comes to ${row.expected}`);
  return problems;
}
