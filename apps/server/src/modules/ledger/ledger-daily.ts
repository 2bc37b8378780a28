import { sql } from 'drizzle-orm';
import type { Database } from '../../platform/db/database';
import { rowsOf } from '../../platform/db/rows';

/**
 * The ledger's money per market day (UTC+7) for the console's reports (decision 055): read from
 * the transfers themselves, never from a counter. Each transfer falls in at most one figure:
 * - `deposit:<channel>`: a deposit credited to a wallet (its statement says deposit), by channel
 *   from its key (slip, notice, gift link, `qr:<provider>`, sandbox, other), and a staff
 *   adjustment into a wallet (`deposit:adjustment`, the manual deposit);
 * - `adjustmentOut`: a staff adjustment taken from a wallet;
 * - `withdrawal`: a withdrawal posted to the operator's cash-out;
 * - `bonusCost`, `refunds`, `inviteCommission`, `wheelPrizes`: what left the operator's bonus,
 *   refund, invite and prize accounts, less what came back to them (take-backs of grants, expired
 *   coupons): the rewards' cost, counted once where the operator paid it.
 */
export interface LedgerDayFigure {
  day: string;
  currency: string;
  figure: string;
  amount: bigint;
}

export interface LedgerDayMembers {
  day: string;
  currency: string;
  /** Members whose own accounts moved that day (any transfer naming them). */
  activeMembers: number;
  /** Members whose first deposit ever was that day. */
  firstDepositors: number;
}

/** Kinds of transfer whose statement can say deposit (ledger_transfers_credit_kind finds them). */
const DEPOSIT_KINDS = sql`array['deposit', 'sandbox_credit']::text[]`;
const marketDayOf = (column: ReturnType<typeof sql.raw>) =>
  sql`to_char((${column} at time zone 'UTC') + interval '7 hours', 'YYYY-MM-DD')`;

