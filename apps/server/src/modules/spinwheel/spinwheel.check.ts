import { sql } from 'drizzle-orm';
import type { Database } from '../../platform/db/database';
import { rowsOf } from '../../platform/db/rows';

/**
 * The spin wheel's side of the books, for `npm run ledger:check` (decision 021):
 * - every draw spent exactly one coin (one `spin` movement per coupon row, and none without one);
 * - every cash or bonus coupon set its prize aside when drawn, from the operator's prize account
 *   into the member's prize account, of its amount;
 * - prizes paid = coupons claimed: a claimed cash coupon is one movement of its amount from the
 *   prize account to the wallet, a coin coupon one from the operator's coin account, a bonus coupon
 *   a credited grant of its amount; an expired one went back to the operator; nothing was paid for
 *   a coupon that is not claimed;
 * - each member's prize account holds exactly their claimable coupons' worth.
 */
export async function checkSpinwheel(db: Database): Promise<string[]> {
  const problems: string[] = [];

  const spends = await rowsOf<{ coupons: string; spends: string }>(
    db,
    sql`select (select count(*) from spin_coupons)::text as coupons,
               (select count(*) from ledger_transfers where kind = 'spin')::text as spends`,
  );
  if (spends[0]!.coupons !== spends[0]!.spends)
    problems.push(`${spends[0]!.coupons} draws spent ${spends[0]!.spends} coins`);

  const coupons = await rowsOf<{ id: string; problem: string }>(
    db,
    sql`select c.id::text, p.problem from spin_coupons c
        left join ledger_transfers w on w.idempotency_key = 'coupon:' || c.id || ':won'
        left join ledger_accounts wd on wd.id = w.debit_account_id
        left join ledger_accounts wc on wc.id = w.credit_account_id
        left join ledger_transfers k on k.idempotency_key = 'coupon:' || c.id || ':claim'
        left join ledger_accounts kd on kd.id = k.debit_account_id
        left join ledger_accounts kc on kc.id = k.credit_account_id
        left join ledger_transfers x on x.idempotency_key = 'coupon:' || c.id || ':expire'
        left join promotion_grants g on g.id = c.grant_id
        cross join lateral (select case
          when c.kind in ('cash', 'bonus') and (w.amount is distinct from c.amount
                or wd.key <> 'operator:prize:' || c.unit or wc.key <> 'prize:' || c.member_id)
            then 'its prize was not set aside as drawn'
          when c.kind in ('none', 'coin') and w.id is not null then 'set a prize aside it does not pay'
          when c.status = 'claimed' and c.kind = 'cash' and (k.amount is distinct from c.amount
                or kd.key <> 'prize:' || c.member_id or kc.key <> 'wallet:' || c.member_id)
            then 'was claimed but its cash did not reach the wallet'
          when c.status = 'claimed' and c.kind = 'coin' and (k.amount is distinct from c.amount
                or kd.key <> 'operator:coin:COIN' or kc.key <> 'coin:' || c.member_id)
            then 'was claimed but its coins were not paid'
          when c.status = 'claimed' and c.kind = 'bonus' and (g.id is null or g.bonus <> c.amount
                or not g.credited or g.program <> 'prize' or g.member_id <> c.member_id)
            then 'was claimed but made no grant of its amount'
          when c.status <> 'claimed' and (k.id is not null or g.id is not null) then 'paid but not claimed'
          when c.status = 'expired' and c.kind in ('cash', 'bonus') and x.amount is distinct from c.amount
            then 'expired but its prize did not go back'
          when c.status <> 'expired' and x.id is not null then 'went back but is not expired'
        end as problem) p
        where p.problem is not null`,
  );
  for (const row of coupons) problems.push(`coupon ${row.id} ${row.problem}`);

  const holdings = await rowsOf<{ key: string; balance: string; expected: string }>(
    db,
    sql`select a.key, a.balance::text,
               (select coalesce(sum(c.amount), 0) from spin_coupons c
                where c.member_id = split_part(a.key, ':', 2)::bigint and c.status = 'claimable'
                  and c.kind in ('cash', 'bonus'))::text as expected
        from ledger_accounts a where a.key like 'prize:%'`,
  );
  for (const row of holdings)
    if (row.balance !== row.expected)
      problems.push(`${row.key} holds ${row.balance} but its claimable coupons are worth ${row.expected}`);

  // Every prize movement belongs to a coupon.
  const strays = await rowsOf<{ key: string }>(
    db,
    sql`select t.idempotency_key as key from ledger_transfers t
        where t.kind = 'prize' and not exists (
          select 1 from spin_coupons c
          where c.id = substring(t.idempotency_key from '^coupon:(\\d+):(?:won|claim|expire)$')::bigint)`,
  );
  for (const row of strays) problems.push(`prize movement ${row.key} belongs to no coupon`);
  return problems;
}