export function createLedgerDaily(db: Database) {
  return {
    /** Sums of each figure per market day and currency, over transfers made in [from, to). */
    async dayFigures(from: Date, to: Date): Promise<LedgerDayFigure[]> {
      // NOTE: every figure has an operator account on one side (its currency is the figure's), so
      // only the few operator accounts are joined, never the members' hundreds of thousands.
      const rows = await rowsOf<{ day: string; currency: string; figure: string; amount: string }>(
        db,
        sql`with ops as (select id, key, currency from ledger_accounts where key like 'operator:%'),
            moved as (
              select t.created_at, t.amount, coalesce(d.currency, c.currency) as currency,
                case
                  when t.kind = any(${DEPOSIT_KINDS})
                       and t.metadata -> 'statement' ->> 'type' = 'deposit' then
                    'deposit:' || case
                      when t.idempotency_key like 'deposit:slip:%' then 'slip'
                      when t.idempotency_key like 'deposit:notice:%' then 'notice'
                      when t.idempotency_key like 'deposit:truelink:%' then 'giftLink'
                      when t.idempotency_key like 'deposit:qr:%'
                        then 'qr:' || coalesce(t.metadata ->> 'provider', 'unknown')
                      when t.kind = 'sandbox_credit' then 'sandbox'
                      else 'other' end
                  when t.kind = 'adjustment' and d.key like 'operator:adjustment:%' then 'deposit:adjustment'
                  when t.kind = 'adjustment' and c.key like 'operator:adjustment:%' then 'adjustmentOut'
                  when t.kind = 'post:withdrawal' and c.key like 'operator:cash_out:%' then 'withdrawal'
                  when d.key like 'operator:bonus:%' or c.key like 'operator:bonus:%' then 'bonusCost'
                  when d.key like 'operator:refund:%' or c.key like 'operator:refund:%' then 'refunds'
                  when d.key like 'operator:invite:%' or c.key like 'operator:invite:%' then 'inviteCommission'
                  when d.key like 'operator:prize:%' or c.key like 'operator:prize:%' then 'wheelPrizes'
                end as figure,
                -- Money back into an operator's reward account lowers its cost.
                case when c.key ~ '^operator:(bonus|refund|invite|prize):' then -1 else 1 end as sign
              from ledger_transfers t
              left join ops d on d.id = t.debit_account_id
              left join ops c on c.id = t.credit_account_id
              where t.created_at >= ${from.toISOString()} and t.created_at < ${to.toISOString()}
                and (d.id is not null or c.id is not null)
            )
            select ${marketDayOf(sql.raw('created_at'))} as day, currency, figure,
                   sum(sign * amount)::text as amount
            from moved where figure is not null and currency <> 'COIN'
            group by 1, 2, 3`,
      );
      return rows.map((row) => ({ ...row, amount: BigInt(row.amount) }));
    },

    /** Members active per market day and currency, and those who deposited for the first time. */
    async dayMembers(from: Date, to: Date): Promise<LedgerDayMembers[]> {
      const range = sql`t.created_at >= ${from.toISOString()} and t.created_at < ${to.toISOString()}`;
      // NOTE: a member's currency is their wallet's, looked up once per member and day by its key
      // (a scalar subquery: index probes, never a hash of every account).
      const [active, first] = await Promise.all([
        rowsOf<{ day: string; currency: string | null; n: number }>(
          db,
          sql`with seen as (
                select distinct ${marketDayOf(sql.raw('t.created_at'))} as day, t.metadata ->> 'memberId' as member
                from ledger_transfers t where ${range} and t.metadata ? 'memberId'
              )
              select day, (select w.currency from ledger_accounts w where w.key = 'wallet:' || member) as currency,
                     count(*)::int as n
              from seen group by 1, 2`,
        ),
        // A first deposit: none credited to this wallet before the day it was made began.
        rowsOf<{ day: string; currency: string; n: number }>(
          db,
          sql`select ${marketDayOf(sql.raw('t.created_at'))} as day, w.currency,
                     count(distinct t.credit_account_id)::int as n
              from ledger_transfers t join ledger_accounts w on w.id = t.credit_account_id
              where ${range} and t.metadata -> 'statement' ->> 'type' = 'deposit'
                and t.kind = any(${DEPOSIT_KINDS})
                and not exists (
                  select 1 from ledger_transfers p
                  where p.credit_account_id = t.credit_account_id
                    and p.metadata -> 'statement' ->> 'type' = 'deposit'
                    and p.created_at < (date_trunc('day', (t.created_at at time zone 'UTC') + interval '7 hours')
                                        - interval '7 hours') at time zone 'UTC')
              group by 1, 2`,
        ),
      ]);
      const rows = new Map<string, LedgerDayMembers>();
      const rowOf = (day: string, currency: string) => {
        const key = `${day} ${currency}`;
        let row = rows.get(key);
        if (!row) rows.set(key, (row = { day, currency, activeMembers: 0, firstDepositors: 0 }));
        return row;
      };
      for (const row of active)
        if (row.currency && row.currency !== 'COIN')
          rowOf(row.day, row.currency).activeMembers = Number(row.n);
      for (const row of first) rowOf(row.day, row.currency).firstDepositors = Number(row.n);
      return [...rows.values()];
    },
  };
}

export type LedgerDaily = ReturnType<typeof createLedgerDaily>;

/** Which of these deposit transfers were their wallet's first deposit ever (cost per first deposit). */
export async function firstDepositsAmong(db: Database, transferIds: number[]): Promise<Set<number>> {
  if (transferIds.length === 0) return new Set();
  const rows = await rowsOf<{ id: string }>(
    db,
    sql`select t.id::text from ledger_transfers t
        where t.id = any(${`{${transferIds.join(',')}}`}::bigint[])
          and not exists (
            select 1 from ledger_transfers p
            where p.credit_account_id = t.credit_account_id and p.kind = any(${DEPOSIT_KINDS})
              and p.metadata -> 'statement' ->> 'type' = 'deposit' and p.id < t.id)`,
  );
  return new Set(rows.map((row) => Number(row.id)));
}
